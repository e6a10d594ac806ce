/**
 * The promo code's use of an order being marked paid (decision 0028, amending 0023): counted as `used`, or, when the
 * order had given its use back (released unpaid, then paid late on a checkout page left open) and the code has reached
 * its total or per-customer limit since, kept as `over-limit`: the order is paid (the money is real) but flagged for a
 * person, support is mailed, and the code's uses and revenue leave it out. Runs in the payment's own transaction with
 * the order's row locked (confirm-payment.server.ts, discount-payment.server.ts).
 */
import { formatNaira } from '~/lib/money';
import type { Database } from '../db.server';
import { logger } from '../logger.server';
import { countPaidPromoUse, type PaidPromoUse } from './promo-codes.server';
import { queueSupportNotice } from '../orders/order-mails.server';
import { recordPaymentEvent } from '../payments/payment-events.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const LIMIT_WORDS = { total: 'its total number of uses', 'per-customer': 'its uses per customer' } as const;

/** The admin's reason for an order whose discount went past its code's limits. */
export function overLimitReason(use: Extract<PaidPromoUse, { kind: 'over-limit' }>): string {
  const limits = use.limits.map((limit) => LIMIT_WORDS[limit]).join(' and ');
  return (
    'Paid after this order had been released unpaid and had given back its use of the code ' +
    `${use.code.toUpperCase()}; ` +
    `the code has reached ${limits} since, so its ${formatNaira(use.discount)} discount went past the code's ` +
    "limits and is not counted in the code's uses or revenue. Check the customer's other orders with the code, " +
    'then fulfil this one or contact the customer.'
  );
}

/**
 * Counts the order's use of its code as it is paid; null when that is within the code's limits (or there is no code),
 * otherwise the review reason for the order, with the payment event written and support's mail queued.
 */
export async function countPromoUseOfPayment(tx: Tx, orderId: string, by: string): Promise<string | null> {
  const use = await countPaidPromoUse(tx, orderId);
  if (use.kind !== 'over-limit') return null;
  const reason = overLimitReason(use);
  await recordPaymentEvent(tx, orderId, 'promo-over-limit', {
    confirmedBy: by,
    promoCode: use.code,
    discount: use.discount,
    limits: use.limits,
  });
  logger.warn({ orderId, code: use.code, limits: use.limits }, 'a late payment took a promo code past its limits');
  await queueSupportNotice(tx, orderId, `Order ${orderId} used a promo code past its limits`, reason);
  return reason;
}
