/**
 * The mails a customer gets when the admin changes their order's status (decision 0024): shipped (carrier, tracking
 * number, tracking link), delivered, cancelled (what happens to the money). The payment's mail is the confirmation
 * (order-mails.server.ts). Each goes once per order (order_mails), as a job queued in the status change's
 * transaction, with a plain-text part and an HTML part laid out as the confirmation is. Everything typed by the admin
 * or the shopper (names, carrier, tracking number, the link) is escaped in the HTML part.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Shipment } from '~/lib/orders/admin-orders';
import { formatNaira } from '~/lib/money';
import { podHaveReady } from '~/lib/checkout/pay-on-delivery';
import { isHttpsUrl } from '~/lib/orders/order-timeline';
import { PAYMENT_STATUSES, type PaymentStatus } from '~/lib/orders/orders';
import { logger } from '../logger.server';
import type { Mail } from '../mail.server';
import { publicOrigin } from '../public-url.server';
import { getSettings } from '../store/settings.server';
import { checkedRows } from '../sql-rows.server';
import { hadOrderMail, sendOrderMailOnce, type OrderMailKind, type Transaction } from './order-mail-log.server';
import { addressLines, loadOrder, type MailOrder } from './order-mails.server';
import { escapeHtml, framedMail, htmlParagraph } from '../mail-frame.server';
import { reviewInvitation } from '../reviews/review-mail.server';

type Store = { storeName: string; supportEmail: string; origin: string };

/** The order's money when it was cancelled: what was paid, and what refunds not failed (or processed) give back. */
export type CancelledMoney = { paymentStatus: PaymentStatus; paid: number | null; refunding: number; refunded: number };

const moneyRow = z.object({
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paid: z.number().nullable(),
  refunding: z.number(),
  refunded: z.number(),
}) satisfies z.ZodType<CancelledMoney>;

async function readMoney(tx: Transaction, orderId: string): Promise<CancelledMoney> {
  const rows = await tx.execute(sql`
    select o.payment_status as "paymentStatus",
      (select p.amount::float8 from payments p where p.order_id = o.id) as paid,
      (select coalesce(sum(r.amount), 0)::float8 from refunds r
        where r.order_id = o.id and r.status <> 'failed') as refunding,
      (select coalesce(sum(r.amount), 0)::float8 from refunds r
        where r.order_id = o.id and r.status = 'processed') as refunded
    from orders o where o.id = ${orderId}`);
  const [row] = checkedRows(moneyRow, rows);
  return row;
}

/**
 * What the cancellation means for the money, truthfully: cancelling never refunds by itself (decision 0016), the
 * admin does it from the order page, so a paid order's mail says the refund is being arranged unless refunds already
 * cover the payment.
 */
export function cancelledMoneyText(money: CancelledMoney, total: number): string {
  const paid = money.paid ?? total;
  const to = 'to the card or account you paid with';
  switch (money.paymentStatus) {
    case 'paid': {
      if (money.refunded >= paid) return `Your payment of ${formatNaira(paid)} has been refunded ${to}.`;
      if (money.refunding >= paid)
        return (
          `A refund of ${formatNaira(paid)} is on its way ${to}. ` + 'Your bank may take a few working days to show it.'
        );
      const under = money.refunding > 0 ? ` (${formatNaira(money.refunding)} of it is already on its way)` : '';
      return (
        `You paid ${formatNaira(paid)}: we are arranging its refund ${to}${under}. ` +
        'Your bank may take a few working days to show it once it is sent.'
      );
    }
    case 'refunded':
      return `Your payment of ${formatNaira(paid)} has been refunded ${to}.`;
    case 'reversed':
      return 'Your bank reversed the payment for this order, so the money already went back to you.';
    case 'awaiting':
      return (
        'Your payment had not reached us when the order was cancelled, so nothing was charged. ' +
        'If your transfer still arrives, we will send it back to you.'
      );
    default:
      return 'No payment was taken for this order, so nothing was charged.';
  }
}

const numberOf = (order: MailOrder) => order.id.slice(-8).toUpperCase();

/** The same frame as the confirmation: hello, the news, the order's link, where to ask. */
function frame(order: MailOrder, store: Store, subject: string, body: { text: string[]; html: string[] }): Mail {
  const link = `${store.origin}/orders/${order.id}`;
  return framedMail({
    to: order.address.email,
    subject,
    greeting: `Hello ${order.address.firstName},`,
    text: [
      ...body.text,
      '',
      `Follow your order at ${link}`,
      `Questions? Reply to this email or write to ${store.supportEmail}.`,
    ],
    html: [
      ...body.html,
      `<p><a href="${escapeHtml(link)}">Follow your order</a> · Questions? Reply to this email or write to ` +
        `${escapeHtml(store.supportEmail)}.</p>`,
    ],
    signOff: store.storeName,
  });
}

export function shippedMail(order: MailOrder, shipment: Shipment | null, store: Store): Mail {
  const number = numberOf(order);
  const carrier = shipment?.carrier ?? null;
  const news = carrier
    ? `Good news: order ${number} from ${store.storeName} is on its way with ${carrier}.`
    : `Good news: order ${number} from ${store.storeName} is on its way.`;
  const tracking = shipment?.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : [];
  const url = shipment?.trackingUrl && isHttpsUrl(shipment.trackingUrl) ? shipment.trackingUrl : null;
  const destination = order.delivery.method === 'pickup' ? [] : ['', 'Delivering to:', ...addressLines(order.address)];
  // Pay on delivery (decision 0037): the money is collected at the door.
  const ready = order.paymentStatus === 'due' ? [podHaveReady(order.total)] : [];
  return frame(order, store, `Order ${number} has shipped`, {
    text: [news, ...ready, ...tracking, ...(url ? [`Track it: ${url}`] : []), ...destination],
    html: [
      htmlParagraph(news),
      ...ready.map(htmlParagraph),
      ...(tracking.length ? [htmlParagraph(tracking[0])] : []),
      ...(url ? [`<p><a href="${escapeHtml(url)}">Track your parcel</a></p>`] : []),
      ...(destination.length ? [`<p>${destination.filter(Boolean).map(escapeHtml).join('<br>')}</p>`] : []),
    ],
  });
}

export function deliveredMail(order: MailOrder, store: Store): Mail {
  const number = numberOf(order);
  const done = order.delivery.method === 'pickup' ? 'was collected' : 'was delivered';
  const news = `Order ${number} ${done}. Thank you for shopping with ${store.storeName}; we hope you love it.`;
  // The invitation to review each piece (decision 0040): the order page has a review form per line.
  const review = reviewInvitation(`${store.origin}/orders/${order.id}`);
  return frame(order, store, `Order ${number} ${done}`, {
    text: [news, review.text],
    html: [htmlParagraph(news), review.html],
  });
}

export function cancelledMail(order: MailOrder, money: CancelledMoney, store: Store): Mail {
  const number = numberOf(order);
  const news = `Order ${number} has been cancelled.`;
  const refund = cancelledMoneyText(money, order.total);
  return frame(order, store, `Order ${number} cancelled`, {
    text: [news, refund],
    html: [htmlParagraph(news), htmlParagraph(refund)],
  });
}

/** The statuses the customer is mailed about when the admin sets them; processing and pending are not news. */
export const MAILED_STATUSES = ['shipped', 'delivered', 'cancelled'] as const satisfies OrderMailKind[];
type MailedStatus = (typeof MAILED_STATUSES)[number];

export const isMailedStatus = (status: string): status is MailedStatus =>
  (MAILED_STATUSES as readonly string[]).includes(status);

/**
 * Queues the customer's mail about the order's new status, once per order and status, inside the status change's
 * transaction (which holds the order's row lock). A savepoint keeps a failure here from undoing the change: the order
 * is shipped whatever happens to its mail. True when a mail was queued.
 */
export async function queueStatusMail(
  tx: Transaction,
  orderId: string,
  status: MailedStatus,
  shipment: Shipment | null,
): Promise<boolean> {
  try {
    return await tx.transaction(async (inner) => {
      if (await hadOrderMail(inner, orderId, status)) return false;
      const [order, settings] = await Promise.all([loadOrder(inner, orderId), getSettings()]);
      if (!order) return false;
      const store = { storeName: settings.storeName, supportEmail: settings.supportEmail, origin: publicOrigin() };
      let mail: Mail;
      if (status === 'shipped') mail = shippedMail(order, shipment, store);
      else if (status === 'delivered') mail = deliveredMail(order, store);
      else mail = cancelledMail(order, await readMoney(inner, orderId), store);
      return (await sendOrderMailOnce(inner, orderId, status, mail)) !== null;
    });
  } catch (error) {
    logger.error({ err: error, orderId, status }, 'the status mail could not be queued; the status is saved');
    return false;
  }
}
