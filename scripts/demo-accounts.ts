/**
 * After `npm start` has just seeded the demo catalog: a demo admin and a demo customer, with passwords made
 * for this database and printed once to the console. Skipped when DEMO_ACCOUNTS=0. An address that already
 * has an account is left alone (running it twice changes nothing).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../app/db/schema';
import { grantAcceptedAdmin } from '../app/server/accounts/admin-rights.server';
import { auth } from '../app/server/accounts/auth.server';
import { db } from '../app/server/db.server';
import { env } from '../app/server/env.server';
import { seedDemoOrders } from './seed/demo-orders';
import { seedDemoReviews } from './seed/demo-reviews';

export const DEMO_ADMIN_EMAIL = 'admin@demo.store';
export const DEMO_CUSTOMER_EMAIL = 'customer@demo.store';

type DemoAccount = { email: string; password: string; role: 'admin' | 'customer' };

export async function createDemoAccounts({ log = console.log }: { log?: (line: string) => void } = {}): Promise<
  DemoAccount[]
> {
  if (env().DEMO_ACCOUNTS === '0') return [];
  const wanted = [
    { email: DEMO_ADMIN_EMAIL, firstName: 'Demo', lastName: 'Admin', role: 'admin' as const },
    { email: DEMO_CUSTOMER_EMAIL, firstName: 'Demo', lastName: 'Customer', role: 'customer' as const },
  ];
  const created: DemoAccount[] = [];
  for (const account of wanted) {
    const password = `demo-${randomBytes(9).toString('base64url')}`;
    // Asked first: signing up a known address answers as for a new one (auth.server.ts), with no account behind it.
    const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (existing) continue;
    // Server-side call: not rate limited, no cookies needed.
    const {
      user: { id: userId },
    } = await auth().api.signUpEmail({
      body: {
        email: account.email,
        password,
        name: `${account.firstName} ${account.lastName}`,
        firstName: account.firstName,
        lastName: account.lastName,
      },
    });
    if (account.role === 'admin') {
      // This address and account are ours, made here: verified, and an accepted admin at once, without the
      // invitation a real address needs (decision 0026). The seed is trusted; no request can reach this.
      await db().update(users).set({ emailVerified: true }).where(eq(users.id, userId));
      await grantAcceptedAdmin(db(), userId);
    }
    // The demo customer has a month of orders, so /orders and the admin dashboard are not empty.
    if (account.role === 'customer') {
      await seedDemoOrders(userId);
      // Approved reviews of its delivered orders, so product pages show ratings (decision 0040).
      await seedDemoReviews(userId);
    }
    created.push({ email: account.email, password, role: account.role });
  }
  if (created.length) {
    log(
      [
        '',
        '  Demo accounts (shown once; set DEMO_ACCOUNTS=0 to skip them):',
        ...created.map((a) => `    ${a.role.padEnd(8)} ${a.email}  password: ${a.password}`),
        '',
      ].join('\n'),
    );
  }
  return created;
}
