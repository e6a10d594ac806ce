/**
 * Steps 3 and 4 of docs/architecture.md#5-checkout-and-payment: the one idempotent step that turns a verified Paystack
 * charge into a paid order. The browser's return (callback), the webhook and the sweep all end here. The order row
 * is locked first, so when they race the first one marks it paid (commits the stock, writes the single
 * payments row, clears the bought lines from the cart, counts its promo code's use) and the others find it paid and
 * do nothing.
 * A charge whose amount, currency or reference differs from the order is never marked paid: it is flagged.
 */
import { and, eq, sql } from 'drizzle-orm';
import { orders, payments } from '~/db/schema';
import { PAYMENT_CURRENCY } from '~/lib/checkout/checkout';
import { formatNaira } from '~/lib/money';
import { inBetweenKind, paymentVerdict, UNKNOWN_CHANNEL } from '~/lib/payments/payment-status';
import { removeBoughtLines } from '../cart/cart-store.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { wakeWorkers } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import { logger } from '../logger.server';
import { paymentSetup } from './paystack/config.server';
import { PaystackError, verifyTransaction, type Verification } from './paystack/paystack.server';
import { publicOrigin } from '../public-url.server';
import { queueOrderMails, queueSupportNotice } from '../orders/order-mails.server';
import { queueAwaitingTransferMail } from '../orders/money-mails.server';
import { countPromoUseOfPayment } from '../promo/paid-promo-use.server';
import { flagForReview, recordPaymentAnswer, recordPaymentEvent } from './payment-events.server';
import { refundsCoverPayment } from './refunds.server';
import { adoptPayingReference, knownByReference } from './payment-references.server';
import { expectedDomain, flagWrongDomain } from './paystack-domain.server';
import { orderStockLines, takeStock } from '../catalog/stock.server';

type Tx = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];

/** Who asked: the browser's return, Paystack's webhook, the sweep, or the same customer's next checkout. */
export type ConfirmedBy = 'callback' | 'webhook' | 'sweep' | 'checkout';

export type ConfirmOutcome =
  | { kind: 'paid'; orderId: string; alreadyPaid: boolean }
  /** Paystack says the money is on its way (a transfer or USSD waiting for the bank): the stock stays reserved. */
  | { kind: 'awaiting'; orderId: string; status: string }
  /**
   * Paystack says `ongoing` on a channel that waits on the customer (a card at its OTP or 3-D Secure step), or on no
   * channel at all (`channel` null: asked again a minute later by the sweep). The order stays pending and payable
   * (decision 0029).
   */
  | { kind: 'unfinished'; orderId: string; status: string; channel: string | null }
  /** A paid order whose charge the bank took back: flagged for the admin, support told. */
  | { kind: 'reversed'; orderId: string }
  | { kind: 'not-paid'; orderId: string; status: string }
  | { kind: 'mismatch'; orderId: string }
  | { kind: 'unknown-reference' }
  | { kind: 'provider-error'; orderId: string; message: string };

/** The order a verification is about, locked for the rest of the transaction. */
const lockOrder = (tx: Tx, reference: string) =>
  tx
    .select({
      id: orders.id,
      userId: orders.userId,
      total: orders.total,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      stockState: orders.stockState,
      reviewReason: orders.reviewReason,
      reference: orders.paymentReference,
      awaitingChannel: orders.awaitingChannel,
      awaitingSince: orders.awaitingSince,
    })
    .from(orders)
    .where(knownByReference(reference))
    .for('update');

type LockedOrder = Awaited<ReturnType<typeof lockOrder>>[number];

/** Asks Paystack about a reference, then applies the answer. Provider trouble leaves the order pending. */
export async function confirmPayment(
  reference: string,
  confirmedBy: ConfirmedBy,
  origin = publicOrigin(),
): Promise<ConfirmOutcome> {
  const [order] = await db().select({ id: orders.id }).from(orders).where(knownByReference(reference));
  if (!order) return { kind: 'unknown-reference' };
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { kind: 'provider-error', orderId: order.id, message: setup.reason };
  let verification: Verification;
  try {
    verification = await verifyTransaction(setup, reference);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    logger.warn(
      { orderId: order.id, reference, kind: error.kind, err: error.message },
      'Paystack verify failed; the order stays pending',
    );
    await recordPaymentAnswer(db(), order.id, 'verify-failed', {
      confirmedBy,
      kind: error.kind,
      message: error.message,
    });
    if (error.kind === 'not-found') return { kind: 'not-paid', orderId: order.id, status: 'not-found' };
    return { kind: 'provider-error', orderId: order.id, message: error.message };
  }
  return applyVerification(reference, verification, confirmedBy, origin);
}

/** Applies what Paystack says about `reference` (from verify, or a signed webhook). Safe to repeat. */
export async function applyVerification(
  reference: string,
  verification: Verification,
  confirmedBy: ConfirmedBy,
  origin = publicOrigin(),
): Promise<ConfirmOutcome> {
  type Inner = ConfirmOutcome & { newlyPaid?: boolean; tookStock?: boolean; toldSupport?: boolean };
  const outcome = await db().transaction(async (tx): Promise<Inner> => {
    const [order] = await lockOrder(tx, reference);
    if (!order) return { kind: 'unknown-reference' };
    const verdict = paymentVerdict(verification.status);
    // A reference the order had before its current one (decision 0025): only a success on it matters, paying the
    // order or, when another reference paid it already, flagging a second charge. Anything else changes nothing.
    const replaced = order.reference !== reference;
    if (replaced && verdict !== 'paid') {
      const detail = { confirmedBy, reference, status: verification.status, replacedReference: true };
      await recordPaymentAnswer(tx, order.id, 'not-successful', detail);
      return { kind: 'not-paid', orderId: order.id, status: verification.status };
    }
    if (
      order.paymentStatus === 'paid' &&
      verdict === 'reversed' &&
      verification.domain === expectedDomain() &&
      !(await refundsCoverPayment(tx, order.id))
    ) {
      await flagReversal(tx, order, reference, verification, confirmedBy);
      return { kind: 'reversed', orderId: order.id, toldSupport: true };
    }
    if (['paid', 'reversed', 'refunded'].includes(order.paymentStatus)) {
      // The first answer may have come without Paystack's fees (a callback before they were known): the next says.
      if (verification.fees !== null && verification.domain === expectedDomain())
        await tx.execute(sql`update payments set fees = ${verification.fees}
          where order_id = ${order.id} and reference = ${reference} and fees is null`);
      const paidTwice = replaced && verification.domain === expectedDomain();
      if (paidTwice && (await flagSecondCharge(tx, order, reference, verification, confirmedBy)))
        return { kind: 'paid', orderId: order.id, alreadyPaid: true, toldSupport: true };
      return { kind: 'paid', orderId: order.id, alreadyPaid: true };
    }
    // An answer from the other mode of Paystack (test vs live) is not about this store's money: not trusted at all.
    const domain = expectedDomain();
    if (verification.domain !== domain) {
      await flagWrongDomain(tx, { id: order.id, reference }, verification, domain, confirmedBy);
      return { kind: 'mismatch', orderId: order.id };
    }
    const inBetween = verdict === 'awaiting' ? inBetweenKind(verification.status, verification.channel) : null;
    if (inBetween && inBetween !== 'awaiting' && order.paymentStatus === 'pending') {
      await holdPayable(tx, order, verification, confirmedBy);
      return { kind: 'unfinished', orderId: order.id, status: verification.status, channel: verification.channel };
    }
    if (verdict === 'awaiting') {
      // Told once, when the order starts waiting: the awaiting page asks again on every refresh.
      const [changed] = await tx
        .update(orders)
        .set({
          paymentStatus: 'awaiting',
          awaitingChannel: verification.channel,
          awaitingSince: sql`coalesce(${orders.awaitingSince}, now())`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')))
        .returning({ id: orders.id });
      if (changed) {
        const detail = { confirmedBy, status: verification.status, channel: verification.channel };
        await recordPaymentEvent(tx, order.id, 'awaiting', detail);
        // The customer hears once that the transfer is on its way: the first time the order waits for one.
        if (!order.awaitingSince) await queueAwaitingTransferMail(tx, order.id);
      }
      return { kind: 'awaiting', orderId: order.id, status: verification.status };
    }
    if (verdict !== 'paid') {
      const detail = { confirmedBy, status: verification.status, gatewayResponse: verification.gatewayResponse };
      await recordPaymentAnswer(tx, order.id, 'not-successful', detail);
      return { kind: 'not-paid', orderId: order.id, status: verification.status };
    }
    if (
      verification.reference !== reference ||
      verification.amount !== order.total ||
      verification.currency !== PAYMENT_CURRENCY
    ) {
      const reason =
        `Paystack reported ${verification.currency} ${formatNaira(verification.amount).replace('₦', '')} ` +
        `for reference ${verification.reference}; ` +
        `the order expects ${formatNaira(order.total)} (${PAYMENT_CURRENCY}) for ${reference}. ` +
        'Not marked paid: check the charge in the Paystack dashboard and refund or settle it.';
      await flagForReview(tx, order.id, reason, 'mismatch', {
        confirmedBy,
        reportedAmount: verification.amount,
        reportedCurrency: verification.currency,
        reportedReference: verification.reference,
        expectedAmount: order.total,
      });
      logger.error(
        { orderId: order.id, reference, reported: { amount: verification.amount, currency: verification.currency } },
        'payment does not match its order: flagged for the admin',
      );
      return { kind: 'mismatch', orderId: order.id };
    }
    const items = await orderStockLines(tx, order.id);
    let reviewReason: string | null = null;
    if (order.stockState === 'released') {
      // Paid after the sweep gave its stock back: take it again if it is still there; the money is real either way.
      // A savepoint: when one line is short, the lines taken before it are given back, the rest of the step stays.
      const shortage = await tx
        .transaction(async (inner) => {
          const short = await takeStock(inner, items);
          if (short) throw new StockShortage();
          return null;
        })
        .catch((error: unknown) => {
          if (error instanceof StockShortage) return true;
          throw error;
        });
      if (shortage)
        reviewReason =
          'Paid after its reserved stock had been released, and some items are no longer in stock: restock or refund.';
      await recordPaymentEvent(tx, order.id, 'paid-after-release', { confirmedBy, restocked: !shortage });
    }
    if (order.status === 'cancelled') {
      reviewReason ??= 'Paid after the order was cancelled: refund the payment, or set the order back to processing.';
    }
    // The promo code's use counts now; one given back with a release is taken again only within the code's limits,
    // otherwise the order is flagged and the use left out of the code's uses and revenue (decision 0028).
    const overLimit = await countPromoUseOfPayment(tx, order.id, confirmedBy);
    if (overLimit) reviewReason = reviewReason ? `${reviewReason} ${overLimit}` : overLimit;
    const paidAt = paidTime(verification.paidAt);
    // Paid through an older reference: that one is the order's charge now (refunds name it).
    await adoptPayingReference(tx, order.id, order.reference, reference);
    await tx.execute(sql`
      update orders set payment_status = 'paid', stock_state = 'committed',
        paid_at = ${paidAt.toISOString()}::timestamptz, review_reason = coalesce(review_reason, ${reviewReason}),
        updated_at = now()
      where id = ${order.id}`);
    await tx
      .insert(payments)
      .values({
        orderId: order.id,
        reference,
        amount: verification.amount,
        currency: verification.currency,
        channel: verification.channel,
        confirmedBy,
        paidAt,
        fees: verification.fees,
        payload: verification.raw,
      })
      .onConflictDoNothing();
    await removeBoughtLines(tx, order.userId, items);
    await recordPaymentEvent(tx, order.id, 'paid', {
      confirmedBy,
      amount: verification.amount,
      currency: verification.currency,
      channel: verification.channel,
      fees: verification.fees,
    });
    await queueOrderMails(tx, order.id, origin);
    return {
      kind: 'paid',
      orderId: order.id,
      alreadyPaid: false,
      newlyPaid: true,
      tookStock: order.stockState === 'released',
    };
  });
  // Stock taken again after a release: stored product pages must not go on offering it.
  if (outcome.kind === 'paid' && outcome.tookStock) contentChanged();
  if (outcome.kind === 'paid' && outcome.newlyPaid) {
    logger.info({ orderId: outcome.orderId, reference, confirmedBy }, 'order paid');
    // The mails were queued in the payment's transaction; the worker here (if any) sends them now, not at its
    // next poll.
    wakeWorkers(QUEUES.mail.name);
  }
  // A reversal or a second charge: support's mail was queued in the transaction.
  if (outcome.toldSupport) wakeWorkers(QUEUES.mail.name);
  const { newlyPaid: _newlyPaid, tookStock: _tookStock, toldSupport: _toldSupport, ...result } = outcome;
  return result;
}

class StockShortage extends Error {}

/**
 * `ongoing` while the customer, not the bank, has a step left (decision 0029): the order stays pending, so Pay works
 * at once (the same transaction resumed, or a new checkout), and keeps the channel Paystack named; one with no channel
 * is marked for the sweep to ask again. Told once per channel; the mark is refreshed, so the next ask is a minute on.
 */
async function holdPayable(tx: Tx, order: LockedOrder, verification: Verification, by: ConfirmedBy) {
  const channel = verification.channel || UNKNOWN_CHANNEL;
  await tx
    .update(orders)
    .set({ awaitingChannel: channel, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')));
  if (order.awaitingChannel === channel) return;
  await recordPaymentEvent(tx, order.id, 'unfinished', {
    confirmedBy: by,
    status: verification.status,
    channel,
    gatewayResponse: verification.gatewayResponse,
  });
}

/**
 * The bank took a paid charge back (Paystack's verify says `reversed`): the money is gone, so a person must decide
 * about the goods. The order is flagged with the reason and support is mailed, in the same transaction.
 */
async function flagReversal(
  tx: Tx,
  order: LockedOrder,
  reference: string,
  verification: Verification,
  by: ConfirmedBy,
) {
  const reason =
    `Paystack reports the payment ${reference} as reversed (${verification.gatewayResponse ?? 'no reason given'}): ` +
    'the money went back to the customer. Check before shipping, or contact the customer.';
  await tx.execute(sql`
    update orders set payment_status = 'reversed', review_reason = coalesce(review_reason, ${reason}),
      updated_at = now()
    where id = ${order.id}`);
  await recordPaymentEvent(tx, order.id, 'reversed', {
    confirmedBy: by,
    gatewayResponse: verification.gatewayResponse,
  });
  logger.error({ orderId: order.id, reference }, 'a paid order was reversed: flagged for the admin');
  await queueSupportNotice(tx, order.id, `Payment reversed on order ${order.id}`, reason);
}

/**
 * A success on a reference the order had before, when another reference paid it already (decision 0025): the
 * shopper was charged twice. Flagged for a person, who refunds one in Paystack's dashboard, and support is mailed:
 * once per reference, however often Paystack repeats it. True when this call flagged it.
 */
async function flagSecondCharge(
  tx: Tx,
  order: LockedOrder,
  reference: string,
  verification: Verification,
  by: ConfirmedBy,
): Promise<boolean> {
  const [seen] = await tx.execute(sql`select 1 from payment_events
    where order_id = ${order.id} and kind = 'paid-twice' and detail->>'reference' = ${reference}`);
  if (seen) return false;
  const reason =
    `Paystack reports a second payment for this order: ${formatNaira(verification.amount)} on reference ` +
    `${reference}, besides the payment on ${order.reference}. Refund one of them in the Paystack dashboard.`;
  await flagForReview(tx, order.id, reason, 'paid-twice', {
    confirmedBy: by,
    reference,
    amount: verification.amount,
    currency: verification.currency,
  });
  logger.error({ orderId: order.id, reference }, 'an order was paid twice: flagged for the admin');
  await queueSupportNotice(tx, order.id, `Order ${order.id} was paid twice`, reason);
  return true;
}

/** Paystack's paid_at, or now when it sent none (or something that is not a date). */
function paidTime(value: string | null): Date {
  const parsed = value ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
}
