/**
 * The admins list (docs/requirements.md#11-accounts-and-roles, decision 0026: admin by invitation only): list, add
 * (which invites), resend an invitation, remove; each change audit-logged in its transaction. Adding an address gives
 * nothing by itself: the rights start when its invitation is accepted (accounts/admin-invitations.server.ts). The last
 * admin cannot be removed: every admin row is locked before counting, so two admins removing each other at the same
 * moment cannot leave the store with none.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminInvitations, admins, users } from '~/db/schema';
import type { AdminEntry } from '~/lib/admin/admin-types';
import { createInvitation, listAddress, type Invitation, type Tx } from './admin-invitations.server';
import { syncAdminFlagByEmail, syncAdminFlagByUser } from './admin-rights.server';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { normalizeEmail } from './auth.server';
import { db } from '../db.server';
import { checkedRows } from '../sql-rows.server';

const entryRow = z.object({
  email: z.string(),
  createdAt: z.coerce.date(),
  accepted: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  expiresAt: z.coerce.date().nullable(),
  live: z.boolean().nullable(),
});

export async function listAdmins(): Promise<AdminEntry[]> {
  const rows = await db().execute(sql`
    select a.email, a.created_at as "createdAt", a.accepted_at is not null as accepted,
      u.first_name as "firstName", u.last_name as "lastName", i.expires_at as "expiresAt",
      (i.used_at is null and i.expires_at > now()) as live
    from ${admins} a
    left join ${users} u on u.id = a.user_id and a.accepted_at is not null
    left join lateral (select expires_at, used_at from ${adminInvitations} where email = a.email
      order by created_at desc, id desc limit 1) i on true
    order by a.created_at, a.email`);
  return checkedRows(entryRow, rows).map((row) => ({
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    state: row.accepted ? 'accepted' : row.live ? 'invited' : 'expired',
    name: row.accepted ? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || null : null,
    expiresAt: !row.accepted && row.expiresAt ? row.expiresAt.toISOString() : null,
  }));
}

/** A fresh invitation for the listed address, audit-logged as `action` in the caller's transaction. */
async function inviteAudited(tx: Tx, actor: AuditActor, email: string, action: 'admin.add' | 'admin.invite') {
  const invitation = await createInvitation(tx, email, actor.email);
  await recordAudit(tx, actor, {
    action,
    entityType: 'admin',
    entityId: email,
    before: null,
    after: { email, invitedUntil: invitation.expiresAt.toISOString() },
  });
  return invitation;
}

export type AddResult = { kind: 'added'; email: string; invitation: Invitation } | { kind: 'already'; email: string };

/**
 * Lists an address and invites it (the person need not have an account; one registered with it gets no rights).
 * The caller mails the invitation once this has committed.
 */
export async function addAdmin(actor: AuditActor, email: string): Promise<AddResult> {
  const normalized = normalizeEmail(email);
  return db().transaction(async (tx) => {
    if (!(await listAddress(tx, normalized))) return { kind: 'already', email: normalized } as const;
    const invitation = await inviteAudited(tx, actor, normalized, 'admin.add');
    return { kind: 'added', email: normalized, invitation } as const;
  });
}

export type ResendResult =
  { kind: 'resent'; email: string; invitation: Invitation } | { kind: 'not-found' } | { kind: 'accepted' };

/** A new invitation for a listed address not yet accepted; its older links stop working. */
export async function resendInvitation(actor: AuditActor, email: string): Promise<ResendResult> {
  const normalized = normalizeEmail(email);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ acceptedAt: admins.acceptedAt })
      .from(admins)
      .where(eq(admins.email, normalized))
      .for('update');
    if (!row) return { kind: 'not-found' } as const;
    if (row.acceptedAt) return { kind: 'accepted' } as const;
    const invitation = await inviteAudited(tx, actor, normalized, 'admin.invite');
    return { kind: 'resent', email: normalized, invitation } as const;
  });
}

export type RemoveResult = { kind: 'removed'; email: string } | { kind: 'not-found' } | { kind: 'last-admin' };

/**
 * Removes the address, its invitations and its rights at once (the Admin Panel flag of that account's sessions is
 * cleared in the same transaction). Only accepted admins count as the last one.
 */
export async function removeAdmin(actor: AuditActor, email: string): Promise<RemoveResult> {
  const normalized = normalizeEmail(email);
  return db().transaction(async (tx) => {
    const all = await tx
      .select({
        email: admins.email,
        createdAt: admins.createdAt,
        userId: admins.userId,
        acceptedAt: admins.acceptedAt,
      })
      .from(admins)
      .orderBy(asc(admins.id))
      .for('update');
    const target = all.find((row) => row.email === normalized);
    if (!target) return { kind: 'not-found' } as const;
    const accepted = all.filter((row) => row.acceptedAt);
    if (target.acceptedAt && accepted.length <= 1) return { kind: 'last-admin' } as const;
    await tx.delete(admins).where(eq(admins.email, normalized));
    await tx.delete(adminInvitations).where(eq(adminInvitations.email, normalized));
    await syncAdminFlagByEmail(tx, normalized);
    if (target.userId) await syncAdminFlagByUser(tx, target.userId);
    await recordAudit(tx, actor, {
      action: 'admin.remove',
      entityType: 'admin',
      entityId: normalized,
      before: { email: normalized, createdAt: target.createdAt.toISOString(), accepted: Boolean(target.acceptedAt) },
      after: null,
    });
    return { kind: 'removed', email: normalized } as const;
  });
}
