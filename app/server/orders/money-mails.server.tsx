/**
 * The customer's mails about their order's money between the confirmation and the status mails: a bank transfer on its
 * way (the order waits for Paystack to confirm it) and a refund sent. Each is queued in the transaction that records
 * the change, once: the payment's first move to awaiting (confirm-payment.server.ts), each refund's move to processed
 * (payments/refunds.server.ts, which moves a refund on at most once). A failure to queue is logged and never undoes the
 * change. On the mail frame with the order in full (docs/decisions/0046-mail-frame.md).
 */
import { formatNaira } from '~/lib/money';
import { queueMail } from '../jobs/mail-jobs.server';
import { logger } from '../logger.server';
import type { Mail } from '../mail.server';
import { MailFrame, type MailStore } from '../mail/frame.server';
import { Button, Paragraph } from '../mail/parts.server';
import { renderMail } from '../mail/render.server';
import { mailStore } from '../mail/store.server';
import { getSettings } from '../store/settings.server';
import type { Transaction } from './order-mail-log.server';
import { orderNumber, OrderSummary, type MailOrder } from './order-mail-summary.server';
import { loadOrder } from './order-mails.server';

/** "Order ABCD1234: waiting for your transfer": the order holds its items while Paystack confirms the transfer. */
export function awaitingTransferMail(order: MailOrder, store: MailStore, windowMinutes: number): Promise<Mail> {
  const number = orderNumber(order);
  return renderMail(
    <MailFrame
      store={store}
      preview="No need to pay again: we mail you as soon as your transfer arrives."
      greeting={`Hello ${order.address.firstName},`}
      signOff
    >
      <Paragraph>{`Your transfer for order ${number} is on its way to us. Banks usually confirm within minutes.`}</Paragraph>
      <Paragraph>
        {`We hold your items for ${windowMinutes} minutes while it arrives, and mail you the confirmation as soon as ` +
          'it does. There is no need to pay again.'}
      </Paragraph>
      <Button href={`${store.origin}/orders/${order.id}`}>Follow your order</Button>
      <OrderSummary order={order} origin={store.origin} />
    </MailFrame>,
    { to: order.address.email, subject: `Order ${number}: waiting for your transfer` },
  );
}

/** "Refund of ₦5,000 sent for order ABCD1234": Paystack processed it; the bank shows it in a few working days. */
export function refundProcessedMail(order: MailOrder, amount: number, store: MailStore): Promise<Mail> {
  const number = orderNumber(order);
  const sent = `We have sent a refund of ${formatNaira(amount)} for order ${number} to the card or account you paid with.`;
  return renderMail(
    <MailFrame
      store={store}
      preview="Your bank may take a few working days to show it."
      greeting={`Hello ${order.address.firstName},`}
      signOff
    >
      <Paragraph>{sent}</Paragraph>
      <Paragraph>Your bank may take a few working days to show it.</Paragraph>
      <Button href={`${store.origin}/orders/${order.id}`}>See your order</Button>
      <OrderSummary order={order} origin={store.origin} destination={false} />
    </MailFrame>,
    { to: order.address.email, subject: `Refund of ${formatNaira(amount)} sent for order ${number}` },
  );
}

/** Builds and queues one of these mails in a savepoint of `tx`: its failure is logged, the change stands. */
async function queueMoneyMail(
  tx: Transaction,
  orderId: string,
  build: (order: MailOrder, store: MailStore) => Promise<Mail>,
): Promise<void> {
  try {
    await tx.transaction(async (inner) => {
      const [order, store] = await Promise.all([loadOrder(inner, orderId), mailStore()]);
      if (order) await queueMail(await build(order, store), { db: inner });
    });
  } catch (error) {
    logger.error({ err: error, orderId }, 'the mail about the order’s money could not be queued; the change stands');
  }
}

export const queueAwaitingTransferMail = (tx: Transaction, orderId: string) =>
  queueMoneyMail(tx, orderId, async (order, store) =>
    awaitingTransferMail(order, store, (await getSettings()).transferWindowMinutes),
  );

export const queueRefundProcessedMail = (tx: Transaction, orderId: string, amount: number) =>
  queueMoneyMail(tx, orderId, (order, store) => refundProcessedMail(order, amount, store));
