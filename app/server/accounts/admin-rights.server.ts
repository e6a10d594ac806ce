/**
 * Who has admin rights (docs/requirements.md#11-accounts-and-roles, decision 0026): the account that accepted an
 * invitation for a listed address, recorded as `admins.user_id` with `accepted_at`. Listing an address, registering
 * it or confirming it grants nothing: only the invitation mailed to the address, opened and answered with a new
 * password, does (admin-invitations.server.ts). The sessions' is_admin flag (what the header's Admin Panel link reads)
 * follows the same rule; the guard (adminGuard in guards.server.ts) reads the rights fresh on every admin request.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { admins, sessions, users } from '~/db/schema';
import { db, type Database } from '../db.server';
import { checkedRows } from '../sql-rows.server';

type Executor = Pick<Database, 'execute'>;

/** The one definition of the rights, for a user id column or value. */
const rightsOf = (userId: unknown) =>
  sql`exists (select 1 from ${admins} a where a.user_id = ${userId} and a.accepted_at is not null)`;

const rightsRow = z.object({ rights: z.boolean() });

export async function hasAdminRights(userId: string, executor: Executor = db()): Promise<boolean> {
  const rows = await executor.execute(sql`select ${rightsOf(userId)} as rights`);
  return checkedRows(rightsRow, rows)[0]?.rights === true;
}

/**
 * Sets the Admin Panel flag of every session of the accounts concerned by an admin address (the account that
 * accepted it, and any account registered with it) to their rights now.
 */
export async function syncAdminFlagByEmail(executor: Executor, email: string): Promise<void> {
  await executor.execute(sql`
    update ${sessions} s set is_admin = ${rightsOf(sql`s.user_id`)}
    where s.user_id in (select id from ${users} where email = ${email}
      union select user_id from ${admins} where email = ${email} and user_id is not null)`);
}

export async function syncAdminFlagByUser(executor: Executor, userId: string): Promise<void> {
  await executor.execute(
    sql`update ${sessions} s set is_admin = ${rightsOf(sql`s.user_id`)} where s.user_id = ${userId}`,
  );
}

/**
 * The trusted path, for the demo seed and tests only (scripts/demo-accounts.ts, tests/factories.ts): lists the
 * account's address as an accepted admin at once, without an invitation. Never reachable from a request.
 */
export async function grantAcceptedAdmin(executor: Executor, userId: string): Promise<void> {
  await executor.execute(sql`
    insert into ${admins} (email, user_id, accepted_at)
    select lower(email), id, now() from ${users} where id = ${userId}
    on conflict (email) do update set user_id = excluded.user_id, accepted_at = excluded.accepted_at`);
  await syncAdminFlagByUser(executor, userId);
}
