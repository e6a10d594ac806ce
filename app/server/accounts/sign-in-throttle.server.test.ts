/**
 * Sign-in throttling per account (sign-in-throttle.server.ts): guesses from many IPs are slowed and logged, a
 * burst counted one by one, the owner never locked out for good, and another account not slowed.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { signInThrottles } from '~/db/schema';
import { MESSAGES } from '~/lib/accounts/account-forms';
import { registerAccount, signIn } from './accounts.server';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { accountKey, MAX_DELAY_SECONDS } from './sign-in-throttle.server';
import { newIp, person, post, withOutbox } from './accounts-test-helpers';

describe('sign-in throttling per account', () => {
  withOutbox();

  const key = (email: string) => accountKey(email);
  /** Moves the account's last failure into the past, as the clock would. */
  const age = async (email: string, seconds: number) =>
    db()
      .update(signInThrottles)
      .set({ lastFailureAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(signInThrottles.accountKey, key(email)));

  it('slows guesses at one account from many IPs, logs each refusal, never locks the owner out for good', async () => {
    const input = person();
    await registerAccount(post(newIp()), input);
    const warn = vi.spyOn(logger, 'warn');
    for (let i = 0; i < 5; i++)
      expect(await signIn(post(newIp()), { email: input.email, password: `wrong-guess-${i}` })).toMatchObject({
        status: 401,
      });

    // Sixth try, from yet another address and with the right password: refused until the wait is over.
    const ip = newIp();
    const refused = await signIn(post(ip), { email: input.email, password: input.password });
    expect(refused).toMatchObject({
      ok: false,
      status: 429,
      message: MESSAGES.accountThrottled(1),
      code: 'ACCOUNT_THROTTLED',
    });
    expect(refused.ok || refused.retryAfterSeconds).toBeGreaterThan(25);
    expect(refused.ok || refused.retryAfterSeconds).toBeLessThanOrEqual(30);
    const logged = warn.mock.calls.find(
      ([, message]) => message === 'sign-in refused: too many failures for this account',
    );
    expect(logged?.[0]).toMatchObject({ email: input.email, ip });
    expect(JSON.stringify(warn.mock.calls)).not.toContain(input.password);
    warn.mockRestore();

    // The wait grows after each further failure (30 s, 60 s, …) but is capped.
    await age(input.email, 31);
    expect(await signIn(post(newIp()), { email: input.email, password: 'wrong-again' })).toMatchObject({ status: 401 });
    const longer = await signIn(post(newIp()), { email: input.email, password: input.password });
    expect(longer.ok || longer.retryAfterSeconds).toBeGreaterThan(55);
    await db()
      .update(signInThrottles)
      .set({ failures: 60 })
      .where(eq(signInThrottles.accountKey, key(input.email)));
    const capped = await signIn(post(newIp()), { email: input.email, password: input.password });
    expect(capped.ok || capped.retryAfterSeconds).toBeLessThanOrEqual(MAX_DELAY_SECONDS);

    // Once the wait is over the owner signs in, and the count starts again from nothing.
    await age(input.email, MAX_DELAY_SECONDS + 1);
    expect((await signIn(post(newIp()), { email: input.email, password: input.password })).ok).toBe(true);
    expect(
      await db()
        .select()
        .from(signInThrottles)
        .where(eq(signInThrottles.accountKey, key(input.email))),
    ).toEqual([]);
  });

  it('counts parallel guesses one by one, so a burst cannot slip past the limit', async () => {
    const input = person();
    await registerAccount(post(newIp()), input);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(post(newIp()), { email: input.email, password: `burst-${i}` })),
    );
    expect(results.filter((r) => !r.ok && r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(7);
  });

  it('another account is not slowed by the first one', async () => {
    const first = person();
    const second = person();
    await registerAccount(post(newIp()), first);
    await registerAccount(post(newIp()), second);
    for (let i = 0; i < 6; i++) await signIn(post(newIp()), { email: first.email, password: 'wrong-guess' });
    expect((await signIn(post(newIp()), { email: second.email, password: second.password })).ok).toBe(true);
  });
});
