/**
 * Email verification through Better Auth (its signed, expiring tokens), with the link sent by the store's own
 * mail (SMTP or the outbox) and landing on our /verify-email page, which works without JavaScript. Customers
 * may shop unverified; admin rights wait for it (admin-rights.server.ts).
 */
import { eq } from 'drizzle-orm';
import { users } from '~/db/schema';
import { verifyEmailMail } from './account-mails.server';
import { syncAdminFlagByUser } from './admin-rights.server';
import { db } from '../db.server';
import { env } from '../env.server';
import { logger } from '../logger.server';
import { sendMail } from '../mail.server';

export const VERIFY_TOKEN_HOURS = 24;

/**
 * The store's own address for links in mails: from configuration, never from a request's Host header (a forged
 * Host would otherwise send the link to another site).
 */
function storeAddress(): string {
  return env().PUBLIC_URL ?? `http://localhost:${env().PORT}`;
}

export const verificationLink = (token: string) =>
  new URL(`/verify-email?token=${encodeURIComponent(token)}`, storeAddress()).toString();

type VerificationUser = { id: string; email: string; emailVerified: boolean; firstName?: unknown };

/** Better Auth's `emailVerification` options. */
export const emailVerificationOptions = {
  sendOnSignUp: true,
  expiresIn: VERIFY_TOKEN_HOURS * 60 * 60,
  sendVerificationEmail: async ({ user, token }: { user: VerificationUser; token: string }) => {
    // Sign-up mails go out after the answer: an account verified in the meantime (the demo admin) needs none.
    const [current] = await db().select({ verified: users.emailVerified }).from(users).where(eq(users.id, user.id));
    if (current?.verified) return;
    const firstName = typeof user.firstName === 'string' ? user.firstName : '';
    await sendMail(
      verifyEmailMail({ to: user.email, firstName, link: verificationLink(token), hours: VERIFY_TOKEN_HOURS }),
    );
  },
  afterEmailVerification: async (user: { id: string }) => {
    logger.info({ userId: user.id }, 'email address verified');
    // An address already listed as an admin gets the Admin Panel link at once.
    await syncAdminFlagByUser(db(), user.id);
  },
};
