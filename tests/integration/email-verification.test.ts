/**
 * Confirming an email address (decision 0026): the mailed link opens a page whose button (a POST) confirms; a GET,
 * such as a mail scanner's, changes nothing, and confirming never grants admin rights. The takeover this closes: an
 * attacker registers an address an admin has listed, asks for the confirmation mail again, and someone (or something)
 * opens the link. Every admin route refusing such an account is tests/integration/authorization.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '~/db/schema';
import { VERIFY_MESSAGES } from '~/lib/accounts/account-forms';
import { loader as rootLoader } from '~/root';
import { registerAccount, signIn } from '~/server/accounts/accounts.server';
import { backgroundTasksSettled } from '~/server/accounts/auth.server';
import { db } from '~/server/db.server';
import { outboxDir } from '~/server/mail.server';
import { createUser } from '../factories';
import { args, get, nextIp, ORIGIN, outcome, post, routeModule } from '../route-helpers';

const account = await routeModule<typeof import('~/routes/account')>('routes/account.tsx');
const adminHome = await routeModule<typeof import('~/routes/admin/index')>('routes/admin/index.tsx');
const adminsRoute = await routeModule<typeof import('~/routes/admin/admins')>('routes/admin/admins.tsx');
const ordersExport = await routeModule<typeof import('~/routes/admin/orders-export')>('routes/admin/orders-export.ts');
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
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/** Registers through our own action layer, as /register does, then signs in (registering does not). */
async function register(email: string, password = 'amber-kettle-river') {
  const registered = await registerAccount(post('/register', {}), {
    email,
    password,
    firstName: 'Ada',
    lastName: 'Obi',
  });
  if (!registered.ok) throw new Error(registered.message);
  await backgroundTasksSettled();
  const signedIn = await signIn(post('/login', {}), { email, password });
  if (!signedIn.ok) throw new Error(signedIn.message);
  const [user] = await db().select().from(users).where(eq(users.email, email));
  return { cookie: cookieOf(signedIn.headers), user };
}

/** A plain GET of the link, as a scanner or a mail preview makes it: no session, no button. */
const openLink = (link: string) =>
  outcome(() => verifyEmailRoute.loader(args(get(new URL(link).pathname + new URL(link).search))));
/** The page's "Confirm my email" button. */
const pressConfirm = (link: string, cookie?: string) =>
  outcome(() =>
    verifyEmailRoute.action(
      args(post('/verify-email', { token: new URL(link).searchParams.get('token') ?? '' }, { cookie })),
    ),
  );
const verified = async (userId: string) =>
  (await db().select({ v: users.emailVerified }).from(users).where(eq(users.id, userId)))[0].v;
const sessionFlags = async (userId: string) =>
  (await db().select({ isAdmin: sessions.isAdmin }).from(sessions).where(eq(sessions.userId, userId))).map(
    (row) => row.isAdmin,
  );
const headerAccount = async (cookie: string) =>
  ((await outcome(() => rootLoader(args(get('/', cookie))))).data as { account: { isAdmin: boolean } | null }).account;

describe('the takeover by registering a listed address first', () => {
  it('gives the attacker nothing: not the link, not the confirmation, not /admin, not the export', async () => {
    const boss = await createUser({ admin: true });
    // 1. An admin lists ops@staff.example, which has no account yet.
    expect(
      await outcome(() =>
        adminsRoute.action(args(post('/admin/admins', { intent: 'add', email: 'ops@staff.example' }, boss))),
      ),
    ).toMatchObject({ status: 302 });

    // 2. An attacker registers that address with their own password and asks for the confirmation mail again.
    const attacker = await register('ops@staff.example', 'attacker-chosen-words');
    const resend = post('/account', { intent: 'verify-email' }, { cookie: attacker.cookie });
    expect(await outcome(() => account.action(args(resend)))).toMatchObject({ status: 200 });
    await backgroundTasksSettled();
    const link = linkIn(mailsTo('ops@staff.example').at(-1)!)!;

    // 3. The real owner's mail scanner opens the link: a plain GET with no session changes nothing.
    expect(await openLink(link)).toMatchObject({ status: 200, data: { outcome: 'confirm' } });
    expect(await verified(attacker.user.id)).toBe(false);
    // Even the button, pressed by the owner, confirms the address and nothing more.
    expect(await pressConfirm(link)).toMatchObject({ status: 302, location: '/verify-email?confirmed=1' });
    expect(await verified(attacker.user.id)).toBe(true);

    // 4. The attacker's session reaches neither /admin nor the orders export, and has no Admin Panel link.
    expect(await sessionFlags(attacker.user.id)).toEqual([false]);
    expect(await headerAccount(attacker.cookie)).toMatchObject({ isAdmin: false });
    expect(await outcome(() => adminHome.loader(args(get('/admin', attacker.cookie))))).toMatchObject({
      status: 302,
      location: '/',
    });
    expect(await outcome(() => ordersExport.loader(args(get('/admin/orders/export', attacker.cookie))))).toMatchObject({
      status: 302,
      location: '/',
    });
    // Nor after signing in again: the new session cannot add admins either.
    const again = await signIn(post('/login', {}), {
      email: 'ops@staff.example',
      password: 'attacker-chosen-words',
    });
    if (!again.ok) throw new Error(again.message);
    const fresh = cookieOf(again.headers);
    expect(await headerAccount(fresh)).toMatchObject({ isAdmin: false });
    expect(
      await outcome(() =>
        adminsRoute.action(
          args(post('/admin/admins', { intent: 'add', email: 'accomplice@evil.example' }, { cookie: fresh })),
        ),
      ),
    ).toMatchObject({ status: 302, location: '/' });
    expect(await outcome(() => adminHome.loader(args(get('/admin', fresh))))).toMatchObject({ location: '/' });
  });
});

describe('the page the link lands on', () => {
  it('shows a button; a GET confirms nothing, however often; the POST confirms, and again is harmless', async () => {
    const { cookie, user } = await register('owner@example.com');
    const [mail] = mailsTo('owner@example.com');
    expect(mail).toContain('Subject: Confirm your email address');
    expect(mail).toContain('nothing happens without the button');
    const link = linkIn(mail)!;
    // The link comes from configuration, not the request's host.
    expect(link.startsWith(`http://localhost:${process.env.PORT ?? 3000}/verify-email?token=`)).toBe(true);
    expect(link).not.toContain(new URL(ORIGIN).host);

    for (let i = 0; i < 3; i++) {
      const page = await openLink(link);
      expect(page).toMatchObject({ status: 200, data: { outcome: 'confirm' } });
      expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    }
    expect(await verified(user.id)).toBe(false);

    expect(await pressConfirm(link)).toMatchObject({ status: 302, location: '/verify-email?confirmed=1' });
    expect(await verified(user.id)).toBe(true);
    expect(await outcome(() => verifyEmailRoute.loader(args(get('/verify-email?confirmed=1'))))).toMatchObject({
      status: 200,
      data: { outcome: 'verified' },
    });
    expect(await pressConfirm(link, cookie)).toMatchObject({ status: 302 });
  });

  it('says plainly when the link has expired or is not valid, and verifies nothing', async () => {
    const { user } = await register('late@example.com');
    const link = linkIn(mailsTo('late@example.com')[0])!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });
    expect(await pressConfirm(link)).toMatchObject({ status: 400, data: { outcome: 'expired' } });
    vi.useRealTimers();
    const forged = link.replace(
      /token=([\w-]+)\.([\w-]+)\.([\w-]+)/,
      (_, head: string, body: string) => `token=${head}.${body}.${'A'.repeat(43)}`,
    );
    expect(await pressConfirm(forged)).toMatchObject({ status: 400, data: { outcome: 'invalid' } });
    expect(await outcome(() => verifyEmailRoute.action(args(post('/verify-email', {}))))).toMatchObject({
      status: 400,
      data: { outcome: 'invalid' },
    });
    expect(await outcome(() => verifyEmailRoute.loader(args(get('/verify-email'))))).toMatchObject({
      status: 400,
      data: { outcome: 'invalid' },
    });
    expect(await verified(user.id)).toBe(false);
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
    expect(await pressConfirm(linkIn(mailsTo('again@example.com').at(-1)!)!)).toMatchObject({ status: 302 });
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
