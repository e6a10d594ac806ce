/**
 * Admin by invitation only (decision 0026), through the routes as a browser without JavaScript uses them: an admin
 * lists an address, the invitation mailed to it is opened and answered with a password, and that act alone makes the
 * admin, signed in. The link works once, expires, and is replaced by a newer one; an account registered with the
 * address before keeps its orders but loses its old password and every old session.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminInvitations, admins, auditLog, orders, sessions, users } from '~/db/schema';
import { signIn } from '~/server/accounts/accounts.server';
import { hasAdminRights } from '~/server/accounts/admin-rights.server';
import { db } from '~/server/db.server';
import { outboxDir } from '~/server/mail.server';
import { createOrder, createUser } from '../factories';
import { args, get, outcome, post, routeModule, userOf } from '../route-helpers';

const adminsRoute = await routeModule<typeof import('~/routes/admin/admins')>('routes/admin/admins.tsx');
const adminHome = await routeModule<typeof import('~/routes/admin/index')>('routes/admin/index.tsx');
const invitation = await routeModule<typeof import('~/routes/admin-invitation')>('routes/admin-invitation.tsx');

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'invitation-test-'));
afterAll(() => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true }));

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The invitation link of the newest mail to `email`. */
function invitationLinkTo(email: string): string {
  const mails = fs
    .readdirSync(outboxDir())
    .sort()
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')))
    .filter((text) => text.includes(`To: ${email}`) && text.includes('Subject: You are invited to be an admin'));
  const link = /http:\/\/\S+(\/admin-invitation\?token=[\w-]+)/.exec(mails.at(-1) ?? '')?.[1];
  if (!link) throw new Error(`no invitation mail to ${email}`);
  return link;
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

let boss: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  boss = await createUser({ admin: true });
});

const adminAction = (fields: Record<string, string>) =>
  outcome(() => adminsRoute.action(args(post('/admin/admins', fields, { cookie: boss.cookie }))));
const invite = async (email: string) => {
  expect((await adminAction({ intent: 'add', email })).status).toBe(302);
  return invitationLinkTo(email);
};
const open = (link: string, cookie?: string) => outcome(() => invitation.loader(args(get(link, cookie))));
const answer = (link: string, fields: Record<string, string>) =>
  outcome(() =>
    invitation.action(args(post(link, { token: new URL(link, 'http://x').searchParams.get('token')!, ...fields }))),
  );
const NEW_ACCOUNT = {
  firstName: 'Ngozi',
  lastName: 'Okafor',
  password: 'harbour-lantern-quiet',
  confirmPassword: 'harbour-lantern-quiet',
};
const passwordOnly = (password: string) => ({ password, confirmPassword: password });

describe('an invitation to an address with no account', () => {
  it('opens a form that changes nothing; answering it creates the account, signs in and reaches /admin', async () => {
    const link = await invite('ops@staff.example');
    for (let i = 0; i < 2; i++)
      expect(await open(link)).toMatchObject({
        status: 200,
        data: { state: 'valid', email: 'ops@staff.example', newAccount: true },
      });
    expect(await db().select().from(users).where(eq(users.email, 'ops@staff.example'))).toEqual([]);
    // Only a hash of the token is kept.
    const [row] = await db().select().from(adminInvitations).where(eq(adminInvitations.email, 'ops@staff.example'));
    expect(link).not.toContain(row.tokenHash);
    expect(row).toMatchObject({ usedAt: null, invitedBy: boss.email });

    // The names are needed for a new account, and the password follows /register's rules.
    expect(await answer(link, passwordOnly('harbour-lantern-quiet'))).toMatchObject({
      status: 400,
      data: { result: { error: { firstName: ['Please enter your first name.'] } } },
    });
    expect(
      await answer(link, { ...NEW_ACCOUNT, password: 'password123', confirmPassword: 'password123' }),
    ).toMatchObject({
      status: 400,
      data: { result: { error: { password: [expect.stringMatching(/^This password is too easy/)] } } },
    });

    const accepted = await answer(link, NEW_ACCOUNT);
    expect(accepted).toMatchObject({ status: 302, location: '/admin' });
    const cookie = cookieOf(accepted.headers);
    expect(await userOf(get('/', cookie))).toMatchObject({ email: 'ops@staff.example', isAdmin: true });
    expect((await outcome(() => adminHome.loader(args(get('/admin', cookie))))).status).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.email, 'ops@staff.example'));
    expect(user).toMatchObject({ firstName: 'Ngozi', lastName: 'Okafor', emailVerified: true });
    const [listed] = await db().select().from(admins).where(eq(admins.email, 'ops@staff.example'));
    expect(listed.userId).toBe(user.id);
    expect(listed.acceptedAt).toBeInstanceOf(Date);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'admin.accept'));
    expect(audit).toMatchObject({ entityId: 'ops@staff.example', actorUserId: user.id });

    // Single use: the link is spent.
    expect(await open(link)).toMatchObject({ status: 400, data: { state: 'invalid' } });
    expect(await answer(link, passwordOnly('another-lantern-word'))).toMatchObject({
      status: 400,
      data: { state: 'invalid' },
    });
    expect(
      (await signIn(post('/login', {}), { email: 'ops@staff.example', password: 'another-lantern-word' })).ok,
    ).toBe(false);

    // Removing the admin takes the rights away at once.
    expect((await adminAction({ intent: 'remove', email: 'ops@staff.example' })).status).toBe(302);
    expect(await outcome(() => adminHome.loader(args(get('/admin', cookie))))).toMatchObject({ location: '/' });
    expect(await userOf(get('/', cookie))).toMatchObject({ isAdmin: false });
  });
});

describe('a link that cannot be used', () => {
  it('expires after 72 hours', async () => {
    const link = await invite('late@staff.example');
    await db()
      .update(adminInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvitations.email, 'late@staff.example'));
    expect(await open(link)).toMatchObject({ status: 400, data: { state: 'expired' } });
    expect(await answer(link, NEW_ACCOUNT)).toMatchObject({ status: 400, data: { state: 'expired' } });
    expect(await db().select().from(users).where(eq(users.email, 'late@staff.example'))).toEqual([]);
    const list = await outcome(() => adminsRoute.loader(args(get('/admin/admins', boss.cookie))));
    expect((list.data as { admins: { email: string; state: string }[] }).admins).toContainEqual(
      expect.objectContaining({ email: 'late@staff.example', state: 'expired' }),
    );
  });

  it('is replaced by a newer invitation for the address; the newer one works', async () => {
    const first = await invite('twice@staff.example');
    expect((await adminAction({ intent: 'resend', email: 'twice@staff.example' })).location).toBe(
      '/admin/admins?notice=resent&email=twice%40staff.example',
    );
    const second = invitationLinkTo('twice@staff.example');
    expect(second).not.toBe(first);
    expect(await open(first)).toMatchObject({ status: 400, data: { state: 'invalid' } });
    expect(await answer(first, NEW_ACCOUNT)).toMatchObject({ status: 400, data: { state: 'invalid' } });
    expect(await answer(second, NEW_ACCOUNT)).toMatchObject({ status: 302, location: '/admin' });
  });

  it('is not valid without a token, with a made-up one, or once the address was removed', async () => {
    expect(await open('/admin-invitation')).toMatchObject({ status: 400, data: { state: 'invalid' } });
    expect(await open('/admin-invitation?token=made-up')).toMatchObject({ status: 400, data: { state: 'invalid' } });
    const link = await invite('gone@staff.example');
    expect((await adminAction({ intent: 'remove', email: 'gone@staff.example' })).status).toBe(302);
    expect(await answer(link, NEW_ACCOUNT)).toMatchObject({ status: 400, data: { state: 'invalid' } });
  });
});

describe('an address someone registered before the invitation', () => {
  it('keeps its orders, but its old password and every old session end; only then is it an admin', async () => {
    const earlier = await createUser({ email: 'shop@staff.example', password: 'their-old-words', verified: false });
    const second = await signIn(post('/login', {}), { email: 'shop@staff.example', password: 'their-old-words' });
    if (!second.ok) throw new Error(second.message);
    const order = await createOrder({ userId: earlier.id });

    const link = await invite('shop@staff.example');
    expect(await hasAdminRights(earlier.id)).toBe(false);
    expect(await open(link)).toMatchObject({ data: { state: 'valid', newAccount: false } });
    // No names asked: the account has them (a posted name is a hand-made post).
    const accepted = await answer(link, passwordOnly('granite-orchard-blue'));
    expect(accepted).toMatchObject({ status: 302, location: '/admin' });

    expect(await userOf(get('/', earlier.cookie))).toBeNull();
    expect(await userOf(get('/', cookieOf(second.headers)))).toBeNull();
    const rows = await db().select().from(sessions).where(eq(sessions.userId, earlier.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].isAdmin).toBe(true);
    expect((await signIn(post('/login', {}), { email: 'shop@staff.example', password: 'their-old-words' })).ok).toBe(
      false,
    );
    expect(
      (await signIn(post('/login', {}), { email: 'shop@staff.example', password: 'granite-orchard-blue' })).ok,
    ).toBe(true);
    expect(await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, earlier.id))).toEqual([
      { id: order.id },
    ]);
    const [user] = await db().select().from(users).where(eq(users.id, earlier.id));
    expect(user.emailVerified).toBe(true);
    expect(await hasAdminRights(earlier.id)).toBe(true);
  });
});
