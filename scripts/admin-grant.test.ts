import { eq, sql } from 'drizzle-orm';
import { createProduct, createUser } from '../tests/factories';
import { describe, expect, it } from 'vitest';
import { adminInvitations, admins, sessions, users } from '~/db/schema';
import { acceptInvitation } from '~/server/accounts/admin-invitations.server';
import { hasAdminRights } from '~/server/accounts/admin-rights.server';
import { auth, isAdmin } from '~/server/accounts/auth.server';
import { db } from '~/server/db.server';
import { post } from '../tests/route-helpers';
import { adminGrant } from './admin-grant';
import { createDemoAccounts, DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL } from './demo-accounts';

const LINK = /(http:\/\/\S+\/admin-invitation\?token=([\w-]+))/;

describe('admin:grant', () => {
  it('lists a lowercased address once and invites it, printing the link; a second run replaces the link', async () => {
    const lines: string[] = [];
    expect(await adminGrant([' Boss@Example.com '], (line) => lines.push(line))).toBe(0);
    expect(await adminGrant(['boss@example.com'], (line) => lines.push(line))).toBe(0);
    expect(lines[0]).toMatch(/^boss@example\.com is now listed as an admin\. An invitation was emailed to it; /);
    expect(lines[0]).toMatch(/its link works once, within 72 hours: http:\/\/\S+\/admin-invitation\?token=/);
    expect(lines[1]).toBe(
      'Listing an address gives no rights by itself: they start when its owner opens the emailed invitation ' +
        'and sets a password.',
    );
    expect(lines[2]).toMatch(/^boss@example\.com was already listed\. /);
    expect(await db().select().from(admins).where(eq(admins.email, 'boss@example.com'))).toHaveLength(1);
    expect(await isAdmin('BOSS@example.com')).toBe(true);
    // Only a hash of the token is kept, and only the newest invitation is left.
    const rows = await db().select().from(adminInvitations).where(eq(adminInvitations.email, 'boss@example.com'));
    expect(rows).toHaveLength(1);
    const [, , newest] = LINK.exec(lines[2])!;
    expect(rows[0].tokenHash).not.toContain(newest);
    expect(rows[0].invitedBy).toBe('admin:grant');
    // The first link was replaced.
    const [, , first] = LINK.exec(lines[0])!;
    expect(
      await acceptInvitation(post('/admin-invitation', {}), first, {
        password: 'amber-kettle-river',
        firstName: 'B',
        lastName: 'O',
      }),
    ).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('never grants rights itself, not even to a verified account with the address; the link does', async () => {
    const user = await createUser({ email: 'later@example.com', verified: true });
    const flag = async () => (await db().select().from(sessions).where(eq(sessions.userId, user.id)))[0]?.isAdmin;
    const lines: string[] = [];
    await adminGrant(['later@example.com'], (line) => lines.push(line));
    expect(await hasAdminRights(user.id)).toBe(false);
    expect(await flag()).toBe(false);
    const [, , token] = LINK.exec(lines[0])!;
    const accepted = await acceptInvitation(post('/admin-invitation', {}), token, { password: 'copper-kite-song' });
    expect(accepted).toMatchObject({ ok: true, signedIn: true });
    expect(await hasAdminRights(user.id)).toBe(true);
    // The old session ended with the old password; the new one has the flag.
    expect(await flag()).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    const again: string[] = [];
    await adminGrant(['later@example.com'], (line) => again.push(line));
    expect(again).toEqual(['later@example.com is already an admin: its invitation was accepted.']);
  });

  it('refuses a missing or malformed address with the usage line and exit code 2', async () => {
    const lines: string[] = [];
    expect(await adminGrant([], (line) => lines.push(line))).toBe(2);
    expect(await adminGrant(['not-an-email'], (line) => lines.push(line))).toBe(2);
    expect(lines[0]).toMatch(/usage: npm run admin:grant/);
  });
});

describe('demo accounts', () => {
  it('creates a demo admin and a demo customer once, with printed passwords that work', async () => {
    const printed: string[] = [];
    await createProduct({ stock: { 'M/Black': 50 } });
    const created = await createDemoAccounts({ log: (line) => printed.push(line) });
    expect(created.map((a) => a.email)).toEqual([DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL]);
    expect(printed.join('\n')).toContain(created[0].password);
    expect(await isAdmin(DEMO_ADMIN_EMAIL)).toBe(true);
    // The seed is trusted: the demo admin is created verified and an accepted admin, and its session gets the flag.
    const [demoAdmin] = await db().select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(demoAdmin.emailVerified).toBe(true);
    const adminSignIn = await auth().api.signInEmail({
      body: { email: DEMO_ADMIN_EMAIL, password: created[0].password },
    });
    expect((await db().select().from(sessions).where(eq(sessions.token, adminSignIn.token)))[0].isAdmin).toBe(true);
    expect(await isAdmin(DEMO_CUSTOMER_EMAIL)).toBe(false);
    const signedIn = await auth().api.signInEmail({
      body: { email: DEMO_CUSTOMER_EMAIL, password: created[1].password },
    });
    expect(signedIn.user.email).toBe(DEMO_CUSTOMER_EMAIL);
    // The demo customer has a month of orders to look at.
    const [{ n: orderCount }] = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from orders where user_id = ${signedIn.user.id}`,
    );
    expect(orderCount).toBeGreaterThan(0);
    expect(await createDemoAccounts({ log: () => {} })).toEqual([]);
    expect(await db().select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL))).toHaveLength(1);
  });
});
