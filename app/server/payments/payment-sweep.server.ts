/**
 * Step 5 of docs/architecture.md#5-checkout-and-payment: pending payments whose stock was taken (orders.reserved_at)
 * more than PAYMENT_TIMEOUT_MINUTES ago are asked about once more. Paid after all → completed like any other
 * confirmation. Failed, abandoned, or never reached Paystack → the reserved stock goes back and paymentStatus becomes
 * failed or abandoned; the order itself stays visible to its customer. Provider trouble → left for the next sweep. Flagged orders wait for a person.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { orders } from '~/db/schema';
import type { PaymentStatus } from '~/lib/orders/orders';
import { isFinalUnpaid, paymentVerdict, UNKNOWN_CHANNEL } from '~/lib/payments/payment-status';
import { db } from '../db.server';
import { env } from '../env.server';
import { contentChanged } from '../http/http-cache.server';
import { logger } from '../logger.server';
import { releasePromo } from '../promo/promo-codes.server';
import { getSettings } from '../store/settings.server';
import { checkedRows } from '../sql-rows.server';
import { confirmPayment, type ConfirmedBy } from './confirm-payment.server';
import { recordPaymentEvent } from './payment-events.server';
import { orderStockLines, returnStock } from '../catalog/stock.server';

/** After these nothing more will happen to an unpaid charge (a reversed one has gone back); the stock may go back. */
const isFinal = (providerStatus: string) => {
  const verdict = paymentVerdict(providerStatus);
  return isFinalUnpaid(verdict) || verdict === 'reversed';
};

export type SweepReport = { checked: number; completed: number; released: number; kept: number };

/**
 * What asking Paystack once more did to a pending order. `kept`: Paystack is still deciding (a transfer on its
 * way); `unreachable`: it could not be asked; `flagged`: a charge that did not match, left for a person.
 */
export type Settled =
  | { kind: 'completed' | 'flagged' }
  /** `changed`: this call gave the stock back (false: a concurrent sweep, checkout or payment got there first). */
  | { kind: 'released'; changed: boolean }
  | { kind: 'kept'; status: string }
  | { kind: 'unreachable'; message: string };

/**
 * The one way a pending order is settled outside a payment's own confirmation: by the sweep, and by a new
 * checkout of the same customer (place-order.server.ts). Paid → completed; finally unpaid → released, once.
 */
export async function settlePendingOrder(
  order: { id: string; reference: string; windowPassed?: boolean; recheckOnly?: boolean },
  by: Extract<ConfirmedBy, 'sweep' | 'checkout'>,
): Promise<Settled> {
  const outcome = await confirmPayment(order.reference, by);
  // Asked again a minute after an `ongoing` that named no channel (decision 0029), before the payment timeout:
  // only a payment, a transfer now named or a flag changes the order; nothing is released before its time.
  if (order.recheckOnly && !['paid', 'mismatch', 'reversed', 'awaiting', 'unfinished'].includes(outcome.kind)) {
    // Paystack unreachable: asked again next minute. A plain answer (abandoned, failed…) ends the asking again; the
    // payment timeout decides about the stock as for any pending order.
    if (outcome.kind === 'not-paid') await stopRecheck(order.id);
    return { kind: 'kept', status: 'status' in outcome ? outcome.status : outcome.kind };
  }
  switch (outcome.kind) {
    case 'paid':
      return { kind: 'completed' };
    case 'mismatch':
    case 'reversed':
      return { kind: 'flagged' };
    case 'awaiting':
      // A transfer still on its way keeps its stock for the store's transfer window; after it the stock goes back
      // (a late success still completes the order: confirm-payment.server.ts takes the stock again or flags it).
      if (!order.windowPassed) return { kind: 'kept', status: outcome.status };
      return {
        kind: 'released',
        changed: await releaseOrder(
          order.id,
          'abandoned',
          `${outcome.status} past the transfer window`,
          by,
          order.reference,
        ),
      };
    case 'unfinished':
      // A card left at its OTP or 3-D Secure step (decision 0029): a newer checkout, or the payment timeout, gives
      // its stock back, as for an abandoned one (a late success still completes the order). With no channel named it
      // may be a transfer: asked again a minute later, and released only once the payment timeout has passed.
      if (by === 'sweep' && order.recheckOnly) return { kind: 'kept', status: outcome.status };
      if (by === 'checkout' && outcome.channel === null) return { kind: 'kept', status: outcome.status };
      return {
        kind: 'released',
        changed: await releaseOrder(
          order.id,
          'abandoned',
          `${outcome.status} (${outcome.channel ?? 'no channel'}) not finished`,
          by,
          order.reference,
        ),
      };
    case 'provider-error':
      return { kind: 'unreachable', message: outcome.message };
    case 'unknown-reference':
      return { kind: 'kept', status: 'unknown-reference' };
    case 'not-paid': {
      if (!isFinal(outcome.status)) return { kind: 'kept', status: outcome.status };
      const status = outcome.status === 'failed' ? 'failed' : 'abandoned';
      return { kind: 'released', changed: await releaseOrder(order.id, status, outcome.status, by, order.reference) };
    }
  }
}

/** A stale order as the sweep selects it (every order gets its payment reference when it is placed). */
const staleRow = z.object({
  id: z.string(),
  reference: z.string(),
  windowPassed: z.boolean(),
  recheckOnly: z.boolean(),
});

/** How long after an `ongoing` with no channel Paystack is asked again (decision 0029). */
export const RECHECK_AFTER_SECONDS = 60;

/** The order is no longer waiting to be asked again about a channel. */
async function stopRecheck(orderId: string) {
  await db()
    .update(orders)
    .set({ awaitingChannel: null })
    .where(and(eq(orders.id, orderId), eq(orders.awaitingChannel, UNKNOWN_CHANNEL)));
}

/**
 * Pending orders older than the payment timeout, and orders awaiting a transfer for longer than the store's
 * transfer window (from when Paystack first said pending), are asked about once more; so are pending orders whose
 * `ongoing` named no channel, a minute after they were last asked (decision 0029).
 */
export async function sweepStalePayments({
  olderThanMinutes = env().PAYMENT_TIMEOUT_MINUTES,
  limit = 100,
} = {}): Promise<SweepReport> {
  const { transferWindowMinutes } = await getSettings();
  const rows = await db().execute(sql`
    select id, payment_reference as reference, payment_status = 'awaiting' as "windowPassed",
      (payment_status = 'pending' and reserved_at >= now() - make_interval(secs => ${olderThanMinutes * 60}))
        as "recheckOnly"
    from orders
    where stock_state = 'reserved' and review_reason is null and (
      (payment_status = 'pending' and reserved_at < now() - make_interval(secs => ${olderThanMinutes * 60}))
      or (payment_status = 'pending' and awaiting_channel = ${UNKNOWN_CHANNEL}
        and updated_at < now() - make_interval(secs => ${RECHECK_AFTER_SECONDS}))
      or (payment_status = 'awaiting'
        and awaiting_since < now() - make_interval(secs => ${transferWindowMinutes * 60})))
    order by created_at
    limit ${limit}`);
  const stale = checkedRows(staleRow, rows);
  const report: SweepReport = { checked: stale.length, completed: 0, released: 0, kept: 0 };
  for (const order of stale) {
    const settled = await settlePendingOrder(order, 'sweep');
    if (settled.kind === 'completed') report.completed += 1;
    else if (settled.kind === 'released') report.released += settled.changed ? 1 : 0;
    else report.kept += 1;
  }
  if (report.checked > 0) logger.info(report, 'payment sweep');
  return report;
}

/**
 * Gives an unpaid order's stock, and its promo code's use, back, once: the row lock and the state check make a repeat
 * a no-op. `reference`: the reference Paystack was asked about; an order that has a new one since (paid again from
 * its page, pay-again.server.ts) is holding stock for that payment and is not released on the old one's answer.
 */
export async function releaseOrder(
  orderId: string,
  status: Extract<PaymentStatus, 'failed' | 'abandoned'>,
  providerStatus: string,
  by: Extract<ConfirmedBy, 'sweep' | 'checkout'> = 'sweep',
  reference?: string,
): Promise<boolean> {
  const released = await db().transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.id, orderId),
          inArray(orders.paymentStatus, ['pending', 'awaiting']),
          eq(orders.stockState, 'reserved'),
          reference ? eq(orders.paymentReference, reference) : undefined,
        ),
      )
      .for('update');
    if (!order) return false;
    await returnStock(tx, await orderStockLines(tx, orderId));
    // The promo code's use the order held goes back to the code too (decision 0023).
    await releasePromo(tx, orderId);
    await tx.execute(
      sql`update orders set payment_status = ${status}, stock_state = 'released', updated_at = now()
        where id = ${orderId}`,
    );
    const releasedBy = by === 'checkout' ? 'a newer checkout' : 'sweep';
    await recordPaymentEvent(tx, orderId, 'released', { providerStatus, paymentStatus: status, releasedBy });
    return true;
  });
  // The stock is buyable again: stored product pages that said sold out must go.
  if (released) contentChanged();
  return released;
}
