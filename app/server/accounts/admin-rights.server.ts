/**
 * Who has admin rights: a user whose email is listed in `admins` (docs/requirements.md#11-accounts-and-roles) AND
 * verified. Listing an address proves nothing about who registered it first, so an unverified account never gets the
 * rights, whatever `admins` says. The sessions' is_admin flag (what the header's Admin Panel link reads) follows the
 * same rule; the guard (adminGuard in guards.server.ts) reads the rights fresh on every admin request.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { admins, sessions, users } from '~/db/schema';
import { db, type Database } from '../db.server';
import { checkedRows } from '../sql-rows.server';

type Executor = Pick<Database, 'execute'>;

const standingRow = z.object({ listed: z.boolean(), verified: z.boolean() });

/** In one statement: whether the account's address is listed, and whether it is verified. */
export async function adminStanding(userId: string): Promise<{ listed: boolean; verified: boolean }> {
  const rows = await db().execute(sql`
    select exists (select 1 from ${admins} a where a.email = u.email) as listed, u.email_verified as verified
    from ${users} u where u.id = ${userId}`);
  const [row] = checkedRows(standingRow, rows);
  return { listed: row?.listed === true, verified: row?.verified === true };
}

export async function hasAdminRights(userId: string): Promise<boolean> {
  const { listed, verified } = await adminStanding(userId);
  return listed && verified;
}

/** Sets the Admin Panel flag of every session of the account with this email (if any) to its rights now. */
export async function syncAdminFlagByEmail(executor: Executor, email: string): Promise<void> {
  await executor.execute(sql`
    update ${sessions} s set is_admin = u.email_verified and exists (select 1 from ${admins} a where a.email = u.email)
    from ${users} u where u.id = s.user_id and u.email = ${email}`);
}

export async function syncAdminFlagByUser(executor: Executor, userId: string): Promise<void> {
  await executor.execute(sql`
    update ${sessions} s set is_admin = u.email_verified and exists (select 1 from ${admins} a where a.email = u.email)
    from ${users} u where u.id = s.user_id and u.id = ${userId}`);
}

/** What an admin address stands for today: an account that has the rights, one that must verify first, or none yet. */
export type AdminAccountState = 'verified' | 'unverified' | 'no-account';

const verifiedRow = z.object({ verified: z.boolean() });

export async function adminAccountState(executor: Executor, email: string): Promise<AdminAccountState> {
  const rows = await executor.execute(sql`select email_verified as verified from ${users} where email = ${email}`);
  const [row] = checkedRows(verifiedRow, rows);
  if (!row) return 'no-account';
  return row.verified ? 'verified' : 'unverified';
}
