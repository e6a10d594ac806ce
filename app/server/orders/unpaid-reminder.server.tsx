/**
 * The reminder to pay an order the shopper left unpaid (decision 0025): one mail per order, `unpaidReminderMinutes`
 * after the shopper left the payment (closed the pop-up, or came back from Paystack's page, without paying:
 * `markPaymentLeft`), never for an order awaiting a transfer, paid, cancelled or under review, and never once the
 * shopper has placed a newer order (they came back by themselves). Nor for one Paystack last called `ongoing` without
 * naming a channel (decision 0029), even once the sweep has released it: that may be a transfer on its way, and a
 * mail asking to pay would have the shopper pay twice.
 *
 * A pending order keeps its stock only until PAYMENT_TIMEOUT_MINUTES (30 by default) after it took it; then the
 * payment sweep (payment-sweep.server.ts) asks Paystack and, the charge being abandoned, gives the stock back. The
 * reminder is counted from when the shopper left, later than that, so with both at 30 minutes the sweep has nearly
 * always released the order first. Either way the mail links to the order's page, whose "Pay for this order" pays
 * this very order (pay-again.server.ts): the same reference while it holds its stock, otherwise a fresh one once
 * Paystack has said the old one is unpaid, the stock taken again; never a second order. So:
 * - every line still to be had (held by the order, or in stock for its quantity) and the order young enough to be paid
 *   again (PAY_AGAIN_HOURS): the mail offers to pay it;
 * - otherwise (a product sold out, gone or taken off sale): no payment is offered. The mail says the items are no
 *   longer held, and for each line whether it is sold out or still to be had, with a link to the product.
 * An order still holding its stock but past the payment timeout is left for the sweep to settle first (the next run
 * mails it).
 *
 * One mail even with several processes: the job runs one at a time (QUEUES.unpaidReminders), and each order is
 * locked (skip locked) and re-checked, its `reminder_sent_at` set in the transaction that queues its mail.
 */
import { sql } from 'drizzle-orm';
import { Link } from '@react-email/components';
import { z } from 'zod';
import { formatNaira } from '~/lib/money';
import { PAY_AGAIN_HOURS } from '~/lib/payments/pay-again';
import { UNKNOWN_CHANNEL } from '~/lib/payments/payment-status';
import { db } from '../db.server';
import { sendOrderMailOnce } from './order-mail-log.server';
import { mailItemRow } from './order-mails.server';
import { env } from '../env.server';
import { logger } from '../logger.server';
import type { Mail } from '../mail.server';
import { storedAddressSchema } from './orders.server';
import { getSettings } from '../store/settings.server';
import { checkedRows } from '../sql-rows.server';
import { MailFrame, type MailStore } from '../mail/frame.server';
import { Button, OrderLines, Paragraph, Totals, type MailLine } from '../mail/parts.server';
import { renderMail } from '../mail/render.server';
import { mailStore } from '../mail/store.server';

/**
 * Orders left longer ago than the delay and this are not reminded: a reminder switched on again (or a job queue back
 * after an outage) does not mail every order of the past days.
 */
const TOO_LATE_MINUTES = 24 * 60;

/**
 * The shopper left the payment without paying (the pop-up closed, or Paystack's page sent them back unpaid): the
 * first time is kept, for the reminder. Only for an order still pending (not awaiting a transfer, not paid).
 */
export async function markPaymentLeft(orderId: string, now = new Date()): Promise<void> {
  await db().execute(sql`
    update orders set payment_left_at = ${now.toISOString()}::timestamptz
    where id = ${orderId} and payment_status = 'pending' and payment_left_at is null`);
}

/** The conditions of an order the reminder is about, as of `now` (`o` is the order). */
const dueWhere = (now: Date, minutes: number) => sql`
  o.reminder_sent_at is null
  and o.payment_left_at <= ${now.toISOString()}::timestamptz - make_interval(mins => ${minutes})
  and o.payment_left_at > ${now.toISOString()}::timestamptz - make_interval(mins => ${minutes + TOO_LATE_MINUTES})
  and o.payment_status in ('pending', 'abandoned', 'failed')
  and o.awaiting_since is null
  and o.awaiting_channel is distinct from ${UNKNOWN_CHANNEL}
  and o.review_reason is null
  and o.status <> 'cancelled'
  and not exists (select 1 from orders n where n.user_id = o.user_id and n.created_at > o.created_at)`;

export type ReminderReport = { sent: number };

/**
 * Queues the reminders that are due at `now` (the clock is passed in so tests can move it). Returns how many were
 * queued by this run.
 */
export async function sendUnpaidReminders({
  now = new Date(),
  timeoutMinutes = env().PAYMENT_TIMEOUT_MINUTES,
  limit = 100,
}: { now?: Date; timeoutMinutes?: number; limit?: number } = {}): Promise<ReminderReport> {
  const settings = await getSettings();
  const report: ReminderReport = { sent: 0 };
  if (!settings.unpaidReminderEnabled) return report;
  const minutes = settings.unpaidReminderMinutes;
  const rows = await db().execute(sql`
    select o.id from orders o where ${dueWhere(now, minutes)}
    order by o.payment_left_at limit ${limit}`);
  const store = await mailStore();
  for (const { id } of checkedRows(z.object({ id: z.string() }), rows)) {
    try {
      if (await remindOne(id, { now, minutes, timeoutMinutes, store })) report.sent += 1;
    } catch (error) {
      // One order's trouble does not keep the others' reminders; it is tried again on the next run.
      logger.error({ err: error, orderId: id }, 'the unpaid-order reminder could not be queued');
    }
  }
  if (report.sent > 0) logger.info(report, 'unpaid-order reminders');
  return report;
}

const orderRow = z.object({
  id: z.string(),
  total: z.number(),
  payable: z.boolean(),
  stillHeld: z.boolean(),
  address: storedAddressSchema,
  items: z.array(
    mailItemRow.extend({
      productId: z.string().nullable(),
      /** The product is still sold (exists, on sale) and, for a released order, its quantity still in stock. */
      available: z.boolean(),
    }),
  ),
});

export type ReminderOrder = z.output<typeof orderRow>;
type Store = MailStore;

/** One order's reminder: locked, checked again, its mail queued and `reminder_sent_at` set in one transaction. */
async function remindOne(
  orderId: string,
  { now, minutes, timeoutMinutes, store }: { now: Date; minutes: number; timeoutMinutes: number; store: Store },
): Promise<boolean> {
  return db().transaction(async (tx) => {
    // Locked first (another run, a payment's confirmation or the sweep may hold it: skipped, tried next run).
    const locked = await tx.execute(sql`
      select o.id from orders o where o.id = ${orderId} and ${dueWhere(now, minutes)} for update skip locked`);
    if (locked.length === 0) return false;
    const rows = await tx.execute(sql`
      select o.id, o.total::float8 as total, o.shipping_address as address,
        (o.payment_status = 'pending' and o.stock_state = 'reserved') as "stillHeld",
        case when o.stock_state = 'reserved'
          then o.reserved_at > ${now.toISOString()}::timestamptz - make_interval(mins => ${timeoutMinutes})
          else o.created_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${PAY_AGAIN_HOURS})
        end as payable,
        (select json_agg(json_build_object('name', i.name, 'size', i.size, 'color', i.color,
             'quantity', i.quantity, 'unitPrice', i.unit_price, 'image', i.image, 'productId', p.id,
             -- A reserved order holds its units; a released one needs its quantity left to be paid again (an untracked
             -- variant never runs out).
             'available', p.id is not null and p.in_stock
               and (o.stock_state = 'reserved' or v.stock is null or v.stock >= i.quantity))
           order by i.position)
         from order_items i
         left join products p on p.id = i.product_id
         left join product_variants v on v.product_id = i.product_id and v.size = i.size and v.color = i.color
         where i.order_id = o.id) as items
      from orders o where o.id = ${orderId}`);
    const [order] = checkedRows(orderRow, rows);
    // Still held but past the payment timeout: the sweep settles it first, and the next run says what became of it.
    if (order.stillHeld && !order.payable) return false;
    // Kept with the order's other mails (order_mails), so the customer can read it again on the order page.
    await sendOrderMailOnce(tx, orderId, 'reminder', await unpaidReminderMail(order, store));
    await tx.execute(sql`update orders set reminder_sent_at = ${now.toISOString()}::timestamptz where id = ${orderId}`);
    return true;
  });
}

/** Where a line's product is: its page, or the collections when it is no longer sold at all. */
const productLink = (item: ReminderOrder['items'][number], origin: string) =>
  item.productId ? `${origin}/product/${encodeURIComponent(item.productId)}` : `${origin}/collections`;

/** The inbox's line under the subject. */
const reminderPreview = (payable: boolean, soldOut: boolean) =>
  payable
    ? 'Your items are waiting. Pay in a minute, and nothing is charged twice.'
    : soldOut
      ? 'Some items sold out. Here is what is still available.'
      : 'The order was not paid. Your items are still in the shop.';

/**
 * The mail: the order's lines and total, and either a button back to pay the same order (every line still held, or
 * in stock) or, when it cannot be paid, what is sold out and what can still be had, each with its product's link.
 */
export function unpaidReminderMail(order: ReminderOrder, store: Store): Promise<Mail> {
  const number = order.id.slice(-8).toUpperCase();
  const payable = order.payable && order.items.every((item) => item.available);
  const soldOut = order.items.some((item) => !item.available);
  const orderLink = `${store.origin}/orders/${order.id}`;
  const total = { label: 'Total', value: formatNaira(order.total) };
  const state = (item: ReminderOrder['items'][number]) =>
    item.available ? 'Still available' : item.productId ? 'Sold out' : 'No longer sold';
  const lines: MailLine[] = order.items.map((item) =>
    payable
      ? item
      : { ...item, note: state(item), link: { href: productLink(item, store.origin), label: 'See the product' } },
  );
  const subject = payable
    ? `Your order ${number} is waiting for payment`
    : soldOut
      ? `Order ${number}: an item sold out`
      : `Order ${number} was not paid`;

  let news: string;
  if (payable)
    news =
      `You left the payment for order ${number} at ${store.name} before it went through. ` +
      (order.stillHeld
        ? 'We are still holding these items for you, for a little while longer:'
        : 'These items are still available:');
  else
    news =
      (order.stillHeld
        ? `The payment for order ${number} at ${store.name} did not go through, and some of its items are no ` +
          'longer available, so the order cannot be paid.'
        : `The payment for order ${number} at ${store.name} did not go through, so we are no longer holding its ` +
          'items for you and the order cannot be paid.') +
      ` ${soldOut ? 'Here is what became of them:' : 'They are still in the shop, if you would like them:'}`;

  return renderMail(
    <MailFrame
      store={store}
      preview={reminderPreview(payable, soldOut)}
      greeting={`Hello ${order.address.firstName},`}
      signOff
    >
      <Paragraph>{news}</Paragraph>
      <OrderLines lines={lines} origin={store.origin} />
      <Totals rows={[]} total={total} />
      {payable ? (
        <>
          {/* The order's page, whose "Pay for this order" pays this very order (pay-again.server.ts). */}
          <Button href={orderLink}>Complete your payment</Button>
          <Paragraph>Paying continues this same order, so nothing is ordered or charged twice.</Paragraph>
        </>
      ) : (
        <>
          <Button href={`${store.origin}/cart`}>Your cart</Button>
          <Paragraph>
            <Link href={orderLink}>See your order</Link>
          </Paragraph>
        </>
      )}
    </MailFrame>,
    { to: order.address.email, subject },
  );
}
