/**
 * A ₦0 order (its promo code takes off the whole total: a 100% code with free pickup or free delivery) is paid by its
 * discount, in the same request that placed it, without Paystack: Paystack's initialize refuses an amount of 0, and
 * there is nothing to charge (decision 0028). It becomes paid as a Paystack payment makes an order paid
 * (confirm-payment.server.ts): under the order's row lock, once; the stock committed, the bought lines out of the cart,
 * the one payments row (provider and channel `discount`, amount 0, confirmed by `discount`), the code's use counted,
 * and the confirmation and new-order mails queued in the same transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { orders, payments } from '~/db/schema';
import { PAYMENT_CURRENCY } from '~/lib/checkout/checkout';
import { DISCOUNT_PAYMENT } from '~/lib/payments/paid-by-discount';
import { removeBoughtLines } from '../cart/cart-store.server';
import { db } from '../db.server';
import { wakeWorkers } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import { logger } from '../logger.server';
import { publicOrigin } from '../public-url.server';
import { queueOrderMails } from '../orders/order-mails.server';
import { countPromoUseOfPayment } from '../promo/paid-promo-use.server';
import { recordPaymentEvent } from './payment-events.server';
import { orderStockLines } from '../catalog/stock.server';

/**
 * Pays the order `orderId` by its discount. `paid`: now or already (a second click); `refused`: it is not a ₦0
 * order still holding its stock unpaid (released meanwhile, under review), so nothing changed.
 */
export async function payByDiscount(orderId: string, origin = publicOrigin()): Promise<'paid' | 'refused'> {
  const outcome = await db().transaction(async (tx) => {
    const [order] = await tx
      .select({
        userId: orders.userId,
        total: orders.total,
        discount: orders.discount,
        promoCode: orders.promoCode,
        reference: orders.paymentReference,
        paymentStatus: orders.paymentStatus,
        stockState: orders.stockState,
        reviewReason: orders.reviewReason,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) return 'refused';
    if (order.paymentStatus === 'paid' && order.total === 0) return 'already';
    const free = order.total === 0 && order.paymentStatus === 'pending' && order.stockState === 'reserved';
    if (!free || order.reviewReason !== null || !order.reference) return 'refused';
    const paidAt = new Date();
    await tx.execute(sql`
      update orders set payment_status = 'paid', stock_state = 'committed',
        paid_at = ${paidAt.toISOString()}::timestamptz, updated_at = now()
      where id = ${orderId}`);
    await tx.insert(payments).values({
      orderId,
      provider: DISCOUNT_PAYMENT,
      reference: order.reference,
      amount: 0,
      currency: PAYMENT_CURRENCY,
      channel: DISCOUNT_PAYMENT,
      // Nothing went through Paystack, so no fee: known to be 0, not missing (the net revenue counts missing ones).
      fees: 0,
      confirmedBy: DISCOUNT_PAYMENT,
      paidAt,
      payload: { paidBy: DISCOUNT_PAYMENT, promoCode: order.promoCode, discount: order.discount },
    });
    await removeBoughtLines(tx, order.userId, await orderStockLines(tx, orderId));
    // A use held since Pay: `used` now (it cannot be past the limits, which were checked as it was taken).
    await countPromoUseOfPayment(tx, orderId, DISCOUNT_PAYMENT);
    await recordPaymentEvent(tx, orderId, 'paid', {
      confirmedBy: DISCOUNT_PAYMENT,
      amount: 0,
      currency: PAYMENT_CURRENCY,
      channel: DISCOUNT_PAYMENT,
      promoCode: order.promoCode,
      discount: order.discount,
    });
    await queueOrderMails(tx, orderId, origin);
    return 'paid';
  });
  if (outcome === 'paid') {
    logger.info({ orderId }, 'order paid by its discount');
    wakeWorkers(QUEUES.mail.name);
  }
  return outcome === 'refused' ? 'refused' : 'paid';
}
