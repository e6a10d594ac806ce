/**
 * The admin audit log: who changed what, when, with the record before and after. Every admin write calls
 * recordAudit inside the same transaction as the change, so a change and its record land (or fail) together.
 */
import { auditLog } from '~/db/schema';
import type { Database } from '../db.server';

/** A transaction handle or the database itself. */
export type Executor = Pick<Database, 'insert'>;

export type AuditActor = { id: string; email: string };

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
};

export async function recordAudit(executor: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
