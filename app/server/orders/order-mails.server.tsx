/**
 * The mails a paid (or pay-on-delivery) order sends: the confirmation to the customer and a new-order notice to the
 * support address, both on the mail frame (docs/decisions/0046-mail-frame.md) with the order in full
 * (order-mail-summary.server.tsx); and the notices about an order's money that staff must look at. Product names,
 * promo codes and the shopper's words are React text: they stay text in both parts.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { nextSteps } from '~/lib/delivery/delivery';
import { formatNaira } from '~/lib/money';
import { PAYMENT_STATUSES } from '~/lib/orders/orders';
import { podHaveReady } from '~/lib/checkout/pay-on-delivery';
import { PAID_BY_DISCOUNT } from '~/lib/payments/paid-by-discount';
import { storedImageSchema } from '../catalog/image-sql.server';
import type { Database } from '../db.server';
import { queueMail } from '../jobs/mail-jobs.server';
import type { SqlRunner } from '../jobs/queue.server';
import { logger } from '../logger.server';
import type { Mail } from '../mail.server';
import { MailFrame, type MailStore } from '../mail/frame.server';
import { Address, Button, Paragraph } from '../mail/parts.server';
import { renderMail } from '../mail/render.server';
import { mailStore } from '../mail/store.server';
import { sendOrderMailOnce } from './order-mail-log.server';
import { addressLines, itemCount, orderNumber, OrderSummary, type MailOrder } from './order-mail-summary.server';
import { orderDeliveryJson, orderDeliverySchema, storedAddressSchema } from './orders.server';
import { checkedRows } from '../sql-rows.server';

export type { MailOrder } from './order-mail-summary.server';
export { addressLines } from './order-mail-summary.server';

/** An order item as its mails read it from the order's snapshot (unpaid-reminder.server.tsx adds to it). */
export const mailItemRow = z.object({
  name: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  image: storedImageSchema.nullable(),
});

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
  items: z.array(mailItemRow),
  paymentStatus: z.enum(PAYMENT_STATUSES),
}) satisfies z.ZodType<MailOrder>;

export async function loadOrder(runner: SqlRunner, orderId: string): Promise<MailOrder | undefined> {
  const rows = await runner.execute(sql`
    select o.id, coalesce(o.payment_reference, '') as reference, o.subtotal::float8 as subtotal,
      o.shipping::float8 as shipping,
      o.discount::float8 as discount, o.promo_code as "promoCode", o.total::float8 as total,
      o.shipping_address as address, ${orderDeliveryJson} as delivery, o.payment_status as "paymentStatus",
      (select json_agg(json_build_object('name', i.name, 'size', i.size, 'color', i.color, 'quantity', i.quantity,
           'unitPrice', i.unit_price, 'image', i.image) order by i.position)
         from order_items i where i.order_id = o.id) as items
    from orders o where o.id = ${orderId}`);
  const [row] = checkedRows(mailOrderRow, rows);
  return row;
}

/** A line as the payment's metadata names it: "Linen Shirt — M, Black" (no dash without a size or colour). */
export const describeItem = (item: { name: string; size: string; color: string }) =>
  [item.name, [item.size, item.color].filter(Boolean).join(', ')].filter(Boolean).join(' — ');

/** The confirmation's first sentence: a ₦0 order had nothing to pay, so no payment "was received". */
const confirmedSentence = (order: MailOrder, number: string) =>
  order.paymentStatus === 'due'
    ? `Order ${number} is confirmed. You pay on delivery, when it arrives.`
    : order.total === 0
      ? `${PAID_BY_DISCOUNT.received} Order ${number} is confirmed.`
      : `Your payment was received and order ${number} is confirmed.`;

/** The same sentences in the text and HTML parts, from the order's own delivery snapshot. */
const nextStepsOf = (order: MailOrder) =>
  `${order.paymentStatus === 'due' ? `${podHaveReady(order.total)} ` : ''}${nextSteps(order.delivery)} ` +
  'My Orders on our site shows where your order is.';

/** The inbox's line under the subject: what was bought, what it cost, what happens next. */
function confirmationPreview(order: MailOrder): string {
  const money =
    order.paymentStatus === 'due'
      ? `${formatNaira(order.total)} to pay on delivery`
      : order.total === 0
        ? PAID_BY_DISCOUNT.paidBy
        : `${formatNaira(order.total)} paid`;
  return `Thank you! ${itemCount(order)}, ${money}. We will write again when it ships.`;
}

export function confirmationMail(order: MailOrder, store: MailStore): Promise<Mail> {
  const number = orderNumber(order);
  const link = `${store.origin}/orders/${order.id}`;
  return renderMail(
    <MailFrame store={store} preview={confirmationPreview(order)} greeting={`Hello ${order.address.firstName},`}>
      <Paragraph>{`Thank you for your order with ${store.name}. ${confirmedSentence(order, number)}`}</Paragraph>
      <Button href={link}>Follow your order</Button>
      <OrderSummary order={order} origin={store.origin} />
      <Paragraph>{nextStepsOf(order)}</Paragraph>
      {/* A pay-on-delivery order has no Paystack reference (decision 0037). */}
      {order.reference ? <Paragraph>{`Payment reference: ${order.reference}`}</Paragraph> : null}
    </MailFrame>,
    { to: order.address.email, subject: `Order ${number} confirmed` },
  );
}

export function newOrderNotice(order: MailOrder, store: MailStore): Promise<Mail> {
  const number = orderNumber(order);
  const who = `${order.address.firstName} ${order.address.lastName}`;
  const how = order.delivery.method === 'pickup' ? 'to collect' : `to ${order.address.city}`;
  return renderMail(
    <MailFrame store={store} preview={`${itemCount(order)} for ${who}, ${how}.`} greeting="Hello team,">
      <Paragraph>
        {order.paymentStatus === 'due'
          ? `New pay-on-delivery order ${number} (${order.id}): ${formatNaira(order.total)} to collect at the door.`
          : `New paid order ${number} (${order.id}), reference ${order.reference}.`}
      </Paragraph>
      <Button href={`${store.origin}/admin/orders/${order.id}`}>Open the order</Button>
      <OrderSummary order={order} origin={store.origin} destination={false} />
      {order.delivery.method === 'pickup' ? <Paragraph>Pickup: the customer collects it.</Paragraph> : null}
      <Address title="Customer" lines={[...addressLines(order.address), order.address.email]} />
    </MailFrame>,
    { to: store.supportEmail, subject: `New order ${number}: ${formatNaira(order.total)}` },
  );
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
      const [order, shop] = await Promise.all([loadOrder(inner, orderId), mailStore()]);
      if (!order) return;
      const store = { ...shop, origin };
      // The confirmation is the order's paid mail (decision 0024), kept so the customer can read it again on the order
      // page: no other mail is sent for the payment.
      await sendOrderMailOnce(inner, orderId, 'paid', await confirmationMail(order, store));
      await queueMail(await newOrderNotice(order, store), { db: inner });
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
      await queueMail(await supportNotice(await mailStore(), orderId, subject, body), { db: inner });
    });
  } catch (error) {
    logger.error({ err: error, orderId, subject }, 'the support notice could not be queued');
  }
}

/** A notice to staff about one order: what happened, and the button to its admin page. */
export function supportNotice(store: MailStore, orderId: string, subject: string, body: string): Promise<Mail> {
  return renderMail(
    <MailFrame store={store} preview={body} greeting="Hello team,">
      <Paragraph>{body}</Paragraph>
      <Button href={`${store.origin}/admin/orders/${orderId}`}>Open the order</Button>
    </MailFrame>,
    { to: store.supportEmail, subject },
  );
}
