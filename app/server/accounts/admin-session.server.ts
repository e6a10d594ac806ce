/**
 * Time rules of an admin's session (OWASP ASVS level 2): it ends after ADMIN_IDLE_MINUTES without an admin
 * request, and changing who is an admin or refunding a payment needs a sign-in within RECENT_SIGN_IN_MINUTES.
 * Activity is recorded only by admin requests, and at most once a minute per session, so storefront pages never pay a
 * statement for it.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { sessions } from '~/db/schema';
import { db } from '../db.server';

export const ADMIN_IDLE_MINUTES = 120;
export const RECENT_SIGN_IN_MINUTES = 15;
/** How stale last_seen_at may get before an admin request writes it again. */
const LAST_SEEN_EVERY_MS = 60_000;

/** When the session started and when it last made an admin request, as read with the session itself. */
export type SessionTimes = { id: string; signedInAt: Date; lastSeenAt: Date };

const minutes = (n: number) => n * 60_000;

export function adminSessionIdle(times: SessionTimes, now = Date.now()): boolean {
  return now - times.lastSeenAt.getTime() > minutes(ADMIN_IDLE_MINUTES);
}

export function signedInRecently(signedInAt: Date, now = Date.now()): boolean {
  return now - signedInAt.getTime() <= minutes(RECENT_SIGN_IN_MINUTES);
}

/**
 * Records an admin request. Skipped while the last record is under a minute old; the condition is repeated in
 * the statement, so the parallel loaders of one page write at most once between them.
 */
export async function recordAdminActivity(times: SessionTimes, now = Date.now()): Promise<void> {
  if (now - times.lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  await db()
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, times.id), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
}

/** Ends one session (the idle timeout, or a stale sign-in before a sensitive change). */
export async function deleteSession(id: string): Promise<void> {
  await db().delete(sessions).where(eq(sessions.id, id));
}
