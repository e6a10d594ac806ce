/** An order's payment history (the admin order page lists it): one row per thing that happened. */
import { desc, eq, sql } from 'drizzle-orm';
import { paymentEvents } from '~/db/schema';
import type { Database } from '../db.server';

export type PaymentEventKind =
  | 'created'
  | 'initialized'
  | 'initialize-failed'
  | 'verify-failed'
  | 'not-successful'
  | 'mismatch'
  | 'wrong-domain'
  | 'paid'
  | 'paid-after-release'
  | 'paid-twice'
  | 'promo-over-limit'
  | 'reopened'
  | 'released'
  | 'awaiting'
  | 'unfinished'
  | 'reversed'
  | 'refund-requested'
  | 'refund-updated'
  | 'dispute'
  | 'cancelled'
  // Pay on delivery (decision 0037): the money collected at the door, or the order refused there.
  | 'collected'
  | 'refused';

export async function recordPaymentEvent(
  executor: Pick<Database, 'insert'>,
  orderId: string,
  kind: PaymentEventKind,
  detail: Record<string, unknown> = {},
) {
  await executor.insert(paymentEvents).values({ orderId, kind, detail });
}

/**
 * Flags the order for a person and records why in its history, in the caller's transaction. The admin order page
 * shows the reason; a reason already there stays, so the first problem found is the one read first.
 */
export async function flagForReview(
  tx: Pick<Database, 'insert' | 'execute'>,
  orderId: string,
  reason: string,
  kind: PaymentEventKind,
  detail: Record<string, unknown>,
) {
  await tx.execute(
    sql`update orders set review_reason = coalesce(review_reason, ${reason}), updated_at = now() where id = ${orderId}`,
  );
  await recordPaymentEvent(tx, orderId, kind, detail);
}

/**
 * Records an answer from Paystack unless the order's latest event already says the same (same kind and status):
 * the order page asks Paystack on each of its refreshes, and the history should show a change, not every question.
 */
export async function recordPaymentAnswer(
  executor: Pick<Database, 'insert' | 'select'>,
  orderId: string,
  kind: Extract<PaymentEventKind, 'not-successful' | 'verify-failed'>,
  detail: Record<string, unknown> & { status?: string; kind?: string },
) {
  const [latest] = await executor
    .select({ kind: paymentEvents.kind, detail: paymentEvents.detail })
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(desc(paymentEvents.id))
    .limit(1);
  const same = (key: 'status' | 'kind') => latest?.detail[key] === detail[key];
  if (latest?.kind === kind && same('status') && same('kind')) return;
  await recordPaymentEvent(executor, orderId, kind, detail);
}
