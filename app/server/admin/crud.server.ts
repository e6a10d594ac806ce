/**
 * The admin CRUD pattern, server part: audit-logged writes over a drizzle table, and what the routes of a
 * screen (list, new, edit) answer: Conform's reply to the form (decision 0019), or a redirect. The admin guard is the
 * admin layout's middleware and the origin check the root's, so they have run before any of this; the words, URLs
 * and audit names come from the screen's CrudScreen (~/lib/admin-crud).
 *
 * A new admin screen (promo codes, say) uses it like this:
 * - promo-codes.server.ts: `const writes = auditedWrites({ table: promoCodes, entity: 'promoCode', columns })`
 *   and `export const createPromoCode = writes.create` (`update`, `remove` likewise): each runs in one
 *   transaction with its audit row (`promoCode.create`, before and after); `afterCommit: contentChanged` when
 *   the storefront shows the records. Its list query uses `containsPattern` for a name search, and
 *   `pageOffset` and `listPage` (~/lib/admin-crud) for the page.
 * - promo-form.server.ts: `readPostedSubmission(request, limit, promoSchema)` (null: too large) gives the form and
 *   Conform's submission of it; a post that is not valid is answered `{ kind: 'form', status: 400, answer: { result:
 *   submission.reply({ formErrors: [PROMO_SCREEN.messages.saveError] }) } }`, a valid one `saveRecord(...)`, which
 *   logs a failure and answers a FormOutcome.
 * - routes/admin/promo-codes.tsx (the list): loader `deleteState(params, getPromoCodeName)`; action
 *   `return deleteFromList(request, admin, PROMO_SCREEN, removePromoCode)` (pass `backSearch` to return to
 *   a filtered list). promo-code-new.tsx / promo-code-edit.tsx: action `return formResponse(outcome, PROMO_SCREEN)`,
 *   edit loader `foundOr404(await getPromoCode(params.id), PROMO_SCREEN)`.
 */
import type { SubmissionResult } from '@conform-to/react';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { crudText, deleteSchema, listUrlWith, type CrudScreen } from '~/lib/admin/admin-crud';
import { formErrorResult, UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { isId } from '~/lib/ids';
import { recordAudit, type AuditActor } from './audit.server';
import { db, type Database } from '../db.server';
import { parseSubmission, refused, type FormAnswer } from '../http/form-submission.server';
import { logger } from '../logger.server';
import { BodyTooLargeError, readFormDataWithin, SMALL_POST_LIMIT } from '../catalog/admin-upload-files.server';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Snapshot = Record<string, unknown>;
type TableWithId = PgTable & { id: PgColumn };

// ----- Writes -----

export type AuditedWritesConfig<T extends TableWithId, Input> = {
  table: T;
  /** The audit log's entity type; the actions are `{entity}.create`, `.update` and `.delete`. */
  entity: string;
  /** The row's columns from the validated input. */
  columns: (input: Input) => PgInsertValue<T>;
  /** The record as the audit log keeps it; by default the row itself (dates as ISO text). */
  snapshot?: (tx: Tx, id: string) => Promise<Snapshot | null>;
  /** Runs after the row is inserted or updated, in the same transaction: rows that hang off it (images...). */
  writeChildren?: (tx: Tx, id: string, input: Input) => Promise<void>;
  /** Read before a delete and added to the audit entry's `before`: what the delete takes along or unlinks. */
  deleteDetails?: (tx: Tx, id: string) => Promise<Snapshot>;
  /** After a commit that changed something (e.g. contentChanged() when the storefront shows the records). */
  afterCommit?: () => void;
};

/**
 * create / update / remove for one table, each one transaction holding the write and its audit entry (the
 * record before and after), so a failure leaves nothing half-saved. update and remove lock the row first and
 * answer false when there is no such record.
 */
export function auditedWrites<T extends TableWithId, Input>(config: AuditedWritesConfig<T, Input>) {
  const { table, entity, columns, writeChildren, deleteDetails, afterCommit } = config;
  const snapshot =
    config.snapshot ??
    (async (tx: Tx, id: string) => {
      const [row] = (await tx
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id))) as Snapshot[];
      if (!row) return null;
      return Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
      );
    });
  const lock = async (tx: Tx, id: string) =>
    (
      await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for('update')
    ).length > 0;
  const audit = (tx: Tx, actor: AuditActor, action: string, id: string, before: unknown, after: unknown) =>
    recordAudit(tx, actor, { action: `${entity}.${action}`, entityType: entity, entityId: id, before, after });

  async function create(actor: AuditActor, input: Input): Promise<string> {
    const id = await db().transaction(async (tx) => {
      const [row] = (await tx.insert(table).values(columns(input)).returning({ id: table.id })) as { id: string }[];
      await writeChildren?.(tx, row.id, input);
      await audit(tx, actor, 'create', row.id, null, await snapshot(tx, row.id));
      return row.id;
    });
    afterCommit?.();
    return id;
  }

  async function update(actor: AuditActor, id: string, input: Input): Promise<boolean> {
    if (!isId(id)) return false;
    const found = await db().transaction(async (tx) => {
      if (!(await lock(tx, id))) return false;
      const before = await snapshot(tx, id);
      await tx
        .update(table)
        .set(columns(input) as PgUpdateSetSource<T>)
        .where(eq(table.id, id));
      await writeChildren?.(tx, id, input);
      await audit(tx, actor, 'update', id, before, await snapshot(tx, id));
      return true;
    });
    if (found) afterCommit?.();
    return found;
  }

  async function remove(actor: AuditActor, id: string): Promise<boolean> {
    if (!isId(id)) return false;
    const found = await db().transaction(async (tx) => {
      if (!(await lock(tx, id))) return false;
      const before = await snapshot(tx, id);
      const details = deleteDetails ? await deleteDetails(tx, id) : null;
      await tx.delete(table).where(eq(table.id, id));
      await audit(tx, actor, 'delete', id, details ? { ...before, ...details } : before, null);
      return true;
    });
    if (found) afterCommit?.();
    return found;
  }

  return { create, update, remove };
}

/** An `ilike` pattern for "contains": the text with LIKE's wildcards escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

// ----- The list route -----

/**
 * Thrown by a screen's remove to refuse the delete with words for the admin (a record still in use, say): the list
 * shows its message, 409. Thrown inside remove's transaction, after the row is locked, it leaves nothing deleted.
 */
export class DeleteRefusedError extends Error {}

/** The list's delete notices: the record named by `?confirm={id}` (the no-JavaScript question), `?deleted=1`. */
export async function deleteState(
  params: URLSearchParams,
  nameOf: (id: string) => Promise<string | null> | string | null,
): Promise<{ confirm: { id: string; name: string } | null; deleted: boolean }> {
  const id = params.get('confirm') ?? '';
  const name = isId(id) ? await nameOf(id) : null;
  return { confirm: name ? { id, name } : null, deleted: params.get('deleted') === '1' };
}

/** The form posted, read within `limit` bytes; null when the body is larger (it is not read). */
export async function readPostedForm(request: Request, limit: number): Promise<FormData | null> {
  try {
    return await readFormDataWithin(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
}

/**
 * The form posted, read within `limit` bytes, and Conform's submission of it parsed with the form's schema (as
 * readSubmission does for a form of any size); null when the body is larger (it is not read).
 */
export async function readPostedSubmission<Schema extends z.ZodType>(request: Request, limit: number, schema: Schema) {
  const form = await readPostedForm(request, limit);
  return form && { form, submission: parseSubmission(form, schema) };
}

/**
 * The form as posted and no verdict on it: the answer to a post that was not a save (an upload, an image moved, the
 * stock grid redrawn), which must not mark fields the admin has not finished yet.
 */
export const postedAsTyped = (form: FormData) => parseSubmission(form, z.unknown()).reply();

/**
 * The list's action: a delete, confirmed first (docs/requirements.md#13-forms-and-validation). Unconfirmed (no
 * JavaScript), it sends the list back with `?confirm={id}`; confirmed, it deletes and sends the list back with
 * `?deleted=1`; both keep the list the admin was on, rebuilt from the posted `back` by `backSearch` (known keys only;
 * none by default). Otherwise it answers the screen's delete error: 400 for a post that is not a delete, 404 for no
 * such record.
 */
export async function deleteFromList(
  request: Request,
  actor: AuditActor,
  screen: CrudScreen,
  remove: (actor: AuditActor, id: string) => Promise<boolean>,
  backSearch: (back: string) => string = () => '',
) {
  const { deleteError } = screen.messages;
  const posted = await readPostedSubmission(request, SMALL_POST_LIMIT, deleteSchema);
  if (!posted) return refused(formErrorResult(deleteError), 413);
  const { submission } = posted;
  if (submission.status !== 'success') {
    const notDelete = Boolean(submission.error?.intent);
    return refused(submission.reply({ formErrors: [notDelete ? UNKNOWN_ACTION : deleteError] }), notDelete ? 400 : 404);
  }
  const { id, confirmed, back } = submission.value;
  const search = backSearch(back);
  if (!confirmed) return redirect(listUrlWith(screen.path, search, `confirm=${id}`));
  const failed = (status: number) => refused(submission.reply({ formErrors: [deleteError] }), status);
  try {
    if (!(await remove(actor, id))) return failed(404);
  } catch (error) {
    if (error instanceof DeleteRefusedError) return refused(submission.reply({ formErrors: [error.message] }), 409);
    logger.error({ err: error, [`${screen.entity}Id`]: id }, `deleting a ${screen.one} failed`);
    return failed(500);
  }
  return redirect(listUrlWith(screen.path, search, 'deleted=1'));
}

// ----- The new and edit routes -----

/**
 * What one post of a record's form came to; a route answers it with formResponse. A form that comes back carries
 * Conform's reply (`result`) and whatever else the form shows beside its fields (`Extra`: its images, say).
 */
export type FormOutcome<Extra extends object = object> =
  | { kind: 'saved'; id: string }
  | { kind: 'form'; status: number; answer: FormAnswer<Extra> }
  | { kind: 'not-found' }
  | { kind: 'bad-intent' };

/** The form back with `status` and Conform's reply, for a form that shows nothing beside its fields. */
export const formBack = (status: number, result: SubmissionResult<string[]>): FormOutcome => ({
  kind: 'form',
  status,
  answer: { result },
});

/**
 * Creates the record (no `existing`) or updates it. A failure the screen expects (a name another record has, say) is
 * answered by `refused(error)`; any other is logged and answered with `failed()`.
 */
export async function saveRecord<Extra extends object>(
  screen: CrudScreen,
  existing: { id: string } | null,
  write: { create: () => Promise<string>; update: (id: string) => Promise<boolean> },
  failed: () => FormOutcome<Extra>,
  refused: (error: unknown) => FormOutcome<Extra> | null = () => null,
): Promise<FormOutcome<Extra>> {
  try {
    if (!existing) return { kind: 'saved', id: await write.create() };
    return (await write.update(existing.id)) ? { kind: 'saved', id: existing.id } : { kind: 'not-found' };
  } catch (error) {
    const answer = refused(error);
    if (answer) return answer;
    logger.error({ err: error, [`${screen.entity}Id`]: existing?.id }, `saving a ${screen.one} failed`);
    return failed();
  }
}

/** A saved record goes on to its edit page (`?saved=1`); a form comes back with its status; else 404 / 400. */
export function formResponse<Extra extends object>(outcome: FormOutcome<Extra>, screen: CrudScreen) {
  if (outcome.kind === 'saved') return redirect(`${crudText(screen).editPath(outcome.id)}?saved=1`);
  if (outcome.kind === 'form') return data(outcome.answer, { status: outcome.status });
  throw data(UNKNOWN_ACTION, { status: outcome.kind === 'not-found' ? 404 : 400 });
}

/** The record an edit page shows, or a 404 ("Product not found.") for the page's error boundary. */
export function foundOr404<T>(record: T | null, screen: CrudScreen): T {
  if (record === null) throw data(crudText(screen).notFound, { status: 404 });
  return record;
}
