/**
 * The admin side of colours (decision 0034): the list with how many products use each, one colour, the product
 * form's choices, and the writes, each one transaction with its audit entry (colour.create / .update / .delete), then
 * contentChanged() so the stored pages painting the swatch go.
 *
 * Products, variants and order lines keep a colour by its name, so a colour a product uses keeps its name and stays:
 * its row is locked first, then its products counted, and a product save locks the rows of the colours it names
 * (lockColours), so a product taking a colour meanwhile is either counted here or finds it gone.
 * A name is unique without case: the unique index colours_name_idx decides, also between two saves racing.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { colours } from '~/db/schema';
import { COLOUR_MESSAGES, type AdminColourRow, type ColourInput } from '~/lib/catalog/admin-colours';
import { PRODUCT_COLOUR_MESSAGE } from '~/lib/catalog/admin-catalog-product';
import type { ColourSwatch } from '~/lib/catalog/colours';
import { isId } from '~/lib/ids';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { auditedWrites, DeleteRefusedError, type Tx } from '../admin/crud.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { checkedRows } from '../sql-rows.server';

const colourColumns = { id: colours.id, name: colours.name, swatch: colours.swatch };

/** The colour row's name, qualified: inside a subquery over products a bare "name" would be the product's. */
const colourName = sql`${colours}.${sql.identifier(colours.name.name)}`;

/** How many products name the colour `name` (as products keep it: exactly). */
const productsUsing = (name: string | SQL) =>
  sql<number>`(select count(*)::int from products p where ${name} = any(p.colors))`;

const listRow = z.object({ id: z.string(), name: z.string(), swatch: z.string(), productCount: z.number() });

/** Every colour in the store's order (a store has tens, not thousands: no pages). */
export async function listAdminColours(): Promise<AdminColourRow[]> {
  const rows = await db().execute(sql`
    select ${colours.id}, ${colours.name}, ${colours.swatch}, ${productsUsing(colourName)} as "productCount"
    from ${colours}
    order by ${colours.position}, lower(${colours.name}), ${colours.id}`);
  return checkedRows(listRow, rows);
}

/** The colours a product may use, in the store's order, with their swatches: the product form's choices. */
export async function colourChoices(): Promise<ColourSwatch[]> {
  return db()
    .select({ name: colours.name, swatch: colours.swatch })
    .from(colours)
    .orderBy(asc(colours.position), sql`lower(${colours.name})`, asc(colours.id));
}

/** One colour, with how many products use it (the edit page says its name then stays). */
export async function getColour(id: string): Promise<AdminColourRow | null> {
  if (!isId(id)) return null;
  const [row] = await db()
    .select({ ...colourColumns, productCount: productsUsing(colourName) })
    .from(colours)
    .where(eq(colours.id, id));
  return row ?? null;
}

/**
 * Of `names`, those the table does not have (exactly: products keep the table's spelling). Inside a product save's
 * transaction (`tx`) the found rows are locked against a rename or delete until it commits.
 */
export async function missingColours(names: readonly string[], tx?: Tx): Promise<string[]> {
  if (!names.length) return [];
  const list = sql`array[${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )}]::text[]`;
  const query = (tx ?? db())
    .select({ name: colours.name })
    .from(colours)
    .where(sql`${colours.name} = any(${list})`);
  const found = tx ? await query.for('share') : await query;
  return names.filter((name) => !found.some((row) => row.name === name));
}

/** A colour a product save names was renamed or deleted meanwhile: nothing is saved. */
export class ColourGoneError extends Error {}

/**
 * In a product save's transaction: holds the rows of the colours it names until it commits, so none is renamed or
 * deleted under it; throws ColourGoneError when one is no longer there.
 */
export async function lockColours(tx: Tx, names: readonly string[]): Promise<void> {
  if ((await missingColours(names, tx)).length) throw new ColourGoneError(PRODUCT_COLOUR_MESSAGE);
}

/** Another colour has the same name, ignoring case: nothing is saved. */
export class ColourNameTakenError extends Error {}

/** The colour's name would change while products use it (decision 0034): nothing is saved. */
export class ColourInUseError extends Error {}

function isNameTaken(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, constraint_name } = cause as { code?: unknown; constraint_name?: unknown };
    if (code === '23505' && constraint_name === 'colours_name_idx') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

const nameChecked = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isNameTaken(error)) throw new ColourNameTakenError('colour name taken', { cause: error });
    throw error;
  }
};

/** Runs in the delete's transaction after the row is locked: a colour a product uses stays. */
async function refuseWhenUsed(tx: Tx, id: string): Promise<Record<string, unknown>> {
  const [row] = await tx
    .select({ name: colours.name, count: productsUsing(colourName) })
    .from(colours)
    .where(eq(colours.id, id));
  if (row && row.count > 0) throw new DeleteRefusedError(COLOUR_MESSAGES.deleteInUse(row.name, row.count));
  return {};
}

const writes = auditedWrites({
  table: colours,
  entity: 'colour',
  columns: (input: ColourInput) => input,
  deleteDetails: refuseWhenUsed,
  afterCommit: contentChanged,
});

/** Throws ColourNameTakenError when another colour has the name, ignoring case. */
export const createColour = (actor: AuditActor, input: ColourInput) => nameChecked(() => writes.create(actor, input));

/**
 * False when there is no such colour. Throws ColourInUseError when the name would change (even only its case) while
 * a product uses it, ColourNameTakenError when another colour has the new name. The swatch always changes.
 */
export async function updateColour(actor: AuditActor, id: string, input: ColourInput): Promise<boolean> {
  if (!isId(id)) return false;
  const found = await nameChecked(() =>
    db().transaction(async (tx) => {
      const [before] = await tx.select(colourColumns).from(colours).where(eq(colours.id, id)).for('update');
      if (!before) return false;
      if (before.name !== input.name) {
        const [{ count }] = await tx
          .select({ count: productsUsing(before.name) })
          .from(colours)
          .where(eq(colours.id, id));
        if (count > 0) throw new ColourInUseError(COLOUR_MESSAGES.renameInUse(count));
      }
      await tx.update(colours).set(input).where(eq(colours.id, id));
      const after = { ...before, ...input };
      await recordAudit(tx, actor, { action: 'colour.update', entityType: 'colour', entityId: id, before, after });
      return true;
    }),
  );
  if (found) contentChanged();
  return found;
}

/** False when there is no such colour; refused (DeleteRefusedError, with the words) while a product uses it. */
export const deleteColour = writes.remove;
