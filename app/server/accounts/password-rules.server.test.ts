/**
 * The password rules: short and guessable passwords refused at sign-up, reset and change, saying why; an account
 * made under the old 6-character rule keeps signing in.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, users } from '~/db/schema';
import { changePassword, registerAccount, requestPasswordReset, resetPassword, signIn } from './accounts.server';
import { auth, backgroundTasksSettled } from './auth.server';
import { db } from '../db.server';
import { userOf } from '../../../tests/route-helpers';
import {
  cookieHeader,
  newestResetToken,
  newIp,
  person,
  post,
  registerAndSignIn,
  withOutbox,
} from './accounts-test-helpers';

describe('password rules', () => {
  withOutbox();

  const GUESSABLE = /^This password is too easy to guess\. /;

  it('refuses short and guessable passwords at sign-up, saying why, and creates nothing', async () => {
    const input = person();
    const short = await registerAccount(post(newIp()), { ...input, password: 'kite-42' });
    expect(short).toMatchObject({ ok: false, status: 400, message: 'Password must be at least 8 characters long' });
    const common = await registerAccount(post(newIp()), { ...input, password: 'password123' });
    expect(common).toMatchObject({ ok: false, status: 400, field: 'password' });
    expect(common.ok || common.message).toMatch(GUESSABLE);
    expect(common.ok || common.message).toContain('This is a commonly used password.');
    // The person's own name and address are as easy to guess as a common word.
    const personal = await registerAccount(post(newIp()), {
      ...input,
      password: `${input.lastName.toLowerCase()}2024`,
    });
    expect(personal.ok || personal.message).toMatch(GUESSABLE);
    expect(await db().select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
    expect((await registerAccount(post(newIp()), input)).ok).toBe(true);
  });

  it('refuses them when a password is reset or changed too', async () => {
    const input = person();
    const registered = await registerAndSignIn(input);
    if (!registered.ok) throw new Error('register failed');
    const cookie = cookieHeader(registered.headers);
    const changed = await changePassword(post(newIp(), cookie), (await userOf(post(newIp(), cookie)))!, {
      currentPassword: input.password,
      password: 'qwerty123',
    });
    expect(changed).toMatchObject({ ok: false, status: 400, field: 'password' });
    expect(changed.ok || changed.message).toMatch(GUESSABLE);
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    await requestPasswordReset(post(newIp()), input.email);
    await backgroundTasksSettled();
    const token = await newestResetToken(user.id);
    const reset = await resetPassword(post(newIp()), { token, password: 'iloveyou1' });
    expect(reset).toMatchObject({ ok: false, status: 400, field: 'password' });
    // The refused attempt did not spend the link, and the old password still works.
    expect((await resetPassword(post(newIp()), { token, password: 'copper-kite-song' })).ok).toBe(true);
    expect((await signIn(post(newIp()), { email: input.email, password: 'copper-kite-song' })).ok).toBe(true);
  });

  it('lets an account made under the old 6-character rule keep signing in', async () => {
    const input = person();
    const { user } = await auth().api.signUpEmail({
      body: { email: input.email, password: input.password, name: 'Ada Obi', firstName: 'Ada', lastName: 'Obi' },
    });
    const oldHash = await (await auth().$context).password.hash('abc123');
    await db().update(accounts).set({ password: oldHash }).where(eq(accounts.userId, user.id));
    expect((await signIn(post(newIp()), { email: input.email, password: 'abc123' })).ok).toBe(true);
  });
});
