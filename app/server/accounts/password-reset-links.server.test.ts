/**
 * Password reset links: a completed reset voids every other outstanding link of the account.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, verifications } from '~/db/schema';
import { MESSAGES } from '~/lib/accounts/account-forms';
import { registerAccount, requestPasswordReset, resetPassword, signIn } from './accounts.server';
import { backgroundTasksSettled } from './auth.server';
import { db } from '../db.server';
import { newIp, person, post, withOutbox } from './accounts-test-helpers';

describe('password reset links', () => {
  withOutbox();

  it('a completed reset voids every other outstanding reset link of the account', async () => {
    const input = person();
    await registerAccount(post(newIp()), input);
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    for (let i = 0; i < 3; i++) await requestPasswordReset(post(newIp()), input.email);
    await backgroundTasksSettled();
    const rows = await db().select().from(verifications).where(eq(verifications.value, user.id));
    const tokens = rows.map((row) => row.identifier.replace('reset-password:', ''));
    expect(tokens).toHaveLength(3);
    expect((await resetPassword(post(newIp()), { token: tokens[1], password: 'brand-new-pass' })).ok).toBe(true);
    for (const token of [tokens[0], tokens[2]]) {
      expect(await resetPassword(post(newIp()), { token, password: 'attacker-chosen-words' })).toMatchObject({
        ok: false,
        message: MESSAGES.resetInvalid,
      });
    }
    expect(await db().select().from(verifications).where(eq(verifications.value, user.id))).toEqual([]);
    expect((await signIn(post(newIp()), { email: input.email, password: 'brand-new-pass' })).ok).toBe(true);
  });
});
