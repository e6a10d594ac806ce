/**
 * Accounts (Better Auth behind accounts.server.ts): registering without signing in, one answer for a known
 * address, signing in and out, password resets by mail, the limits per client address, and profile changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, rateLimits, sessions, users, verifications } from '~/db/schema';
import { MESSAGES } from '~/lib/accounts/account-forms';
import {
  changePassword,
  registerAccount,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  updateProfile,
} from './accounts.server';
import { backgroundTasksSettled, RESET_TOKEN_SECONDS } from './auth.server';
import { db } from '../db.server';
import { env } from '../env.server';
import { outboxDir } from '../mail.server';
import { publicOrigin } from '../public-url.server';
import { userOf } from '../../../tests/route-helpers';
import {
  cookieHeader,
  decodeQuotedPrintable,
  mailsSince,
  newestResetToken,
  newIp,
  ORIGIN,
  outboxNow,
  person,
  post,
  registerAndSignIn,
  withOutbox,
} from './accounts-test-helpers';

describe('accounts', () => {
  withOutbox();

  it('registers an account with its profile, without signing in; signing in then works', async () => {
    const input = person();
    const registered = await registerAccount(post(newIp()), input);
    expect(registered).toEqual({ ok: true, headers: new Headers() });
    const outcome = await signIn(post(newIp()), input);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    expect(user).toMatchObject({
      email: input.email,
      firstName: 'Ada',
      lastName: input.lastName,
      name: `Ada ${input.lastName}`,
    });
    expect(user.createdAt).toBeInstanceOf(Date);
    const [credential] = await db().select().from(accounts).where(eq(accounts.userId, user.id));
    expect(credential.providerId).toBe('credential');
    expect(credential.password).not.toContain(input.password);
    const cookieLine = outcome.headers.getSetCookie().find((line) => line.includes('session_token'))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
    const current = await userOf(new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(outcome.headers) } }));
    expect(current).toMatchObject({ id: user.id, email: input.email, firstName: 'Ada', isAdmin: false });
  });

  it('answers an address that is already registered exactly as a new one, and mails its owner instead', async () => {
    const input = person();
    const first = await registerAccount(post(newIp()), input);
    await backgroundTasksSettled();
    const before = outboxNow();
    const again = await registerAccount(post(newIp()), {
      ...input,
      email: input.email.toUpperCase(),
      password: 'other-lantern-words',
      firstName: 'Visit https://evil.example',
    });
    // The same answer, with no cookie either way (OWASP ASVS V2: no account enumeration at registration).
    expect(again).toEqual(first);
    expect(again).toEqual({ ok: true, headers: new Headers() });
    await backgroundTasksSettled();
    const [mail, ...more] = mailsSince(before);
    expect(more).toEqual([]);
    expect(mail).toContain(`To: ${input.email}`);
    expect(mail).toContain('Subject: You already have an account');
    expect(mail).toContain(`${publicOrigin()}/login`);
    expect(mail).toContain(`${publicOrigin()}/forgot-password`);
    expect(mail).not.toMatch(/evil|Visit/);
    expect(await db().select().from(users).where(eq(users.email, input.email))).toHaveLength(1);
    // The account and its password are as they were.
    expect((await signIn(post(newIp()), { email: input.email, password: 'other-lantern-words' })).ok).toBe(false);
    expect((await signIn(post(newIp()), input)).ok).toBe(true);
  });

  it('a new address gets the confirmation mail, which echoes nothing the registrant typed', async () => {
    const input = { ...person(), firstName: 'Visit https://evil.example', lastName: 'Win a prize now' };
    const before = outboxNow();
    expect((await registerAccount(post(newIp()), input)).ok).toBe(true);
    await backgroundTasksSettled();
    const [mail, ...more] = mailsSince(before);
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: Confirm your email address');
    expect(mail).toContain(`${publicOrigin()}/verify-email?token=`);
    for (const part of ['evil', 'Visit', 'https://evil.example', 'prize', 'Win a'])
      expect(mail, `the mail must not contain "${part}"`).not.toContain(part);
    // Nor does a reset mail to that unconfirmed address.
    const beforeReset = outboxNow();
    await requestPasswordReset(post(newIp()), input.email);
    await backgroundTasksSettled();
    const [reset] = mailsSince(beforeReset);
    expect(reset).toContain('Subject: Reset your password');
    expect(reset).not.toMatch(/evil|Visit|prize/);
    expect(reset).toContain('Hello,');
  });

  it('signs in with the right password; a wrong password and an unknown email get the same message', async () => {
    const input = person();
    await registerAccount(post(newIp()), input);
    const ok = await signIn(post(newIp()), { email: input.email, password: input.password });
    expect(ok.ok).toBe(true);
    const wrong = await signIn(post(newIp()), { email: input.email, password: 'not-the-password' });
    const unknown = await signIn(post(newIp()), { email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong).toMatchObject({ ok: false, status: 401, message: MESSAGES.invalidCredentials });
    expect(unknown).toEqual(wrong);
  });

  it('signs out: the session row is gone and the cookie is cleared', async () => {
    const input = person();
    const registered = await registerAndSignIn(input);
    if (!registered.ok) throw new Error('register failed');
    const cookie = cookieHeader(registered.headers);
    const headers = await signOut(post(newIp(), cookie));
    expect(headers.getSetCookie().some((line) => /session_token=;/.test(line))).toBe(true);
    expect(await userOf(new Request(`${ORIGIN}/`, { headers: { cookie } }))).toBeNull();
  });

  it('resets a password through the mailed token once, and signs out every session', async () => {
    const input = person();
    const registered = await registerAndSignIn(input);
    if (!registered.ok) throw new Error('register failed');
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    const before = new Set(fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : []);
    expect((await requestPasswordReset(post(newIp()), input.email)).ok).toBe(true);
    await backgroundTasksSettled();
    const written = fs.readdirSync(outboxDir()).filter((file) => !before.has(file));
    const token = await newestResetToken(user.id);
    const mail = written
      .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')))
      .find((text) => text.includes(token));
    expect(mail).toContain(`${publicOrigin()}/reset-password?token=${token}`);
    expect(mail).toContain(`To: ${input.email}`);

    expect((await resetPassword(post(newIp()), { token, password: 'brand-new-pass' })).ok).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(
      await userOf(new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(registered.headers) } })),
    ).toBeNull();
    const twice = await resetPassword(post(newIp()), { token, password: 'another-lantern-pass' });
    expect(twice).toMatchObject({ ok: false, message: MESSAGES.resetInvalid });
    expect((await signIn(post(newIp()), { email: input.email, password: input.password })).ok).toBe(false);
    expect((await signIn(post(newIp()), { email: input.email, password: 'brand-new-pass' })).ok).toBe(true);
  });

  it('links the reset mail to the configured address, whatever Host or X-Forwarded-Host a request names', async () => {
    const input = person();
    expect((await registerAccount(post(newIp()), input)).ok).toBe(true);
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    const before = new Set(fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : []);
    const forged = new Request('http://evil.example/forgot-password', {
      method: 'POST',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        origin: 'http://evil.example',
        'x-client-ip': newIp(),
      },
    });
    expect((await requestPasswordReset(forged, input.email)).ok).toBe(true);
    await backgroundTasksSettled();
    const token = await newestResetToken(user.id);
    const mail = fs
      .readdirSync(outboxDir())
      .filter((file) => !before.has(file))
      .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')))
      .find((text) => text.includes(token));
    // PUBLIC_URL is unset in tests: the demo store's own address.
    expect(publicOrigin()).toBe(`http://localhost:${env().PORT}`);
    expect(mail).toContain(`http://localhost:${env().PORT}/reset-password?token=${token}`);
    expect(mail).not.toContain('evil.example');
  });

  it('refuses an expired reset token', async () => {
    const input = person();
    await registerAccount(post(newIp()), input);
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    await requestPasswordReset(post(newIp()), input.email);
    await backgroundTasksSettled();
    const token = await newestResetToken(user.id);
    const [row] = await db()
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(RESET_TOKEN_SECONDS * 1000, -4);
    await db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, row.id));
    expect(await resetPassword(post(newIp()), { token, password: 'brand-new-pass' })).toMatchObject({
      ok: false,
      message: MESSAGES.resetInvalid,
    });
  });

  it('answers a reset request for an unknown address exactly like a known one, and sends nothing', async () => {
    const before = fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()).length : 0;
    const outcome = await requestPasswordReset(post(newIp()), 'nobody-here@example.com');
    await backgroundTasksSettled();
    expect(outcome.ok).toBe(true);
    expect(fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()).length : 0).toBe(before);
  });

  it('limits sign-in attempts per client address (kept in the database) and answers 429', async () => {
    const ip = newIp();
    const results = [];
    // A different address each time: the per-account throttle (tested below) stays out of this one.
    for (let i = 0; i < 11; i++)
      results.push(await signIn(post(ip), { email: `nobody-${i}@example.com`, password: 'wrong-pass' }));
    expect(results.slice(0, 10).every((r) => !r.ok && r.status === 401)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, status: 429, message: MESSAGES.tooManyRequests });
    const rows = await db().select().from(rateLimits);
    expect(rows.some((row) => row.key === `${ip}|/sign-in/email` && row.count === 10)).toBe(true);
    // Another address is not affected.
    expect(await signIn(post(newIp()), { email: 'nobody-11@example.com', password: 'wrong-pass' })).toMatchObject({
      ok: false,
      status: 401,
    });
  });

  it('limits sign-ups and reset requests too', async () => {
    const ip = newIp();
    const signUps = [];
    for (let i = 0; i < 6; i++) signUps.push(await registerAccount(post(ip), person()));
    expect(signUps[5]).toMatchObject({ ok: false, status: 429 });
    const resets = [];
    for (let i = 0; i < 6; i++) resets.push(await requestPasswordReset(post(ip), 'nobody@example.com'));
    expect(resets[5]).toMatchObject({ ok: false, status: 429 });
  });

  it('updates the profile and changes the password, signing out other sessions', async () => {
    const input = person();
    const first = await registerAndSignIn(input);
    const second = await signIn(post(newIp()), input);
    if (!first.ok || !second.ok) throw new Error('sign-in failed');
    const cookie = cookieHeader(first.headers);
    expect((await updateProfile(post(newIp(), cookie), { firstName: 'Chioma', lastName: 'Eze' })).ok).toBe(true);
    expect(await userOf(new Request(`${ORIGIN}/`, { headers: { cookie } }))).toMatchObject({
      firstName: 'Chioma',
      lastName: 'Eze',
    });

    expect(
      await changePassword(post(newIp(), cookie), (await userOf(post(newIp(), cookie)))!, {
        currentPassword: 'wrong-one',
        password: 'next-pass-word',
      }),
    ).toMatchObject({ ok: false, message: MESSAGES.wrongCurrentPassword });
    const changed = await changePassword(post(newIp(), cookie), (await userOf(post(newIp(), cookie)))!, {
      currentPassword: input.password,
      password: 'next-pass-word',
    });
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    expect(await userOf(new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(second.headers) } }))).toBeNull();
    expect(
      await userOf(new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(changed.headers) } })),
    ).not.toBeNull();
  });
});
