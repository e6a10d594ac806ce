/**
 * Sign-in attempts counted per account, whatever address they come from (Better Auth's own limits count per
 * address, so a botnet could otherwise try one account's password from thousands of them). After
 * FREE_FAILURES failures in a row the account waits before its next attempt is even checked: 30 seconds, then
 * twice as long after each further failure, never more than MAX_DELAY_SECONDS. So the owner is slowed down
 * with the attacker but never locked out for good, and a successful sign-in clears the count.
 *
 * An attempt is counted before its password is checked, in one statement that also decides whether it may go
 * ahead, so parallel guesses cannot all slip through before the first failure is written. Unknown addresses
 * are counted exactly like known ones (the answer must not tell them apart). Rows are keyed by a hash of the
 * address and pruned a day after their last failure.
 */
import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { signInThrottles } from '~/db/schema';
import { db } from '../db.server';

export const FREE_FAILURES = 5;
export const FIRST_DELAY_SECONDS = 30;
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failures older than this are forgotten: the next attempt starts the count again. */
const FORGET_AFTER = sql`interval '1 hour'`;
const PRUNE_CHANCE = 0.02;

export type AttemptClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** The wait that follows the row's failures (none while fewer than FREE_FAILURES). */
const delay = sql`make_interval(secs => least(
  ${FIRST_DELAY_SECONDS} * power(2, ${signInThrottles.failures} - ${FREE_FAILURES}), ${MAX_DELAY_SECONDS}))`;

/** Seconds until that wait ends, rounded up (negative once it has). */
const secondsLeft = sql`ceil(extract(epoch from (${signInThrottles.lastFailureAt} + ${delay} - now())))`;

/** One more failure on a row, counting from one again when its last failure is forgotten. */
const oneMoreFailure = {
  failures: sql`case when ${signInThrottles.lastFailureAt} < now() - ${FORGET_AFTER} then 1
    else ${signInThrottles.failures} + 1 end`,
  lastFailureAt: sql`now()`,
};

/** Before the password is checked: counts this attempt, or says how long the account must wait first. */
export async function claimSignInAttempt(email: string): Promise<AttemptClaim> {
  const key = accountKey(email);
  const claimed = await db()
    .insert(signInThrottles)
    .values({ accountKey: key, failures: 1 })
    .onConflictDoUpdate({
      target: signInThrottles.accountKey,
      set: oneMoreFailure,
      setWhere: sql`${signInThrottles.failures} < ${FREE_FAILURES}
        or ${signInThrottles.lastFailureAt} <= now() - ${delay}`,
    })
    .returning({ failures: signInThrottles.failures });
  if (Math.random() < PRUNE_CHANCE)
    await db()
      .delete(signInThrottles)
      .where(lt(signInThrottles.lastFailureAt, sql`now() - interval '1 day'`));
  if (claimed.length) return { allowed: true };
  const [row] = await db()
    .select({
      wait: sql<number>`greatest(1, ${secondsLeft})::int`,
    })
    .from(signInThrottles)
    .where(eq(signInThrottles.accountKey, key));
  return { allowed: false, retryAfterSeconds: row?.wait ?? FIRST_DELAY_SECONDS };
}

/** A successful sign-in: the account's count starts again from nothing. */
export async function clearSignInFailures(email: string): Promise<void> {
  await db()
    .delete(signInThrottles)
    .where(eq(signInThrottles.accountKey, accountKey(email)));
}

/**
 * The same count for guesses at something else a stranger could try one value after another: a promo code
 * (app/server/cart/cart-promo.server.ts), per client address. Only wrong guesses count, after the fact: a few guesses
 * racing past the check cost nothing like a password would. `scope` keeps each kind of guess apart from sign-ins.
 */
export async function guessAllowed(scope: string, subject: string): Promise<AttemptClaim> {
  const [row] = await db()
    .select({
      wait: sql<number>`case when ${signInThrottles.failures} < ${FREE_FAILURES}
        or ${signInThrottles.lastFailureAt} < now() - ${FORGET_AFTER} then 0
        else greatest(0, ${secondsLeft})::int end`,
    })
    .from(signInThrottles)
    .where(eq(signInThrottles.accountKey, accountKey(`${scope}:${subject}`)));
  return row && row.wait > 0 ? { allowed: false, retryAfterSeconds: row.wait } : { allowed: true };
}

export async function countWrongGuess(scope: string, subject: string): Promise<void> {
  await db()
    .insert(signInThrottles)
    .values({ accountKey: accountKey(`${scope}:${subject}`), failures: 1 })
    .onConflictDoUpdate({ target: signInThrottles.accountKey, set: oneMoreFailure });
}
