/**
 * A pay-on-delivery order's money collected at the door (decision 0037), written as a payment is: the order paid
 * (paid_at now, how it was collected and the admin's note), the one payments row (provider `pay_on_delivery`, the
 * channel cash, POS or transfer, no Paystack fee, confirmed by the admin), the promo code's use counted, and a payment
 * event. Runs in the caller's transaction, which holds the order's row lock.
 */
import { sql } from 'drizzle-orm';
import { payments } from '~/db/schema';
import { PAYMENT_CURRENCY } from '~/lib/checkout/checkout';
import type { CollectionMethod } from '~/lib/orders/orders';
import type { Database } from '../db.server';
import { countPromoUseOfPayment } from '../promo/paid-promo-use.server';
import { recordPaymentEvent } from './payment-events.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The payments row's provider, and who confirmed it: the admin who marked it collected. */
export const POD_PROVIDER = 'pay_on_delivery';

export async function recordCollectedPayment(
  tx: Tx,
  order: { id: string; total: number },
  collection: { collectedBy: CollectionMethod; note: string | null; by: string },
): Promise<void> {
  const paidAt = new Date();
  // A code given back meanwhile and now past its limits flags the order, as a Paystack payment does (decision 0028).
  const overLimit = await countPromoUseOfPayment(tx, order.id, 'admin');
  await tx.execute(sql`
    update orders set payment_status = 'paid', paid_at = ${paidAt.toISOString()}::timestamptz,
      collected_by = ${collection.collectedBy}, collection_note = ${collection.note},
      review_reason = coalesce(review_reason, ${overLimit}), updated_at = now()
    where id = ${order.id}`);
  await tx.insert(payments).values({
    orderId: order.id,
    provider: POD_PROVIDER,
    // Unique like every payment's reference; never sent to Paystack (the order itself has none).
    reference: `pod-${order.id}`,
    amount: order.total,
    currency: PAYMENT_CURRENCY,
    channel: collection.collectedBy,
    // Nothing went through Paystack, so no fee: known to be 0, not missing (the net revenue counts missing ones).
    fees: 0,
    confirmedBy: 'admin',
    paidAt,
    payload: { collectedBy: collection.collectedBy, note: collection.note, by: collection.by },
  });
  await recordPaymentEvent(tx, order.id, 'collected', {
    amount: order.total,
    collectedBy: collection.collectedBy,
    note: collection.note,
    by: collection.by,
  });
}
