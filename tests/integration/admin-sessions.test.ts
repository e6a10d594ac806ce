/**
 * Decision 0012 (OWASP ASVS level 2): an admin session ends after 2 hours without an admin request, and
 * adding or removing an admin needs a sign-in within the last 15 minutes. Time is moved in the database.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { admins, sessions } from '~/db/schema';
import { SIGN_IN_REASONS } from '~/lib/accounts/account-forms';
import { loader as rootLoader } from '~/root';
import { auth } from '~/server/accounts/auth.server';
import { db } from '~/server/db.server';
import { logger } from '~/server/logger.server';
import { createUser } from '../factories';
import { args, get, outcome, post, userOf, routeModule } from '../route-helpers';

const adminsRoute = await routeModule<typeof import('~/routes/admin/admins')>('routes/admin/admins.tsx');
const adminHome = await routeModule<typeof import('~/routes/admin/index')>('routes/admin/index.tsx');
const login = await routeModule<typeof import('~/routes/login')>('routes/login.tsx');

/** A fresh session of that account: its cookie and its row's id. */
async function signIn(account: { email: string; password: string }) {
  const response = await auth().api.signInEmail({
    body: { email: account.email, password: account.password },
    asResponse: true,
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { token } = (await response.json()) as { token: string };
  const [row] = await db().select().from(sessions).where(eq(sessions.token, token));
  return { cookie, id: row.id };
}

const lastSeen = async (id: string) =>
  (await db().select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]?.at;
const setLastSeen = (id: string, ago: string) =>
  db()
    .update(sessions)
    .set({ lastSeenAt: sql`now() - ${ago}::interval` })
    .where(eq(sessions.id, id));
const setSignedIn = (id: string, ago: string) =>
  db()
    .update(sessions)
    .set({ createdAt: sql`now() - ${ago}::interval` })
    .where(eq(sessions.id, id));
const sessionExists = async (id: string) =>
  (await db().select().from(sessions).where(eq(sessions.id, id))).length === 1;
const expiresCookie = (headers: Headers) =>
  headers.getSetCookie().some((line) => /session_token=;.*Max-Age=0/.test(line));

describe('an admin session idle for 2 hours', () => {
  it('is ended at the next admin request: signed out, sent to sign in again with the reason, then back', async () => {
    const admin = await createUser({ admin: true });
    const session = await signIn(admin);
    await setLastSeen(session.id, '2 hours 1 minute');
    const warn = vi.spyOn(logger, 'warn');
    const answer = await outcome(() => adminHome.loader(args(get('/admin', session.cookie))));
    expect(answer).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fadmin&reason=idle' });
    expect(expiresCookie(answer.headers)).toBe(true);
    expect(await sessionExists(session.id)).toBe(false);
    expect(await userOf(get('/', session.cookie))).toBeNull();
    expect(warn.mock.calls.some(([, message]) => message === 'admin session ended: idle for 2 hours')).toBe(true);
    warn.mockRestore();
    const page = await outcome(() => login.loader(args(get('/login?redirectTo=%2Fadmin&reason=idle'))));
    expect(page.data).toMatchObject({ redirectTo: '/admin', notice: SIGN_IN_REASONS.idle });
  });

  it('is kept while admin requests keep coming; each records activity at most once a minute', async () => {
    const admin = await createUser({ admin: true });
    const session = await signIn(admin);
    await setLastSeen(session.id, '1 hour 59 minutes');
    expect((await outcome(() => adminHome.loader(args(get('/admin', session.cookie))))).status).toBe(200);
    const touched = await lastSeen(session.id);
    expect(Date.now() - touched.getTime()).toBeLessThan(10_000);

    await setLastSeen(session.id, '30 seconds');
    const recent = await lastSeen(session.id);
    expect((await outcome(() => adminHome.loader(args(get('/admin', session.cookie))))).status).toBe(200);
    expect(await lastSeen(session.id)).toEqual(recent);
  });

  it('is not kept alive, nor written to, by storefront pages', async () => {
    const admin = await createUser({ admin: true });
    const session = await signIn(admin);
    await setLastSeen(session.id, '2 hours 1 minute');
    const before = await lastSeen(session.id);
    expect((await outcome(() => rootLoader(args(get('/', session.cookie))))).data).toMatchObject({
      account: { isAdmin: true },
    });
    expect(await lastSeen(session.id)).toEqual(before);
    expect((await outcome(() => adminHome.loader(args(get('/admin', session.cookie))))).location).toBe(
      '/login?redirectTo=%2Fadmin&reason=idle',
    );
  });

  it('the sign-in page ignores a reason it does not know', async () => {
    for (const reason of ['nope', 'toString', '__proto__']) {
      expect((await outcome(() => login.loader(args(get(`/login?reason=${reason}`))))).data).toMatchObject({
        notice: null,
      });
    }
  });
});

describe('adding or removing an admin', () => {
  const send = (cookie: string, fields: Record<string, string>) =>
    outcome(() => adminsRoute.action(args(post('/admin/admins', fields, { cookie }))));

  it('needs a sign-in within the last 15 minutes, else that session ends and sign-in comes back here', async () => {
    const admin = await createUser({ admin: true });
    const other = await createUser({ admin: true });
    const session = await signIn(admin);
    await setSignedIn(session.id, '16 minutes');
    const warn = vi.spyOn(logger, 'warn');

    const add = await send(session.cookie, { intent: 'add', email: 'newcomer@example.com' });
    expect(add).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fadmin%2Fadmins&reason=reauth' });
    expect(expiresCookie(add.headers)).toBe(true);
    expect(await sessionExists(session.id)).toBe(false);
    expect(await db().select().from(admins).where(eq(admins.email, 'newcomer@example.com'))).toEqual([]);
    expect(
      warn.mock.calls.some(
        ([fields, message]) =>
          message === 'admin change refused: the sign-in is older than 15 minutes' &&
          (fields as { userId?: string }).userId === admin.id,
      ),
    ).toBe(true);
    warn.mockRestore();

    const again = await signIn(admin);
    await setSignedIn(again.id, '16 minutes');
    const remove = await send(again.cookie, { intent: 'remove', email: other.email });
    expect(remove).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fadmin%2Fadmins&reason=reauth' });
    expect(await db().select().from(admins).where(eq(admins.email, other.email))).toHaveLength(1);
    const page = await outcome(() => login.loader(args(get('/login?redirectTo=%2Fadmin%2Fadmins&reason=reauth'))));
    expect(page.data).toMatchObject({ notice: SIGN_IN_REASONS.reauth });

    // Signed in a moment ago: both work. The page itself stays open to an older sign-in.
    const fresh = await signIn(admin);
    await setSignedIn(fresh.id, '14 minutes');
    expect(await send(fresh.cookie, { intent: 'add', email: 'newcomer@example.com' })).toMatchObject({
      status: 302,
      location: '/admin/admins?notice=added&email=newcomer%40example.com',
    });
    expect(await send(fresh.cookie, { intent: 'remove', email: other.email })).toMatchObject({
      status: 302,
      location: `/admin/admins?notice=removed&email=${encodeURIComponent(other.email)}`,
    });
    const old = await signIn(admin);
    await setSignedIn(old.id, '1 hour');
    expect((await outcome(() => adminsRoute.loader(args(get('/admin/admins', old.cookie))))).status).toBe(200);
  });
});
