/**
 * /admin/admins against real PostgreSQL: add (lowercased, invited, before the account exists; no rights until the
 * invitation is accepted, decision 0026), resend, remove, the last accepted admin stays.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminInvitations, admins, auditLog, sessions } from '~/db/schema';
import type { AdminEntry } from '~/lib/admin/admin-types';
import { isAdmin } from '~/server/accounts/auth.server';
import { db } from '~/server/db.server';
import { createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

const adminsRoute = await routeModule<typeof import('~/routes/admin/admins')>('routes/admin/admins.tsx');

let boss: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  boss = await createUser({ admin: true, email: 'boss@example.com', firstName: 'Funke', lastName: 'Bello' });
  customer = await createUser({ email: 'tolu@example.com', verified: true });
});

const send = (fields: Record<string, string>, cookie = boss.cookie, origin?: string) =>
  outcome(() => adminsRoute.action(args(post('/admin/admins', fields, { cookie, ...(origin ? { origin } : {}) }))));
const list = async () =>
  ((await outcome(() => adminsRoute.loader(args(get('/admin/admins', boss.cookie))))).data as { admins: AdminEntry[] })
    .admins;

describe('the admins list', () => {
  it('shows each address, whether it has an account, and who is looking', async () => {
    const answer = await outcome(() => adminsRoute.loader(args(get('/admin/admins', boss.cookie))));
    expect(answer.data).toMatchObject({
      me: 'boss@example.com',
      admins: [{ email: 'boss@example.com', state: 'accepted', name: 'Funke Bello', expiresAt: null }],
      success: null,
    });
  });
});

describe('removing the last admin', () => {
  it('is refused with a clear message and changes nothing', async () => {
    const answer = await send({ intent: 'remove', email: 'boss@example.com' });
    expect(answer).toMatchObject({
      status: 409,
      data: {
        intent: 'remove',
        result: { error: { '': ['You cannot remove the last admin. Add another admin first.'] } },
      },
    });
    expect(await isAdmin('boss@example.com')).toBe(true);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityType, 'admin'))).toEqual([]);
  });
});

describe('adding an admin', () => {
  it('takes a valid address, lowercased, even unregistered; audit-logged; redirects with a notice', async () => {
    const answer = await send({ intent: 'add', email: '  New.Person@Example.COM ' });
    expect(answer).toMatchObject({
      status: 302,
      location: '/admin/admins?notice=added&email=new.person%40example.com',
    });
    expect(await isAdmin('new.person@example.com')).toBe(true);
    const notice = await outcome(() =>
      adminsRoute.loader(args(get('/admin/admins?notice=added&email=new.person%40example.com', boss.cookie))),
    );
    // The rights wait for the invitation to be accepted, and the page says so.
    expect((notice.data as { success: string }).success).toBe(
      'new.person@example.com is listed. We have emailed them an invitation: the admin rights start once they ' +
        'open it and set a password (the link works for 72 hours).',
    );
    const entry = (await list()).find((a) => a.email === 'new.person@example.com');
    expect(entry).toMatchObject({ state: 'invited', name: null });
    const hours = (new Date(entry!.expiresAt!).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'admin.add'));
    expect(audit).toMatchObject({
      entityType: 'admin',
      entityId: 'new.person@example.com',
      before: null,
      after: { email: 'new.person@example.com', invitedUntil: entry!.expiresAt },
      actorEmail: boss.email,
    });
  });

  it('an existing verified customer gets no rights from being listed: no Admin Panel link, no admin page', async () => {
    await send({ intent: 'add', email: 'tolu@example.com' });
    const rows = await db()
      .select({ isAdmin: sessions.isAdmin })
      .from(sessions)
      .where(eq(sessions.userId, customer.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => !row.isAdmin)).toBe(true);
    expect((await list()).find((a) => a.email === 'tolu@example.com')).toMatchObject({ state: 'invited' });
    expect(await outcome(() => adminsRoute.loader(args(get('/admin/admins', customer.cookie))))).toMatchObject({
      status: 302,
      location: '/',
    });
  });

  it('adding an address twice says so and writes nothing more', async () => {
    const audits = (await db().select().from(auditLog)).length;
    expect(await send({ intent: 'add', email: 'TOLU@example.com' })).toMatchObject({
      status: 302,
      location: '/admin/admins?notice=already&email=tolu%40example.com',
    });
    expect(await db().select().from(auditLog)).toHaveLength(audits);
  });

  it('an invalid address is a 400 with the message under the field, keeping what was typed', async () => {
    expect(await send({ intent: 'add', email: 'not an email' })).toMatchObject({
      status: 400,
      data: {
        intent: 'add',
        result: { error: { email: ['Please enter a valid email address.'] }, initialValue: { email: 'not an email' } },
      },
    });
    expect(await send({ intent: 'add' })).toMatchObject({
      status: 400,
      data: { result: { error: { email: ['Please enter a valid email address.'] } } },
    });
    expect(await db().select().from(admins)).toHaveLength(3);
  });
});

describe('resending an invitation', () => {
  it('replaces the link (one invitation kept per address), says so, and is audit-logged', async () => {
    const before = await db().select().from(adminInvitations).where(eq(adminInvitations.email, 'tolu@example.com'));
    expect(before).toHaveLength(1);
    expect(await send({ intent: 'resend', email: 'Tolu@example.com' })).toMatchObject({
      status: 302,
      location: '/admin/admins?notice=resent&email=tolu%40example.com',
    });
    const after = await db().select().from(adminInvitations).where(eq(adminInvitations.email, 'tolu@example.com'));
    expect(after).toHaveLength(1);
    expect(after[0].tokenHash).not.toBe(before[0].tokenHash);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'admin.invite'));
    expect(audit).toMatchObject({ entityId: 'tolu@example.com', actorEmail: boss.email });
  });

  it('an accepted admin needs none (409); an address not listed is a 404', async () => {
    expect(await send({ intent: 'resend', email: 'boss@example.com' })).toMatchObject({
      status: 409,
      data: { intent: 'remove', result: { error: { '': ['That address has already accepted its invitation.'] } } },
    });
    expect(await send({ intent: 'resend', email: 'nobody@example.com' })).toMatchObject({ status: 404 });
  });
});

describe('removing an admin', () => {
  it('removes the address, clears the Admin Panel flag of their sessions and records what was removed', async () => {
    const answer = await send({ intent: 'remove', email: 'Tolu@Example.com' });
    expect(answer).toMatchObject({ status: 302, location: '/admin/admins?notice=removed&email=tolu%40example.com' });
    expect(await isAdmin('tolu@example.com')).toBe(false);
    expect(
      (await db().select({ isAdmin: sessions.isAdmin }).from(sessions).where(eq(sessions.userId, customer.id))).every(
        (row) => !row.isAdmin,
      ),
    ).toBe(true);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'admin.remove'));
    expect(audit).toMatchObject({ entityId: 'tolu@example.com', before: { email: 'tolu@example.com' }, after: null });
    // The removed admin is now just a customer.
    expect(await send({ intent: 'add', email: 'me@example.com' }, customer.cookie)).toMatchObject({
      status: 302,
      location: '/',
    });
  });

  it('an address that is not an admin is a 404; an unknown intent a 400; another site a 403', async () => {
    expect(await send({ intent: 'remove', email: 'nobody@example.com' })).toMatchObject({
      status: 404,
      data: { intent: 'remove', result: { error: { '': ['That address is not an admin.'] } } },
    });
    expect(await send({ intent: 'promote', email: 'x@example.com' })).toMatchObject({
      status: 400,
      data: { result: { error: { '': ['Unknown action.'] } } },
    });
    expect(
      (await send({ intent: 'remove', email: 'new.person@example.com' }, boss.cookie, 'https://evil.example')).status,
    ).toBe(403);
    expect(await isAdmin('new.person@example.com')).toBe(true);
  });

  it('an admin who removes their own address is sent home (they may no longer enter)', async () => {
    // An invited address is no admin yet: boss is still the last one who can enter.
    expect(await send({ intent: 'remove', email: 'boss@example.com' })).toMatchObject({ status: 409 });
    const second = await createUser({ admin: true, email: 'second@example.com' });
    const answer = await send({ intent: 'remove', email: 'boss@example.com' });
    expect(answer).toMatchObject({ status: 302, location: '/' });
    expect(await isAdmin('boss@example.com')).toBe(false);
    expect(await outcome(() => adminsRoute.loader(args(get('/admin/admins', boss.cookie))))).toMatchObject({
      location: '/',
    });
    expect((await db().select({ email: admins.email }).from(admins)).map((row) => row.email).sort()).toEqual([
      'new.person@example.com',
      second.email,
    ]);
  });
});
