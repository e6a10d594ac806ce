/**
 * The mails page (/admin/settings/mails, docs/requirements.md#12-admin-area): every mail the store sends, each shown
 * with the store's own settings and a sample order, and "Send me a test", which queues it to the signed-in admin.
 * The list is here (names, when each is sent); how each is built is on the server
 * (app/server/store/admin-mail-previews.server.ts).
 */
import { z } from 'zod';

export const MAIL_GROUPS = ['Orders', 'Cart and alerts', 'Accounts', 'To the store'] as const;
export type MailGroup = (typeof MAIL_GROUPS)[number];

type Entry = { id: string; group: MailGroup; name: string; when: string };

/** Every mail the store sends, in the order the page lists them. */
export const MAIL_PREVIEWS = [
  {
    id: 'order-confirmed',
    group: 'Orders',
    name: 'Order confirmed',
    when: 'To the customer once an order is paid.',
  },
  {
    id: 'order-pay-on-delivery',
    group: 'Orders',
    name: 'Order confirmed, pay on delivery',
    when: 'To the customer when an order to pay on delivery is placed.',
  },
  {
    id: 'order-awaiting-transfer',
    group: 'Orders',
    name: 'Waiting for the transfer',
    when: 'To the customer when a bank transfer is on its way and the order waits for it to arrive.',
  },
  {
    id: 'order-shipped',
    group: 'Orders',
    name: 'Order shipped',
    when: 'When the order is marked Shipped, with the carrier and the tracking link.',
  },
  {
    id: 'order-delivered',
    group: 'Orders',
    name: 'Order delivered',
    when: 'When the order is marked Delivered; it invites a review of each piece.',
  },
  {
    id: 'order-cancelled',
    group: 'Orders',
    name: 'Order cancelled',
    when: 'When the order is cancelled; it says what happens to the money.',
  },
  {
    id: 'refund-processed',
    group: 'Orders',
    name: 'Refund sent',
    when: 'To the customer each time a refund of the order is sent.',
  },
  {
    id: 'pay-reminder',
    group: 'Orders',
    name: 'Reminder to pay',
    when: 'Once, the minutes set under Automated mails after a shopper left a payment unfinished.',
  },
  {
    id: 'abandoned-cart',
    group: 'Cart and alerts',
    name: 'Abandoned cart',
    when: 'To a signed-in customer whose cart lay untouched for the hours set under Automated mails.',
  },
  {
    id: 'back-in-stock',
    group: 'Cart and alerts',
    name: 'Back in stock',
    when: 'Once, to each confirmed "Email me when it’s back" request, when its size and colour can be bought again.',
  },
  {
    id: 'drop',
    group: 'Cart and alerts',
    name: 'It has dropped',
    when: 'Once, to each confirmed "Email me when it drops" request, at the product’s opening.',
  },
  {
    id: 'alert-confirmation',
    group: 'Cart and alerts',
    name: 'Confirm an alert',
    when: 'To an address asking for a back-in-stock or drop alert that nobody has confirmed yet.',
  },
  {
    id: 'verify-email',
    group: 'Accounts',
    name: 'Confirm your email',
    when: 'At sign-up, and when a customer asks for the link again from their account.',
  },
  {
    id: 'password-reset',
    group: 'Accounts',
    name: 'Reset your password',
    when: 'When someone asks to reset the password of an account.',
  },
  {
    id: 'already-registered',
    group: 'Accounts',
    name: 'You already have an account',
    when: 'When someone signs up with an address that already has an account.',
  },
  {
    id: 'admin-invitation',
    group: 'Accounts',
    name: 'Admin invitation',
    when: 'When an address is added on the Admins page, or its invitation is sent again.',
  },
  {
    id: 'admin-new-order',
    group: 'To the store',
    name: 'New order',
    when: 'To the support address when an order is paid or placed to pay on delivery.',
  },
  {
    id: 'admin-dispute',
    group: 'To the store',
    name: 'Chargeback notice',
    when: 'To the support address when a customer’s bank disputes a payment, and at each step after.',
  },
] as const satisfies readonly Entry[];

export type MailPreviewId = (typeof MAIL_PREVIEWS)[number]['id'];
export type MailPreviewEntry = (typeof MAIL_PREVIEWS)[number];

const MAIL_IDS = MAIL_PREVIEWS.map((mail) => mail.id) as [MailPreviewId, ...MailPreviewId[]];

export const mailPreviewOf = (id: string | null): MailPreviewEntry | undefined =>
  MAIL_PREVIEWS.find((mail) => mail.id === id);

/** A mail as the page shows it: what the inbox shows (subject, preview line), the HTML, the plain-text twin. */
export type MailPreviewView = {
  id: MailPreviewId;
  name: string;
  when: string;
  to: string;
  subject: string;
  preview: string;
  html: string;
  text: string;
  /** The HTML's size in bytes (no mail may pass 100 KB, docs/decisions/0046-mail-frame.md). */
  htmlBytes: number;
};

export const MAIL_PREVIEW_MESSAGES = {
  sent: (email: string) => `A test of this mail was queued to ${email}. It arrives within a minute or two.`,
  failed: 'The test mail could not be queued. Please try again in a moment.',
  unknown: 'That mail is not in the list. Choose one from the list.',
  notFound: 'There is no such mail. Choose one from the list of mails.',
} as const;

/** "Send me a test": the mail shown. Its fields are hidden, so a wrong one is a stale or hand-made post. */
export const sendTestSchema = z.object({
  intent: z.literal('send-test'),
  mail: z.enum(MAIL_IDS, { error: MAIL_PREVIEW_MESSAGES.unknown }),
});

/** The page's address for one mail (a GET link: the list works without JavaScript). */
export const mailPreviewHref = (id: MailPreviewId, extra = '') => `/admin/settings/mails?mail=${id}${extra}`;
