/**
 * Email verification through Better Auth (its signed, expiring tokens), with the link sent by the store's own
 * mail (SMTP or the outbox) and landing on our /verify-email page, where a button (a POST) confirms: a link
 * scanner's GET changes nothing. Customers may shop unverified; confirming never grants admin rights
 * (decision 0026).
 */
import { eq } from 'drizzle-orm';
import { users } from '~/db/schema';
import { verifyEmailMail } from './account-mails.server';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { sendMail } from '../mail.server';
import { mailStore } from '../mail/store.server';
import { publicUrl } from '../public-url.server';

export const VERIFY_TOKEN_HOURS = 24;

/** The store's own address for links in mails: from configuration (PUBLIC_URL), never from a request's Host. */
export const verificationLink = (token: string) => publicUrl(`/verify-email?token=${encodeURIComponent(token)}`);

type VerificationUser = { id: string; email: string; emailVerified: boolean };

/** Better Auth's `emailVerification` options. */
export const emailVerificationOptions = {
  sendOnSignUp: true,
  expiresIn: VERIFY_TOKEN_HOURS * 60 * 60,
  sendVerificationEmail: async ({ user, token }: { user: VerificationUser; token: string }) => {
    // Sign-up mails go out after the answer: an account verified in the meantime (the demo admin) needs none.
    const [current] = await db().select({ verified: users.emailVerified }).from(users).where(eq(users.id, user.id));
    if (current?.verified) return;
    const mail = { to: user.email, link: verificationLink(token), hours: VERIFY_TOKEN_HOURS };
    await sendMail(await verifyEmailMail(mail, await mailStore()));
  },
  afterEmailVerification: async (user: { id: string }) => {
    logger.info({ userId: user.id }, 'email address verified');
  },
};
