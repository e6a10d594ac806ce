/**
 * `npm run admin:grant -- someone@example.com`: lists that address as an admin and invites it, exactly as the admins
 * page does (decision 0026: admin by invitation only). It grants no rights by itself: they start when the address's
 * owner opens the invitation and sets a password. The link is mailed (SMTP_URL, or the outbox) and printed, since the
 * store's owner may have no mail set up yet. Works on a running store: it connects to the embedded database the store
 * is using (or DATABASE_URL) and applies pending migrations first.
 */
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ADMINS_MESSAGES, INVITATION_HOURS } from '../app/lib/accounts/admin-admins';
import { listAndInvite, mailInvitation } from '../app/server/accounts/admin-invitations.server';
import { runMigrations } from '../app/server/migrate.server';
import { runTool, withStoreDatabase } from './lib/with-store-database';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

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
    const outcome = await listAndInvite(result.data);
    if ('accepted' in outcome) {
      print(`${outcome.email} is already an admin: its invitation was accepted.`);
      continue;
    }
    const { email, added, invitation } = outcome;
    let mailed = true;
    try {
      await mailInvitation(invitation);
    } catch {
      mailed = false;
    }
    print(
      `${added ? `${email} is now listed as an admin.` : `${email} was already listed.`} ` +
        `${mailed ? 'An invitation was emailed to it' : 'The invitation email could not be sent'}; ` +
        `its link works once, within ${INVITATION_HOURS} hours: ${invitation.link}`,
    );
    print(ADMINS_MESSAGES.rightsWaitForInvitation);
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
