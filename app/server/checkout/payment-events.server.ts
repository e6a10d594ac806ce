/** An order's payment history (the admin order page lists it): one row per thing that happened. */
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
  | 'released'
  | 'awaiting'
  | 'reversed'
  | 'refund-requested'
  | 'refund-updated'
  | 'dispute'
  | 'cancelled';

export async function recordPaymentEvent(
  executor: Pick<Database, 'insert'>,
  orderId: string,
  kind: PaymentEventKind,
  detail: Record<string, unknown> = {},
) {
  await executor.insert(paymentEvents).values({ orderId, kind, detail });
}
