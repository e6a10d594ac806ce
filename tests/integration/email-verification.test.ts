/**
 * Issue 13, hole 1: admin rights need a verified email. Whoever registers an address listed in `admins` first
 * gets nothing until the mailed link (sent by the store's own mail, built from configuration) is opened.
 * Every admin route refusing such an account is tests/integration/authorization.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '~/db/schema';
import { VERIFY_MESSAGES } from '~/lib/account-forms';
import { loader as rootLoader } from '~/root';
import { registerAccount } from '~/server/accounts/accounts.server';
import { backgroundTasksSettled, grantAdmin } from '~/server/accounts/auth.server';
import { db } from '~/server/db.server';
import { outboxDir } from '~/server/mail.server';
import { args, get, nextIp, ORIGIN, outcome, post, routeModule } from '../route-helpers';

const account = await routeModule<typeof import('~/routes/account')>('routes/account.tsx');
const adminHome = await routeModule<typeof import('~/routes/admin/index')>('routes/admin/index.tsx');
const verifyEmailRoute = await routeModule<typeof import('~/routes/verify-email')>('routes/verify-email.tsx');

// This file's mails go to a temporary outbox (env() reads DATA_DIR on first use, after this line).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-test-'));
afterAll(() => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Every mail in the outbox to that address, oldest first, decoded. */
function mailsTo(email: string): string[] {
  if (!fs.existsSync(outboxDir())) return [];
  return fs
    .readdirSync(outboxDir())
    .sort()
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')))
    .filter((text) => text.includes(`To: ${email}`));
}

const linkIn = (mail: string) => /(http:\/\/\S+\/verify-email\?token=[\w.-]+)/.exec(mail)?.[1];

/** Registers through our own action layer, as /register does; returns the session cookie. */
async function register(email: string) {
  const outcome = await registerAccount(post('/register', {}), {
    email,
    password: 'amber-kettle-river',
    firstName: 'Ada',
    lastName: 'Obi',
  });
  if (!outcome.ok) throw new Error(outcome.message);
  await backgroundTasksSettled();
  const cookie = outcome.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie, user };
}

const openLink = (link: string) =>
  outcome(() => verifyEmailRoute.loader(args(get(new URL(link).pathname + new URL(link).search))));
const sessionFlags = async (userId: string) =>
  (await db().select({ isAdmin: sessions.isAdmin }).from(sessions).where(eq(sessions.userId, userId))).map(
    (row) => row.isAdmin,
  );
const headerAccount = async (cookie: string) =>
  ((await outcome(() => rootLoader(args(get('/', cookie))))).data as { account: { isAdmin: boolean } | null }).account;

describe('an address listed in admins, registered by whoever comes first', () => {
  it('gets no Admin Panel link and no admin page until the mailed link is opened; then both', async () => {
    await grantAdmin('owner@example.com');
    const { cookie, user } = await register('owner@example.com');
    expect(user.emailVerified).toBe(false);
    expect(await sessionFlags(user.id)).toEqual([false]);
    expect(await headerAccount(cookie)).toMatchObject({ isAdmin: false });
    expect(await outcome(() => adminHome.loader(args(get('/admin', cookie))))).toMatchObject({
      status: 302,
      location: '/',
    });

    // The mail went through the store's outbox; the link comes from configuration, not the request's host.
    const [mail] = mailsTo('owner@example.com');
    expect(mail).toContain('Subject: Confirm your email address');
    expect(mail).toContain('If you did not create an account with this address, do not open the link');
    const link = linkIn(mail)!;
    expect(link.startsWith(`http://localhost:${process.env.PORT ?? 3000}/verify-email?token=`)).toBe(true);
    expect(link).not.toContain(new URL(ORIGIN).host);

    const opened = await openLink(link);
    expect(opened).toMatchObject({ status: 200, data: { outcome: 'verified' } });
    expect(opened.headers.get('Cache-Control')).toBe('private, no-store');
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after.emailVerified).toBe(true);
    expect(await sessionFlags(user.id)).toEqual([true]);
    expect(await headerAccount(cookie)).toMatchObject({ isAdmin: true });
    expect((await outcome(() => adminHome.loader(args(get('/admin', cookie))))).status).toBe(200);
    // Opening it again is harmless.
    expect(await openLink(link)).toMatchObject({ status: 200, data: { outcome: 'verified' } });
  });
});

describe('the page the link lands on', () => {
  it('says plainly when the link has expired or is not valid, and verifies nothing', async () => {
    const { user } = await register('late@example.com');
    const link = linkIn(mailsTo('late@example.com')[0])!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });
    expect(await openLink(link)).toMatchObject({ status: 400, data: { outcome: 'expired' } });
    vi.useRealTimers();
    const forged = link.replace(
      /token=([\w-]+)\.([\w-]+)\.([\w-]+)/,
      (_, head: string, body: string) => `token=${head}.${body}.${'A'.repeat(43)}`,
    );
    expect(await openLink(forged)).toMatchObject({ status: 400, data: { outcome: 'invalid' } });
    expect(await outcome(() => verifyEmailRoute.loader(args(get('/verify-email'))))).toMatchObject({
      status: 400,
      data: { outcome: 'invalid' },
    });
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after.emailVerified).toBe(false);
  });
});

describe('/account for an unverified customer', () => {
  it('says so and sends the link again with a plain form, a few times only', async () => {
    const { cookie, user } = await register('again@example.com');
    const page = await outcome(() => account.loader(args(get('/account', cookie))));
    expect(page.data).toMatchObject({ emailVerified: false });
    const ip = nextIp();
    const resend = () => {
      const request = post('/account', { intent: 'verify-email' }, { cookie });
      request.headers.set('x-client-ip', ip);
      return outcome(() => account.action(args(request)));
    };
    expect(await resend()).toMatchObject({
      status: 200,
      data: { intent: 'verify-email', success: VERIFY_MESSAGES.sent },
    });
    await backgroundTasksSettled();
    const mails = mailsTo('again@example.com');
    expect(mails).toHaveLength(2);
    expect(await resend()).toMatchObject({ status: 200 });
    expect(await resend()).toMatchObject({ status: 200 });
    expect(await resend()).toMatchObject({ status: 429 });

    // The newest link works; the account page then has nothing more to ask.
    expect(await openLink(linkIn(mailsTo('again@example.com').at(-1)!)!)).toMatchObject({
      data: { outcome: 'verified' },
    });
    expect((await outcome(() => account.loader(args(get('/account', cookie))))).data).toMatchObject({
      emailVerified: true,
    });
    const again = post('/account', { intent: 'verify-email' }, { cookie });
    expect(await outcome(() => account.action(args(again)))).toMatchObject({
      status: 400,
      data: { intent: 'verify-email', result: { error: { '': [VERIFY_MESSAGES.alreadyVerified] } } },
    });
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0].emailVerified).toBe(true);
  });
});
