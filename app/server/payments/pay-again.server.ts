/**
 * Paying an unpaid order again from its page, where the reminder to pay links (decision 0025). Never a
 * second order: the same order, its lines and total as placed.
 * - Still holding its stock (pending, reserved): the same reference, resumed by start-payment.server.ts.
 * - Released by the sweep (failed or abandoned): Paystack is asked about the old reference first, exactly as the sweep
 *   asks (settlePendingOrder), so a payment that went through after all completes the order instead of charging twice,
 *   and one still on its way is waited for. Then, in one transaction under the customer's checkout lock
 *   (place-order.server.ts takes the same), the order takes its stock again, takes back its promo code's use, and
 *   gets a fresh reference: Paystack refuses to initialize a reference twice. The old reference stays findable
 *   (payment-references.server.ts): should its page still be paid, the order is paid by it, or flagged as paid twice.
 * The payment timeout counts again from now (orders.reserved_at), so the sweep gives the stock back if this payment
 * is left too.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CHECKOUT_MESSAGES, paymentReference } from '~/lib/checkout/checkout';
import { isId } from '~/lib/ids';
import { PAY_AGAIN_HOURS, PAY_AGAIN_MESSAGES } from '~/lib/payments/pay-again';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '~/lib/orders/orders';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { logger } from '../logger.server';
import { reclaimPromoUse } from '../promo/promo-codes.server';
import { checkedRows } from '../sql-rows.server';
import { recordPaymentEvent } from './payment-events.server';
import { keepReplacedReference } from './payment-references.server';
import { settlePendingOrder } from './payment-sweep.server';
import type { PendingOrder } from '../checkout/place-order.server';
import { orderStockLines, stockLineName, takeStock } from '../catalog/stock.server';

export type PayAgainAnswer =
  | { kind: 'pay'; order: PendingOrder }
  /** Paid already, or the old reference turned out paid: the order's page says so. */
  | { kind: 'paid'; orderId: string }
  | { kind: 'refused'; status: 404 | 409 | 503; message: string };

/** What decides whether an order may be paid again, read in one statement. */
const stateRow = z.object({
  id: z.string(),
  userId: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  stockState: z.enum(['reserved', 'committed', 'released']),
  reference: z.string().nullable(),
  // bigint: the driver hands it over as text.
  total: z.union([z.number(), z.string()]).transform(Number),
  promoCode: z.string().nullable(),
  accessCode: z.string().nullable(),
  authorizationUrl: z.string().nullable(),
  underReview: z.boolean(),
  newerOrder: z.boolean(),
  tooOld: z.boolean(),
});
type OrderState = z.output<typeof stateRow>;

const readState = async (
  reader: Pick<ReturnType<typeof db>, 'execute'>,
  orderId: string,
  { lock = false } = {},
): Promise<OrderState | undefined> => {
  const rows = await reader.execute(sql`
    select o.id, o.user_id as "userId", o.status, o.payment_status as "paymentStatus", o.stock_state as "stockState",
      o.payment_reference as reference, o.total, o.promo_code as "promoCode", o.access_code as "accessCode",
      o.authorization_url as "authorizationUrl", o.review_reason is not null as "underReview",
      exists (select 1 from orders n where n.user_id = o.user_id and n.created_at > o.created_at) as "newerOrder",
      o.created_at < now() - make_interval(hours => ${PAY_AGAIN_HOURS}) as "tooOld"
    from orders o where o.id = ${orderId}
    ${lock ? sql`for update of o` : sql``}`);
  return checkedRows(stateRow, rows)[0];
};

const PAID = ['paid', 'reversed', 'refunded'];

/** Why this unpaid order cannot be paid again, or null when it can (its stock is checked when it is paid). */
function refusal(order: OrderState): string | null {
  if (order.status === 'cancelled') return PAY_AGAIN_MESSAGES.cancelled;
  if (order.underReview) return PAY_AGAIN_MESSAGES.underReview;
  // Money on its way: a second payment is never offered while a transfer may still land.
  if (order.paymentStatus === 'awaiting') return CHECKOUT_MESSAGES.previousPaymentInProgress;
  if (order.newerOrder) return PAY_AGAIN_MESSAGES.newerOrder;
  if (order.tooOld) return PAY_AGAIN_MESSAGES.tooOld;
  if (!order.reference) return PAY_AGAIN_MESSAGES.cannotPay;
  return null;
}

/** Whether the order's page offers "Pay for this order": the customer's own unpaid order that may be paid again. */
export async function payAgainOffered(orderId: string): Promise<boolean> {
  if (!isId(orderId)) return false;
  const order = await readState(db(), orderId);
  return !!order && !PAID.includes(order.paymentStatus) && refusal(order) === null;
}

const pending = (order: OrderState, reference: string, reused: boolean): PendingOrder => ({
  id: order.id,
  reference,
  total: order.total,
  accessCode: reused ? order.accessCode : null,
  authorizationUrl: reused ? order.authorizationUrl : null,
  reused,
});

/** The customer asks to pay their order `orderId` again: the order to start a payment for, or why not. */
export async function payOrderAgain(userId: string, orderId: string): Promise<PayAgainAnswer> {
  const order = isId(orderId) ? await readState(db(), orderId) : undefined;
  if (!order || order.userId !== userId) return { kind: 'refused', status: 404, message: PAY_AGAIN_MESSAGES.cannotPay };
  if (PAID.includes(order.paymentStatus)) return { kind: 'paid', orderId };
  const refused = refusal(order);
  if (refused || !order.reference)
    return { kind: 'refused', status: 409, message: refused ?? PAY_AGAIN_MESSAGES.cannotPay };
  // Still holding its stock: the same reference, resumed (start-payment.server.ts re-checks under the row lock).
  if (order.stockState === 'reserved') return { kind: 'pay', order: pending(order, order.reference, true) };

  const settled = await settlePendingOrder({ id: order.id, reference: order.reference }, 'checkout');
  switch (settled.kind) {
    case 'completed':
      return { kind: 'paid', orderId };
    case 'flagged':
      return { kind: 'refused', status: 409, message: PAY_AGAIN_MESSAGES.underReview };
    case 'kept':
      return { kind: 'refused', status: 409, message: CHECKOUT_MESSAGES.previousPaymentInProgress };
    case 'unreachable':
      return { kind: 'refused', status: 503, message: CHECKOUT_MESSAGES.previousPaymentUnchecked };
    case 'released':
      // The old reference is finally unpaid: the order may take its stock again, under a fresh reference.
      return reopen(userId, orderId);
  }
}

class Refused extends Error {}

async function reopen(userId: string, orderId: string): Promise<PayAgainAnswer> {
  const answer = await db()
    .transaction(async (tx): Promise<PayAgainAnswer> => {
      // One checkout or payment-again of this customer at a time (place-order.server.ts takes the same lock).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`);
      const order = await readState(tx, orderId, { lock: true });
      if (!order) throw new Refused(PAY_AGAIN_MESSAGES.cannotPay);
      if (PAID.includes(order.paymentStatus)) return { kind: 'paid', orderId };
      const refused = refusal(order);
      if (refused || !order.reference) throw new Refused(refused ?? PAY_AGAIN_MESSAGES.cannotPay);
      // Another tab reopened it a moment ago: that payment is resumed.
      if (order.stockState === 'reserved') return { kind: 'pay', order: pending(order, order.reference, true) };
      // The customer holds at most one unpaid order's stock (decision 0008): while an older one still holds some (the
      // sweep settles it), this one waits.
      const [open] = await tx.execute(sql`select 1 from orders where user_id = ${userId} and id <> ${orderId}
        and stock_state = 'reserved' and payment_status in ('pending', 'awaiting')`);
      if (open) throw new Refused(CHECKOUT_MESSAGES.previousPaymentInProgress);
      const shortage = await takeStock(tx, await orderStockLines(tx, orderId));
      if (shortage) throw new Refused(PAY_AGAIN_MESSAGES.soldOut(stockLineName(shortage.line), shortage.left));
      const promo = await reclaimPromoUse(tx, { id: orderId, userId, promoCode: order.promoCode });
      if (promo) throw new Refused(PAY_AGAIN_MESSAGES.promoClosed(promo));
      const reference = paymentReference();
      await keepReplacedReference(tx, orderId, order.reference);
      await tx.execute(sql`
        update orders set payment_status = 'pending', stock_state = 'reserved', payment_reference = ${reference},
          access_code = null, authorization_url = null, reserved_at = now(), updated_at = now()
        where id = ${orderId}`);
      await recordPaymentEvent(tx, orderId, 'reopened', { previousReference: order.reference, reference });
      return { kind: 'pay', order: pending(order, reference, false) };
    })
    .catch((error: unknown): PayAgainAnswer => {
      // Thrown so that stock taken before a shortage or a closed code goes back with the transaction.
      if (error instanceof Refused) return { kind: 'refused', status: 409, message: error.message };
      throw error;
    });
  if (answer.kind === 'pay' && !answer.order.reused) {
    logger.info({ orderId, userId, reference: answer.order.reference }, 'a released order is being paid again');
    // Its stock is taken again: stored product pages ('Only N left', sold-out sizes) must not outlive the change.
    contentChanged();
  } else if (answer.kind === 'refused') {
    logger.info({ orderId, userId, message: answer.message }, 'paying an order again refused');
  }
  return answer;
}
