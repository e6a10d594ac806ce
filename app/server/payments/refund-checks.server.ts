/**
 * Refunds Paystack did not answer about (decision 0030). POST /refund answered a 5xx, timed out or said something
 * that does not parse: the refund may exist at Paystack or not, so its amount stays held ('no-answer') and this job
 * asks Paystack, with GET /refund/{id} when the id is known, else GET /refund?transaction=…, until it knows. Found:
 * the row takes Paystack's id and status. Absent from a complete list: it was never made, the row fails and the
 * amount is free again. No answer again: it asks later, waiting twice as long each time (1, 2, 4… minutes, at most an
 * hour), and tells support once when two hours went by without an answer.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { orders, refunds } from '~/db/schema';
import { formatNaira } from '~/lib/money';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { paymentSetup, type PaystackConfig } from './paystack/config.server';
import { PaystackError } from './paystack/paystack.server';
import { fetchRefund, listRefunds, type PaystackRefund } from './paystack/paystack-refunds.server';
import { checkedRows } from '../sql-rows.server';
import { queueSupportNotice } from '../orders/order-mails.server';
import { recordPaymentEvent } from './payment-events.server';
import { afterRefundChange, refundStatusOf } from './refunds.server';

/** The longest wait between two questions about one refund, in minutes. */
export const MAX_CHECK_DELAY_MINUTES = 60;
/** After this many unanswered questions (about two hours) support is told, once. */
export const CHECKS_BEFORE_NOTICE = 7;
/** A 'requesting' row this old lost its call (the process stopped mid-request): it is checked as if unanswered. */
const STUCK_REQUEST_MINUTES = 5;
const BATCH = 50;

const dueRow = z.object({
  id: z.number(),
  orderId: z.string(),
  amount: z.number(),
  providerId: z.string().nullable(),
  checkAttempts: z.number(),
  reference: z.string(),
  transactionId: z.string().nullable(),
});
type Due = z.output<typeof dueRow>;

export type RefundCheckOutcome = 'found' | 'never-made' | 'unknown';

/** Asks Paystack about every unanswered refund whose wait is over; returns what each check concluded. */
export async function checkUnansweredRefunds(): Promise<RefundCheckOutcome[]> {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return [];
  const rows = await db().execute(sql`
    select r.id, r.order_id as "orderId", r.amount::float8 as amount, r.provider_id as "providerId",
      r.check_attempts as "checkAttempts", o.payment_reference as reference, p.payload->>'id' as "transactionId"
    from refunds r
      join orders o on o.id = r.order_id
      left join payments p on p.order_id = o.id
    where o.payment_reference is not null and (
      (r.status = 'no-answer' and (r.last_checked_at is null or r.last_checked_at
        + make_interval(mins => least(${MAX_CHECK_DELAY_MINUTES}, power(2, r.check_attempts)::int)) <= now()))
      or (r.status = 'requesting' and r.updated_at < now() - make_interval(mins => ${STUCK_REQUEST_MINUTES})))
    order by r.id
    limit ${BATCH}`);
  const outcomes: RefundCheckOutcome[] = [];
  for (const row of checkedRows(dueRow, rows)) outcomes.push(await checkRefund(setup, row));
  return outcomes;
}

async function checkRefund(setup: PaystackConfig, row: Due): Promise<RefundCheckOutcome> {
  let found: PaystackRefund | null | undefined;
  try {
    found = row.providerId ? await fetchRefund(setup, row.providerId) : await findAtPaystack(setup, row);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    // A fetch by id that Paystack answers 404 to is a refund it does not have: never made.
    if (error.kind === 'not-found' && row.providerId) found = null;
    else return stillUnknown(row, error.message);
  }
  if (found === undefined) return stillUnknown(row, 'Paystack listed only part of the refunds');
  return db().transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.orderId)).for('update');
    const status = found ? refundStatusOf(found.status) : 'failed';
    const note = found ? `Paystack says ${found.status}` : 'Paystack has no such refund: it was never made';
    const [changed] = await tx
      .update(refunds)
      .set({
        status,
        providerId: found ? found.id : row.providerId,
        note,
        lastCheckedAt: new Date(),
        checkAttempts: sql`${refunds.checkAttempts} + 1`,
        updatedAt: new Date(),
      })
      // A webhook may have settled it meanwhile: that answer stands.
      .where(and(eq(refunds.id, row.id), sql`${refunds.status} in ('no-answer', 'requesting')`))
      .returning({ id: refunds.id });
    if (!changed) return found ? 'found' : 'never-made';
    await recordPaymentEvent(tx, row.orderId, 'refund-updated', {
      refundId: row.id,
      status,
      amount: row.amount,
      event: 'refund check',
    });
    await afterRefundChange(tx, { orderId: row.orderId, amount: row.amount, status, reference: row.reference });
    logger.info({ orderId: row.orderId, refundId: row.id, status }, 'an unanswered refund was settled by asking');
    return found ? 'found' : 'never-made';
  });
}

/**
 * The transaction's refunds at Paystack that no other row of ours has claimed, the one of this amount (the oldest
 * unanswered row gets the first). null: the list is complete and it is not there; undefined: it cannot be told.
 */
async function findAtPaystack(setup: PaystackConfig, row: Due): Promise<PaystackRefund | null | undefined> {
  const listed = await listRefunds(setup, row.transactionId ?? row.reference);
  const ours = (refund: PaystackRefund) =>
    refund.transactionReference === row.reference ||
    (row.transactionId !== null && refund.transactionId === row.transactionId);
  const claimed = new Set(
    (await db().select({ id: refunds.providerId }).from(refunds).where(eq(refunds.orderId, row.orderId))).map(
      (r) => r.id,
    ),
  );
  const match = listed.refunds.find((r) => ours(r) && r.amount === row.amount && !claimed.has(r.id));
  if (match) return match;
  // "Never made" only from a whole list of this transaction alone: a filter Paystack ignored proves nothing.
  return listed.complete && listed.refunds.every(ours) ? null : undefined;
}

async function stillUnknown(row: Due, message: string): Promise<RefundCheckOutcome> {
  const attempts = row.checkAttempts + 1;
  await db().transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ lastCheckedAt: new Date(), checkAttempts: attempts, status: 'no-answer', note: message })
      .where(and(eq(refunds.id, row.id), sql`${refunds.status} in ('no-answer', 'requesting')`));
    if (attempts === CHECKS_BEFORE_NOTICE) {
      const text =
        `Paystack has not said, for about two hours, whether it made the refund of ${formatNaira(row.amount)} on ` +
        `payment ${row.reference}. Its amount stays held and the store keeps asking every hour. Look it up in the ` +
        'Paystack dashboard; do not refund this amount another way before Paystack says it failed.';
      await queueSupportNotice(tx, row.orderId, `Refund without an answer on order ${row.orderId}`, text);
    }
  });
  logger.warn({ orderId: row.orderId, refundId: row.id, attempts, err: message }, 'a refund is still without answer');
  return 'unknown';
}
