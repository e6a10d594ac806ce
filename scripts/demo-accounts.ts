/**
 * After `npm start` has just seeded the demo catalog: a demo admin and a demo customer, with passwords made
 * for this database and printed once to the console. Skipped when DEMO_ACCOUNTS=0. An address that already
 * has an account is left alone (running it twice changes nothing).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../app/db/schema';
import { auth, grantAdmin } from '../app/server/accounts/auth.server';
import { db } from '../app/server/db.server';
import { env } from '../app/server/env.server';
import { seedDemoOrders } from './seed/demo-orders';

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
    let userId: string;
    try {
      // Server-side call: not rate limited, no cookies needed.
      ({
        user: { id: userId },
      } = await auth().api.signUpEmail({
        body: {
          email: account.email,
          password,
          name: `${account.firstName} ${account.lastName}`,
          firstName: account.firstName,
          lastName: account.lastName,
        },
      }));
    } catch (error) {
      const code = (error as { body?: { code?: string } }).body?.code ?? '';
      if (code.startsWith('USER_ALREADY_EXISTS')) continue;
      throw error;
    }
    if (account.role === 'admin') {
      // Admin rights need a verified address; this one is ours, made here, so it starts verified.
      await db().update(users).set({ emailVerified: true }).where(eq(users.id, userId));
      await grantAdmin(account.email);
    }
    // The demo customer has a month of orders, so /orders and the admin dashboard are not empty.
    if (account.role === 'customer') await seedDemoOrders(userId);
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
