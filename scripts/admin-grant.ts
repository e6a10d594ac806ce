/**
 * `npm run admin:grant -- someone@example.com`: makes that address an admin
 * (docs/requirements.md#11-accounts-and-roles: an admin is a user whose email is in `admins`). Works before the person
 * registers, and on a running store: it connects to the embedded database the store is using (or DATABASE_URL) and
 * applies pending migrations first.
 */
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ADMINS_MESSAGES } from '../app/lib/admin-admins';
import type { AdminAccountState } from '../app/server/accounts/admin-rights.server';
import { runMigrations } from '../app/server/migrate.server';
import { grantAdmin } from '../app/server/accounts/auth.server';
import { runTool, withStoreDatabase } from './lib/with-store-database';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/** Whether the rights apply now: only a verified address has them. */
const STATE_LINES: Record<AdminAccountState, string> = {
  verified: 'Its account is verified: the rights apply now.',
  unverified: `Its account has not verified the address yet. ${ADMINS_MESSAGES.rightsWaitForVerification}`,
  'no-account': `No account uses it yet. ${ADMINS_MESSAGES.rightsWaitForVerification}`,
};

/** Exit code 0 on success, 2 for a bad argument. */
export async function adminGrant(args: string[], print: (line: string) => void = console.log): Promise<number> {
  const emails = args.filter((arg) => !arg.startsWith('-'));
  const parsed = emails.map((arg) => emailSchema.safeParse(arg));
  if (emails.length === 0 || parsed.some((result) => !result.success)) {
    print('usage: npm run admin:grant -- someone@example.com [another@example.com ...]');
    return 2;
  }
  for (const result of parsed) {
    if (!result.success) continue;
    const { email, added, account } = await grantAdmin(result.data);
    print(`${added ? `${email} is now an admin.` : `${email} was already an admin.`} ${STATE_LINES[account]}`);
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runTool(() =>
    withStoreDatabase(async () => {
      await runMigrations();
      return adminGrant(process.argv.slice(2));
    }),
  );
}
