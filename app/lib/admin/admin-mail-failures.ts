/** The mail-failures page: mails that failed their last retry, and Retry. */
import { z } from 'zod';

/** One failed mail as the page shows it: never its body (it may hold a sign-in or reset link). */
export type MailFailureView = {
  id: number;
  recipient: string;
  subject: string;
  lastError: string;
  attempts: number;
  failedAt: string;
};

/** A failed mail's Retry button. */
export const retryMailSchema = z.object({
  intent: z.literal('retry'),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const MAIL_FAILURE_MESSAGES = {
  queued: 'The mail was queued again. It goes out within a minute if the mail server accepts it.',
  alreadyRetried: 'That mail has already been queued again. Reload the page to see the current list.',
  notFound: 'That mail is no longer in the list. Reload the page to see the current list.',
  failed: 'The mail could not be queued again. Please try again in a moment.',
} as const;
