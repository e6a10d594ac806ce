/**
 * The mails a paid order sends: the confirmation to the customer and a new-order notice to the support
 * address. Product names and promo codes are shop data typed by staff: escaped in the HTML part like everything else.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ShippingAddress } from '~/lib/accounts/address';
import { describeOrderDelivery, nextSteps } from '~/lib/delivery/delivery';
import { formatFee, formatNaira } from '~/lib/money';
import { orderDiscountLine, PAYMENT_STATUSES, type OrderDelivery, type PaymentStatus } from '~/lib/orders/orders';
import { podDueLine, podHaveReady } from '~/lib/checkout/pay-on-delivery';
import { PAID_BY_DISCOUNT } from '~/lib/payments/paid-by-discount';
import type { Database } from '../db.server';
import { queueMail } from '../jobs/mail-jobs.server';
import type { SqlRunner } from '../jobs/queue.server';
import { logger } from '../logger.server';
import type { Mail } from '../mail.server';
import { escapeHtml, framedMail, htmlParagraph } from '../mail-frame.server';
import { sendOrderMailOnce } from './order-mail-log.server';
import { orderDeliveryJson, orderDeliverySchema, storedAddressSchema } from './orders.server';
import { publicOrigin } from '../public-url.server';
import { getSettings } from '../store/settings.server';
import { checkedRows } from '../sql-rows.server';

export type MailOrder = {
  id: string;
  reference: string;
  subtotal: number;
  shipping: number;
  /** What the promo code took off, and the code as the order keeps it (decision 0023). */
  discount: number;
  promoCode: string | null;
  total: number;
  address: ShippingAddress;
  /** What checkout promised (decision 0022): the mail says the order's own, never today's zones. */
  delivery: OrderDelivery;
  items: { name: string; size: string; color: string; quantity: number; unitPrice: number }[];
  /** 'due': pay on delivery, the money collected at the door (decision 0037); the mails say what to have ready. */
  paymentStatus: PaymentStatus;
};

/** loadOrder's row: the money cast to float8 (a bigint would come back as text), the items' JSON as built. */
const mailOrderRow = z.object({
  id: z.string(),
  reference: z.string(),
  subtotal: z.number(),
  shipping: z.number(),
  discount: z.number(),
  promoCode: z.string().nullable(),
  total: z.number(),
  address: storedAddressSchema,
  delivery: orderDeliverySchema,
  items: z.array(
    z.object({ name: z.string(), size: z.string(), color: z.string(), quantity: z.number(), unitPrice: z.number() }),
  ),
  paymentStatus: z.enum(PAYMENT_STATUSES),
}) satisfies z.ZodType<MailOrder>;

export async function loadOrder(runner: SqlRunner, orderId: string): Promise<MailOrder | undefined> {
  const rows = await runner.execute(sql`
    select o.id, coalesce(o.payment_reference, '') as reference, o.subtotal::float8 as subtotal,
      o.shipping::float8 as shipping,
      o.discount::float8 as discount, o.promo_code as "promoCode", o.total::float8 as total,
      o.shipping_address as address, ${orderDeliveryJson} as delivery, o.payment_status as "paymentStatus",
      (select json_agg(json_build_object('name', i.name, 'size', i.size, 'color', i.color, 'quantity', i.quantity,
           'unitPrice', i.unit_price) order by i.position)
         from order_items i where i.order_id = o.id) as items
    from orders o where o.id = ${orderId}`);
  const [row] = checkedRows(mailOrderRow, rows);
  return row;
}

/** A line as every mail names it: "Linen Shirt — M, Black" (no dash without a size or colour). */
export const describeItem = (item: { name: string; size: string; color: string }) =>
  [item.name, [item.size, item.color].filter(Boolean).join(', ')].filter(Boolean).join(' — ');

/** The sums before the total: subtotal, delivery and, with a code, "Discount (WELCOME10): -₦2,000". */
function sumLines(order: MailOrder): string[] {
  const discount = orderDiscountLine(order);
  return [
    `Subtotal: ${formatNaira(order.subtotal)}`,
    `${deliveryLine(order)}: ${formatFee(order.shipping)}`,
    ...(discount ? [`${discount.label}: ${discount.amount}`] : []),
  ];
}

function lines(order: MailOrder): string[] {
  return [
    ...order.items.map(
      (item) => `${item.quantity} × ${describeItem(item)}: ${formatNaira(item.unitPrice * item.quantity)}`,
    ),
    '',
    ...sumLines(order),
    totalLine(order),
  ];
}

/**
 * "Total paid: ₦42,000", or for an order its discount paid whole (decision 0028) a total that does not claim a
 * payment was taken.
 */
const totalLine = (order: MailOrder) =>
  order.paymentStatus === 'due'
    ? `Total: ${formatNaira(order.total)}. ${podDueLine(order.total)}`
    : order.total === 0
      ? `Total: ${formatNaira(0)} (${PAID_BY_DISCOUNT.paidBy})`
      : `Total paid: ${formatNaira(order.total)}`;

/** The confirmation's first sentence: a ₦0 order had nothing to pay, so no payment "was received". */
const confirmedSentence = (order: MailOrder, number: string) =>
  order.paymentStatus === 'due'
    ? `Order ${number} is confirmed. You pay on delivery, when it arrives.`
    : order.total === 0
      ? `${PAID_BY_DISCOUNT.received} Order ${number} is confirmed.`
      : `Your payment was received and order ${number} is confirmed.`;

/** "Delivery (Lagos Mainland: 1–2 working days)" or "Pickup (ready in 1–2 working days)". */
function deliveryLine(order: MailOrder): string {
  const promise = describeOrderDelivery(order.delivery);
  return order.delivery.method === 'pickup' ? `Pickup (${promise.replace(/^Pickup: /, '')})` : `Delivery (${promise})`;
}

/** Where the order goes: the address, or where the customer collects it (with their own details under). */
function destinationLines(order: MailOrder): string[] {
  const { delivery } = order;
  if (delivery.method !== 'pickup') return ['Delivering to:', ...addressLines(order.address)];
  const hours = delivery.pickupHours ? ` (open ${delivery.pickupHours})` : '';
  return [
    `Collect your order at: ${delivery.pickupAddress ?? 'our store'}${hours}`,
    '',
    'Your details:',
    ...addressLines(order.address),
  ];
}

export function addressLines(address: ShippingAddress): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.address,
    address.apartment ?? '',
    `${address.city}, ${address.state}`,
    address.country,
    address.phone,
  ].filter(Boolean);
}

/** The same sentences in the text and HTML parts, from the order's own delivery snapshot. */
const nextStepsOf = (order: MailOrder) =>
  `${order.paymentStatus === 'due' ? `${podHaveReady(order.total)} ` : ''}${nextSteps(order.delivery)} ` +
  'My Orders on our site shows where your order is.';

export function confirmationMail(
  order: MailOrder,
  store: { storeName: string; supportEmail: string; origin: string },
): Mail {
  const number = order.id.slice(-8).toUpperCase();
  const link = `${store.origin}/orders/${order.id}`;
  const text = [
    `Thank you for your order with ${store.storeName}. ${confirmedSentence(order, number)}`,
    '',
    ...lines(order),
    '',
    ...destinationLines(order),
    '',
    nextStepsOf(order),
    `Follow your order at ${link}`,
    `Questions? Reply to this email or write to ${store.supportEmail}.`,
    ...(order.reference ? [`Payment reference: ${order.reference}`] : []),
  ];
  const confirmed = escapeHtml(confirmedSentence(order, number)).replace(number, `<strong>${number}</strong>`);
  const money = (amount: number) => escapeHtml(formatNaira(amount));
  const items = order.items
    .map((item) => {
      const amount = money(item.unitPrice * item.quantity);
      return `<li>${item.quantity} × ${escapeHtml(describeItem(item))}: ${amount}</li>`;
    })
    .join('');
  const sums = sumLines(order).map(escapeHtml).join('<br>');
  const html = [
    `<p>Thank you for your order with ${escapeHtml(store.storeName)}. ${confirmed}</p>`,
    `<ul>${items}</ul>`,
    `<p>${sums}<br><strong>${escapeHtml(totalLine(order))}</strong></p>`,
    `<p>${destinationLines(order).filter(Boolean).map(escapeHtml).join('<br>')}</p>`,
    htmlParagraph(nextStepsOf(order)),
    // A pay-on-delivery order has no Paystack reference (decision 0037).
    `<p><a href="${escapeHtml(link)}">Follow your order</a>` +
      `${order.reference ? ` · Payment reference ${escapeHtml(order.reference)}` : ''}</p>`,
  ];
  const greeting = `Hello ${order.address.firstName},`;
  return framedMail({ to: order.address.email, subject: `Order ${number} confirmed`, greeting, text, html });
}

export function newOrderNotice(order: MailOrder, store: { supportEmail: string; origin: string }): Mail {
  const number = order.id.slice(-8).toUpperCase();
  const text = [
    order.paymentStatus === 'due'
      ? `New pay-on-delivery order ${number} (${order.id}): ${formatNaira(order.total)} to collect at the door.`
      : `New paid order ${number} (${order.id}), reference ${order.reference}.`,
    '',
    ...lines(order),
    '',
    ...(order.delivery.method === 'pickup' ? ['Pickup: the customer collects it.', ''] : []),
    'Customer:',
    ...addressLines(order.address),
    order.address.email,
    '',
    `${store.origin}/admin/orders/${order.id}`,
  ].join('\n');
  return { to: store.supportEmail, subject: `New order ${number}: ${formatNaira(order.total)}`, text };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Queues both mails inside the transaction that marks the order paid: they go out only if the payment commits, and
 * a crash right after the commit cannot lose them (the jobs are rows of that same commit). Sending is the mail
 * worker's business, so the webhook never waits for SMTP. A savepoint keeps a failure here from undoing the
 * payment: the money is real whatever happens to its mail.
 */
export async function queueOrderMails(tx: Transaction, orderId: string, origin: string): Promise<void> {
  try {
    await tx.transaction(async (inner) => {
      const [order, settings] = await Promise.all([loadOrder(inner, orderId), getSettings()]);
      if (!order) return;
      const store = { storeName: settings.storeName, supportEmail: settings.supportEmail, origin };
      // The confirmation is the order's paid mail (decision 0024), kept so the customer can read it again on the order
      // page: no other mail is sent for the payment.
      await sendOrderMailOnce(inner, orderId, 'paid', confirmationMail(order, store));
      await queueMail(newOrderNotice(order, store), { db: inner });
    });
  } catch (error) {
    logger.error({ err: error, orderId }, 'the order mails could not be queued; the order itself is paid');
  }
}

/**
 * A problem with an order's money that a person must look at (a reversal, a chargeback, a refund that failed),
 * mailed to the support address inside the caller's transaction, with a link to the admin order page. A failure
 * to queue is logged and never undoes what the caller recorded.
 */
export async function queueSupportNotice(
  tx: Transaction,
  orderId: string,
  subject: string,
  body: string,
): Promise<void> {
  try {
    await tx.transaction(async (inner) => {
      const settings = await getSettings();
      const link = `${publicOrigin()}/admin/orders/${orderId}`;
      const text = [body, '', `Order: ${link}`].join('\n');
      await queueMail({ to: settings.supportEmail, subject, text }, { db: inner });
    });
  } catch (error) {
    logger.error({ err: error, orderId, subject }, 'the support notice could not be queued');
  }
}
