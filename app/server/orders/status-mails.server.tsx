/**
 * The mails a customer gets when the admin changes their order's status (decision 0024): shipped (carrier, tracking
 * number, tracking link), delivered, cancelled (what happens to the money). The payment's mail is the confirmation
 * (order-mails.server.tsx). Each goes once per order (order_mails), as a job queued in the status change's
 * transaction, on the mail frame with the order in full (docs/decisions/0046-mail-frame.md). Everything typed by the
 * admin or the shopper (names, carrier, tracking number) is React text: it stays text in both parts.
 */
import { Link } from '@react-email/components';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Shipment } from '~/lib/orders/admin-orders';
import { formatNaira } from '~/lib/money';
import { podHaveReady } from '~/lib/checkout/pay-on-delivery';
import { isHttpsUrl } from '~/lib/orders/order-timeline';
import { PAYMENT_STATUSES, type PaymentStatus } from '~/lib/orders/orders';
import type { ReactNode } from 'react';
import { logger } from '../logger.server';
import type { Mail } from '../mail.server';
import { MailFrame, type MailStore } from '../mail/frame.server';
import { Button, Paragraph } from '../mail/parts.server';
import { renderMail } from '../mail/render.server';
import { mailStore } from '../mail/store.server';
import { checkedRows } from '../sql-rows.server';
import { hadOrderMail, sendOrderMailOnce, type OrderMailKind, type Transaction } from './order-mail-log.server';
import { itemCount, orderNumber, OrderSummary, type MailOrder } from './order-mail-summary.server';
import { loadOrder } from './order-mails.server';
import { REVIEW_INVITATION } from '../reviews/review-mail.server';

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

type Store = MailStore;

/** The frame every status mail shares: hello, the news, the order's button, the order in full, signed by the store. */
function statusMail(
  order: MailOrder,
  store: Store,
  {
    subject,
    preview,
    news,
    button,
    orderLink,
  }: { subject: string; preview: string; news: ReactNode; button?: ReactNode; orderLink?: boolean },
): Promise<Mail> {
  const link = `${store.origin}/orders/${order.id}`;
  return renderMail(
    <MailFrame store={store} preview={preview} greeting={`Hello ${order.address.firstName},`} signOff>
      {news}
      {button ?? <Button href={link}>Follow your order</Button>}
      {button && orderLink ? (
        <Paragraph>
          <Link href={link}>Follow your order</Link>
        </Paragraph>
      ) : null}
      <OrderSummary order={order} origin={store.origin} destination={order.delivery.method !== 'pickup'} />
    </MailFrame>,
    { to: order.address.email, subject },
  );
}

export function shippedMail(order: MailOrder, shipment: Shipment | null, store: Store): Promise<Mail> {
  const number = orderNumber(order);
  const carrier = shipment?.carrier ?? null;
  const news = carrier
    ? `Good news: order ${number} from ${store.name} is on its way with ${carrier}.`
    : `Good news: order ${number} from ${store.name} is on its way.`;
  const url = shipment?.trackingUrl && isHttpsUrl(shipment.trackingUrl) ? shipment.trackingUrl : null;
  return statusMail(order, store, {
    subject: `Order ${number} has shipped`,
    preview: `${carrier ? `With ${carrier}. ` : ''}${shipment?.trackingNumber ? 'Track your parcel. ' : ''}${itemCount(order)} on the way.`,
    news: (
      <>
        <Paragraph>{news}</Paragraph>
        {/* Pay on delivery (decision 0037): the money is collected at the door. */}
        {order.paymentStatus === 'due' ? <Paragraph>{podHaveReady(order.total)}</Paragraph> : null}
        {shipment?.trackingNumber ? <Paragraph>{`Tracking number: ${shipment.trackingNumber}`}</Paragraph> : null}
      </>
    ),
    button: url ? <Button href={url}>Track your parcel</Button> : undefined,
    orderLink: true,
  });
}

export function deliveredMail(order: MailOrder, store: Store): Promise<Mail> {
  const number = orderNumber(order);
  const done = order.delivery.method === 'pickup' ? 'was collected' : 'was delivered';
  const link = `${store.origin}/orders/${order.id}`;
  return statusMail(order, store, {
    subject: `Order ${number} ${done}`,
    preview: 'We hope you love it. How does it fit? Tell other buyers in a review.',
    news: (
      <>
        <Paragraph>
          {`Order ${number} ${done}. Thank you for shopping with ${store.name}; we hope you love it.`}
        </Paragraph>
        {/* The invitation to review each piece (decision 0040): the order page has a review form per line. */}
        <Paragraph>{REVIEW_INVITATION}</Paragraph>
      </>
    ),
    button: <Button href={link}>Write a review</Button>,
  });
}

export function cancelledMail(order: MailOrder, money: CancelledMoney, store: Store): Promise<Mail> {
  const number = orderNumber(order);
  const refund = cancelledMoneyText(money, order.total);
  return statusMail(order, store, {
    subject: `Order ${number} cancelled`,
    preview: refund,
    news: (
      <>
        <Paragraph>{`Order ${number} has been cancelled.`}</Paragraph>
        <Paragraph>{refund}</Paragraph>
      </>
    ),
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
      const [order, store] = await Promise.all([loadOrder(inner, orderId), mailStore()]);
      if (!order) return false;
      let mail: Mail;
      if (status === 'shipped') mail = await shippedMail(order, shipment, store);
      else if (status === 'delivered') mail = await deliveredMail(order, store);
      else mail = await cancelledMail(order, await readMoney(inner, orderId), store);
      return (await sendOrderMailOnce(inner, orderId, status, mail)) !== null;
    });
  } catch (error) {
    logger.error({ err: error, orderId, status }, 'the status mail could not be queued; the status is saved');
    return false;
  }
}
