/**
 * The mails page (/admin/settings/mails, docs/requirements.md#12-admin-area): each mail the store sends
 * (app/lib/store/admin-mail-previews.ts lists them) built by its own domain's function from a sample
 * (./admin-mail-samples.server.ts: the store's real settings and products, a sample order in memory), and "Send me a
 * test", which queues that mail to the signed-in admin's own address through the mail queue, audit-logged.
 */
import { BACK_IN_STOCK_CONFIRM_HOURS } from '~/lib/back-in-stock/back-in-stock-words';
import { INVITATION_HOURS } from '~/lib/accounts/admin-admins';
import { formatOrderDateTime } from '~/lib/orders/orders';
import type { MailPreviewEntry, MailPreviewId, MailPreviewView } from '~/lib/store/admin-mail-previews';
import {
  adminInvitationMail,
  alreadyRegisteredMail,
  passwordResetMail,
  verifyEmailMail,
} from '../accounts/account-mails.server';
import { VERIFY_TOKEN_HOURS } from '../accounts/email-verification.server';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { alertConfirmationMail, alertMail } from '../back-in-stock/alert-mails.server';
import { abandonedCartMail } from '../cart/abandoned-cart-mail.server';
import { awaitingTransferMail, refundProcessedMail } from '../orders/money-mails.server';
import { confirmationMail, newOrderNotice, supportNotice } from '../orders/order-mails.server';
import { cancelledMail, deliveredMail, shippedMail } from '../orders/status-mails.server';
import { unpaidReminderMail } from '../orders/unpaid-reminder.server';
import { db } from '../db.server';
import { queueMail } from '../jobs/mail-jobs.server';
import { wakeWorkers } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import type { Mail } from '../mail.server';
import { mailSample, sampleOrder, type MailSample } from './admin-mail-samples.server';

type Builder = (sample: MailSample) => Promise<Mail>;

/** A link of the store's with the sample's made-up token. */
const link = (sample: MailSample, path: string) => `${sample.store.origin}${path}?token=${sample.token}`;

/** The piece an alert is about: the first sample product. */
const alertOf = (sample: MailSample) => {
  const [product] = sample.products;
  return { ...product, email: sample.to, productId: product.id };
};

/** The reminder's order: the sample order left unpaid, its items still held. */
const unpaidOrder = (sample: MailSample) => {
  const order = sampleOrder(sample, 'abandoned');
  const items = order.items.map((item, index) => ({ ...item, productId: sample.products[index].id, available: true }));
  return { ...order, items, payable: true, stillHeld: true };
};

const BUILDERS: Record<MailPreviewId, Builder> = {
  'order-confirmed': (sample) => confirmationMail(sampleOrder(sample), sample.store),
  'order-pay-on-delivery': (sample) => confirmationMail(sampleOrder(sample, 'due'), sample.store),
  'order-awaiting-transfer': (sample) =>
    awaitingTransferMail(sampleOrder(sample, 'awaiting'), sample.store, sample.transferWindowMinutes),
  'order-shipped': (sample) =>
    shippedMail(
      sampleOrder(sample),
      { carrier: 'GIG Logistics', trackingNumber: 'GIG-2048-7731', trackingUrl: 'https://giglogistics.com/track' },
      sample.store,
    ),
  'order-delivered': (sample) => deliveredMail(sampleOrder(sample), sample.store),
  'order-cancelled': (sample) => {
    const order = sampleOrder(sample);
    const money = { paymentStatus: order.paymentStatus, paid: order.total, refunding: order.total, refunded: 0 };
    return cancelledMail(order, money, sample.store);
  },
  'refund-processed': (sample) => {
    const order = sampleOrder(sample);
    return refundProcessedMail(order, order.items[0].unitPrice, sample.store);
  },
  'pay-reminder': (sample) => unpaidReminderMail(unpaidOrder(sample), sample.store),
  'abandoned-cart': (sample) =>
    abandonedCartMail(
      { email: sample.to, firstName: sample.customer.firstName },
      sample.products.map((product, index) => ({ ...product, quantity: index + 1, available: 10 })),
      sample.store,
    ),
  'back-in-stock': (sample) => alertMail({ ...alertOf(sample), reason: 'restock' }, sample.store),
  drop: (sample) => alertMail({ ...alertOf(sample), size: '', color: '', reason: 'drop' }, sample.store),
  'alert-confirmation': (sample) => {
    const { email, name, size, color } = alertOf(sample);
    const confirm = link(sample, '/back-in-stock/confirm');
    const alert = { email, productName: name, size, color, link: confirm };
    return alertConfirmationMail(alert, sample.store, BACK_IN_STOCK_CONFIRM_HOURS);
  },
  'verify-email': (sample) =>
    verifyEmailMail({ to: sample.to, link: link(sample, '/verify-email'), hours: VERIFY_TOKEN_HOURS }, sample.store),
  'password-reset': (sample) =>
    passwordResetMail(
      { to: sample.to, firstName: sample.customer.firstName, link: link(sample, '/reset-password') },
      sample.store,
    ),
  'already-registered': (sample) =>
    alreadyRegisteredMail(
      {
        to: sample.to,
        signInLink: `${sample.store.origin}/login`,
        resetLink: `${sample.store.origin}/forgot-password`,
      },
      sample.store,
    ),
  'admin-new-order': (sample) => newOrderNotice(sampleOrder(sample), sample.store),
  // The words of payments/disputes.server.ts's notice when a chargeback opens.
  'admin-dispute': (sample) => {
    const order = sampleOrder(sample);
    const due = formatOrderDateTime(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
    const body =
      `The customer's bank disputes payment ${order.reference} (fraud).` +
      ` Answer it on the order page by ${due} (Lagos time).`;
    return supportNotice(sample.store, order.id, `Chargeback opened on order ${order.id}`, body);
  },
  'admin-invitation': (sample) =>
    adminInvitationMail(
      { to: sample.to, link: link(sample, '/admin-invitation'), hours: INVITATION_HOURS },
      sample.store,
    ),
};

/** The line React Email's Preview hides at the top of the HTML: what a phone's inbox shows under the subject. */
export function previewLine(html: string): string {
  const hidden = /data-skip-in-text="true">([^<]*)/.exec(html)?.[1] ?? '';
  return hidden
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** `entry` built for the admin at `to` as the page shows it. */
export async function previewMail(entry: MailPreviewEntry, to: string): Promise<MailPreviewView> {
  const mail = await BUILDERS[entry.id](await mailSample(to));
  const html = mail.html ?? '';
  return {
    id: entry.id,
    name: entry.name,
    when: entry.when,
    to: mail.to,
    subject: mail.subject,
    preview: previewLine(html),
    html,
    text: mail.text,
    htmlBytes: Buffer.byteLength(html, 'utf8'),
  };
}

/** A test's subject says it is one, so it is never taken for a real order or a real request. */
export const TEST_SUBJECT_PREFIX = '[Test] ';

/**
 * Queues `id` built from the sample to the admin's own address, with the audit row in the same transaction: the
 * test mail exists exactly when its record does. Returns the mail job's id.
 */
export async function sendTestMail(admin: AuditActor, id: MailPreviewId): Promise<string> {
  const built = await BUILDERS[id](await mailSample(admin.email));
  // The store's notices go to the support address: a test of one goes to the admin who asked, like the others.
  const mail: Mail = { ...built, to: admin.email, subject: `${TEST_SUBJECT_PREFIX}${built.subject}` };
  const jobId = await db().transaction(async (tx) => {
    const queued = await queueMail(mail, { db: tx });
    await recordAudit(tx, admin, {
      action: 'mail.test_sent',
      entityType: 'mail',
      entityId: id,
      after: { to: mail.to, subject: mail.subject, jobId: queued },
    });
    return queued;
  });
  wakeWorkers(QUEUES.mail.name);
  return jobId;
}
