import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accounts, rateLimits, sessions, users, verifications } from '~/db/schema';
import { MESSAGES } from '~/lib/account-forms';
import { changePassword, registerAccount, requestPasswordReset, resetPassword, signIn, signOut, updateProfile } from './accounts.server';
import { backgroundTasksSettled, getUser, RESET_TOKEN_SECONDS } from './auth.server';
import { db } from './db.server';
import { outboxDir } from './mail.server';

// Mails of this file go to a temporary outbox (env() reads DATA_DIR on first use, after this line).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-test-'));
afterAll(() => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true }));

const ORIGIN = 'http://shop.test';
let ipCounter = 10;
/** Each test uses its own client address, so the rate limits of one test do not touch another. */
const newIp = () => `198.51.100.${ipCounter++}`;

function post(ip: string, cookie?: string) {
  const headers = new Headers({ origin: ORIGIN, 'x-client-ip': ip });
  if (cookie) headers.set('cookie', cookie);
  return new Request(`${ORIGIN}/login`, { method: 'POST', headers });
}

/** "a=1; b=2" from Set-Cookie lines, as a browser would send them back. */
function cookieHeader(headers: Headers) {
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

let n = 0;
const person = () => {
  n += 1;
  return { email: `shopper${n}@example.com`, password: 'secret-pass', firstName: 'Ada', lastName: `Obi${n}` };
};

/** The .eml body is quoted-printable: soft line breaks and =XX escapes. */
const decodeQuotedPrintable = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function newestResetToken(userId: string) {
  const rows = await db().select().from(verifications).where(eq(verifications.value, userId));
  const row = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  return row.identifier.replace('reset-password:', '');
}

describe('accounts', () => {
  it('registers an account with its profile and signs it in', async () => {
    const input = person();
    const outcome = await registerAccount(post(newIp()), input);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    expect(user).toMatchObject({ email: input.email, firstName: 'Ada', lastName: input.lastName, name: `Ada ${input.lastName}` });
    expect(user.createdAt).toBeInstanceOf(Date);
    const [credential] = await db().select().from(accounts).where(eq(accounts.userId, user.id));
    expect(credential.providerId).toBe('credential');
    expect(credential.password).not.toContain(input.password);
    const cookieLine = outcome.headers.getSetCookie().find((line) => line.includes('session_token'))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
    const current = await getUser(new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(outcome.headers) } }));
    expect(current).toMatchObject({ id: user.id, email: input.email, firstName: 'Ada', isAdmin: false });
  });

  it('refuses an address that is already registered, with a clear message', async () => {
    const input = person();
    expect((await registerAccount(post(newIp()), input)).ok).toBe(true);
    const again = await registerAccount(post(newIp()), { ...input, email: input.email.toUpperCase() });
    expect(again).toMatchObject({ ok: false, message: MESSAGES.emailTaken });
    expect(await db().select().from(users).where(eq(users.email, input.email))).toHaveLength(1);
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
    const registered = await registerAccount(post(newIp()), input);
    if (!registered.ok) throw new Error('register failed');
    const cookie = cookieHeader(registered.headers);
    const headers = await signOut(post(newIp(), cookie));
    expect(headers.getSetCookie().some((line) => /session_token=;/.test(line))).toBe(true);
    expect(await getUser(new Request(`${ORIGIN}/`, { headers: { cookie } }))).toBeNull();
  });

  it('resets a password through the mailed token once, and signs out every session', async () => {
    const input = person();
    const registered = await registerAccount(post(newIp()), input);
    if (!registered.ok) throw new Error('register failed');
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    const before = new Set(fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : []);
    expect((await requestPasswordReset(post(newIp()), input.email)).ok).toBe(true);
    await backgroundTasksSettled();
    const written = fs.readdirSync(outboxDir()).filter((file) => !before.has(file));
    const token = await newestResetToken(user.id);
    const mail = written.map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8'))).find((text) => text.includes(token));
    expect(mail).toContain(`${ORIGIN}/reset-password?token=${token}`);
    expect(mail).toContain(`To: ${input.email}`);

    expect((await resetPassword(post(newIp()), { token, password: 'brand-new-pass' })).ok).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await getUser(new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(registered.headers) } }))).toBeNull();
    const twice = await resetPassword(post(newIp()), { token, password: 'another-pass' });
    expect(twice).toMatchObject({ ok: false, message: MESSAGES.resetInvalid });
    expect((await signIn(post(newIp()), { email: input.email, password: input.password })).ok).toBe(false);
    expect((await signIn(post(newIp()), { email: input.email, password: 'brand-new-pass' })).ok).toBe(true);
  });

  it('refuses an expired reset token', async () => {
    const input = person();
    await registerAccount(post(newIp()), input);
    const [user] = await db().select().from(users).where(eq(users.email, input.email));
    await requestPasswordReset(post(newIp()), input.email);
    await backgroundTasksSettled();
    const token = await newestResetToken(user.id);
    const [row] = await db().select().from(verifications).where(eq(verifications.identifier, `reset-password:${token}`));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(RESET_TOKEN_SECONDS * 1000, -4);
    await db().update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, row.id));
    expect(await resetPassword(post(newIp()), { token, password: 'brand-new-pass' })).toMatchObject({ ok: false, message: MESSAGES.resetInvalid });
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
    for (let i = 0; i < 11; i++) results.push(await signIn(post(ip), { email: 'nobody@example.com', password: 'wrong-pass' }));
    expect(results.slice(0, 10).every((r) => !r.ok && r.status === 401)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, status: 429, message: MESSAGES.tooManyRequests });
    const rows = await db().select().from(rateLimits);
    expect(rows.some((row) => row.key === `${ip}|/sign-in/email` && row.count === 10)).toBe(true);
    // Another address is not affected.
    expect(await signIn(post(newIp()), { email: 'nobody@example.com', password: 'wrong-pass' })).toMatchObject({ ok: false, status: 401 });
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
    const first = await registerAccount(post(newIp()), input);
    const second = await signIn(post(newIp()), input);
    if (!first.ok || !second.ok) throw new Error('sign-in failed');
    const cookie = cookieHeader(first.headers);
    expect((await updateProfile(post(newIp(), cookie), { firstName: 'Chioma', lastName: 'Eze' })).ok).toBe(true);
    expect(await getUser(new Request(`${ORIGIN}/`, { headers: { cookie } }))).toMatchObject({ firstName: 'Chioma', lastName: 'Eze' });

    expect(await changePassword(post(newIp(), cookie), { currentPassword: 'wrong-one', password: 'next-pass' })).toMatchObject({ ok: false, message: MESSAGES.wrongCurrentPassword });
    const changed = await changePassword(post(newIp(), cookie), { currentPassword: input.password, password: 'next-pass' });
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    expect(await getUser(new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(second.headers) } }))).toBeNull();
    expect(await getUser(new Request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(changed.headers) } }))).not.toBeNull();
  });
});
