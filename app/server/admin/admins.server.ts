/**
 * The admins list (docs/requirements.md#11-accounts-and-roles: an admin is a user whose email is in `admins`): list,
 * add, remove, each change audit-logged in its transaction. The last admin cannot be removed: every admin row is locked
 * before counting, so two admins removing each other at the same moment cannot leave the store with none.
 */
import { asc, eq } from 'drizzle-orm';
import { admins, users } from '~/db/schema';
import type { AdminEntry } from '~/lib/admin-types';
import { syncAdminFlagByEmail } from '../accounts/admin-rights.server';
import { recordAudit, type AuditActor } from '../audit.server';
import { normalizeEmail } from '../accounts/auth.server';
import { db, type Database } from '../db.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function listAdmins(): Promise<AdminEntry[]> {
  const rows = await db()
    .select({
      email: admins.email,
      createdAt: admins.createdAt,
      userId: users.id,
      verified: users.emailVerified,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(admins)
    .leftJoin(users, eq(users.email, admins.email))
    .orderBy(asc(admins.createdAt), asc(admins.email));
  return rows.map((row) => ({
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    hasAccount: row.userId !== null,
    emailVerified: row.verified === true,
    name: row.userId ? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || null : null,
  }));
}

/**
 * The Admin Panel link follows at once: the session flag the header reads is set (for a verified address) or
 * cleared with the row.
 */
const markSessions = (tx: Tx, email: string) => syncAdminFlagByEmail(tx, email);

export type AddResult = { kind: 'added' | 'already'; email: string };

/**
 * Adds an address (the person need not have an account yet). The same two writes as auth.server's grantAdmin,
 * done here inside the transaction that also writes the audit row.
 */
export async function addAdmin(actor: AuditActor, email: string): Promise<AddResult> {
  const normalized = normalizeEmail(email);
  return db().transaction(async (tx) => {
    const inserted = await tx
      .insert(admins)
      .values({ email: normalized })
      .onConflictDoNothing()
      .returning({ id: admins.id });
    if (!inserted.length) return { kind: 'already', email: normalized } as const;
    await markSessions(tx, normalized);
    await recordAudit(tx, actor, {
      action: 'admin.add',
      entityType: 'admin',
      entityId: normalized,
      before: null,
      after: { email: normalized },
    });
    return { kind: 'added', email: normalized } as const;
  });
}

export type RemoveResult = { kind: 'removed'; email: string } | { kind: 'not-found' } | { kind: 'last-admin' };

export async function removeAdmin(actor: AuditActor, email: string): Promise<RemoveResult> {
  const normalized = normalizeEmail(email);
  return db().transaction(async (tx) => {
    const all = await tx
      .select({ email: admins.email, createdAt: admins.createdAt })
      .from(admins)
      .orderBy(asc(admins.id))
      .for('update');
    const target = all.find((row) => row.email === normalized);
    if (!target) return { kind: 'not-found' } as const;
    if (all.length <= 1) return { kind: 'last-admin' } as const;
    await tx.delete(admins).where(eq(admins.email, normalized));
    await markSessions(tx, normalized);
    await recordAudit(tx, actor, {
      action: 'admin.remove',
      entityType: 'admin',
      entityId: normalized,
      before: { email: normalized, createdAt: target.createdAt.toISOString() },
      after: null,
    });
    return { kind: 'removed', email: normalized } as const;
  });
}
