/**
 * The hourly caps of the forms that make the store send mail or keep an address (decision 0027,
 * docs/requirements.md#14-messages): back-in-stock, newsletter and contact. Each submission that would store or send
 * counts once against the client's address and once against the mailbox it names (app/lib/mailbox.ts); past
 * either cap nothing is stored or sent. Zod-free: the product and home pages' scripts may read the message.
 */

export type CappedForm = 'back-in-stock' | 'newsletter' | 'contact';

export const FORM_CAPS = {
  /** Submissions naming one mailbox per hour: a real shopper needs a handful, a flood needs many. */
  perMailbox: 5,
  /** Submissions from one client address per hour: a shared office or mobile carrier's address still fits. */
  perClient: 20,
  windowMinutes: 60,
} as const;

export const FORM_CAP_MESSAGE =
  'Too many requests from your connection or for this address in the last hour. Please try again later.';
