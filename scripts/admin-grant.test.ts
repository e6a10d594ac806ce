import { eq, sql } from 'drizzle-orm';
import { createProduct } from '../tests/factories';
import { describe, expect, it } from 'vitest';
import { admins, sessions, users } from '~/db/schema';
import { auth, isAdmin } from '~/server/accounts/auth.server';
import { db } from '~/server/db.server';
import { adminGrant } from './admin-grant';
import { createDemoAccounts, DEMO_ADMIN_EMAIL, DEMO_CUSTOMER_EMAIL } from './demo-accounts';

describe('admin:grant', () => {
  it('adds a lowercased admin once, before or after the person registers', async () => {
    const lines: string[] = [];
    expect(await adminGrant([' Boss@Example.com '], (line) => lines.push(line))).toBe(0);
    expect(await adminGrant(['boss@example.com'], (line) => lines.push(line))).toBe(0);
    const wait =
      'The admin rights start once the address is verified: ' +
      'its owner registers with it and opens the confirmation link we email them.';
    expect(lines).toEqual([
      `boss@example.com is now an admin. No account uses it yet. ${wait}`,
      `boss@example.com was already an admin. No account uses it yet. ${wait}`,
    ]);
    expect(await db().select().from(admins).where(eq(admins.email, 'boss@example.com'))).toHaveLength(1);
    expect(await isAdmin('BOSS@example.com')).toBe(true);
    expect(await isAdmin('someone-else@example.com')).toBe(false);
  });

  it('marks the open sessions of a verified account only, and says when the rights wait for verification', async () => {
    const { user } = await auth().api.signUpEmail({
      body: {
        email: 'later@example.com',
        password: 'secret-pass',
        name: 'Later Admin',
        firstName: 'Later',
        lastName: 'Admin',
      },
    });
    const flag = async () => (await db().select().from(sessions).where(eq(sessions.userId, user.id)))[0].isAdmin;
    expect(await flag()).toBe(false);
    const lines: string[] = [];
    await adminGrant(['later@example.com'], (line) => lines.push(line));
    expect(lines[0]).toMatch(
      new RegExp(
        /^later@example\.com is now an admin\. Its account has not verified the address yet\. /.source +
          /The admin rights start once the address is verified/.source,
      ),
    );
    expect(await flag()).toBe(false);
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    await adminGrant(['later@example.com'], (line) => lines.push(line));
    expect(lines[1]).toBe('later@example.com was already an admin. Its account is verified: the rights apply now.');
    expect(await flag()).toBe(true);
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
    // Admin rights need a verified address: the demo admin is created verified, and its session gets the flag.
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
