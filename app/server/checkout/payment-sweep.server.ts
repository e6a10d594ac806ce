/**
 * Step 5 of ARCHITECTURE.md section 5: pending payments older than PAYMENT_TIMEOUT_MINUTES are asked about
 * once more. Paid after all → completed like any other confirmation. Failed, abandoned, or never reached
 * Paystack → the reserved stock goes back and paymentStatus becomes failed or abandoned; the order itself
 * stays visible to its customer. Provider trouble → left for the next sweep. Flagged orders wait for a person.
 */
import { sql } from 'drizzle-orm';
import type { PaymentStatus } from '~/lib/orders';
import { db } from '../db.server';
import { env } from '../env.server';
import { contentChanged } from '../http-cache.server';
import { logger } from '../logger.server';
import { confirmPayment } from './confirm-payment.server';
import { recordPaymentEvent } from './payment-events.server';
import { returnStock, type StockLine } from './stock.server';

/** Paystack statuses after which nothing more will happen to a charge; ongoing, pending, processing… are waited for. */
const FINAL_STATUSES = new Set(['failed', 'abandoned', 'reversed', 'not-found']);

export type SweepReport = { checked: number; completed: number; released: number; kept: number };

export async function sweepStalePayments({ olderThanMinutes = env().PAYMENT_TIMEOUT_MINUTES, limit = 100 } = {}): Promise<SweepReport> {
  const stale = await db().execute<{ id: string; reference: string }>(sql`
    select id, payment_reference as reference from orders
    where payment_status = 'pending' and stock_state = 'reserved' and review_reason is null
      and created_at < now() - make_interval(secs => ${olderThanMinutes * 60})
    order by created_at
    limit ${limit}`);
  const report: SweepReport = { checked: stale.length, completed: 0, released: 0, kept: 0 };
  for (const order of stale) {
    const outcome = await confirmPayment(order.reference, 'sweep');
    if (outcome.kind === 'paid') report.completed += 1;
    else if (outcome.kind === 'not-paid' && FINAL_STATUSES.has(outcome.status)) {
      const released = await releaseOrder(order.id, outcome.status === 'failed' ? 'failed' : 'abandoned', outcome.status);
      if (released) report.released += 1;
    } else report.kept += 1;
  }
  if (report.checked > 0) logger.info(report, 'payment sweep');
  return report;
}

/** Gives an unpaid order's stock back, once: the row lock and the state check make a repeat a no-op. */
export async function releaseOrder(orderId: string, status: Extract<PaymentStatus, 'failed' | 'abandoned'>, providerStatus: string): Promise<boolean> {
  const released = await db().transaction(async (tx) => {
    const [order] = await tx.execute<{ id: string }>(sql`
      select id from orders where id = ${orderId} and payment_status = 'pending' and stock_state = 'reserved' for update`);
    if (!order) return false;
    const items = await tx.execute<StockLine>(sql`select product_id as "productId", size, color, quantity, name from order_items where order_id = ${orderId}`);
    await returnStock(tx, items);
    await tx.execute(sql`update orders set payment_status = ${status}, stock_state = 'released', updated_at = now() where id = ${orderId}`);
    await recordPaymentEvent(tx, orderId, 'released', { providerStatus, paymentStatus: status });
    return true;
  });
  // The stock is buyable again: stored product pages that said sold out must go.
  if (released) contentChanged();
  return released;
}

/** Runs the sweep now and then every `everyMs`; the timer never keeps the process alive. */
export function scheduleSweeps(everyMs = 60_000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    await sweepStalePayments()
      .catch((error: unknown) => logger.error({ err: error }, 'payment sweep failed; it runs again shortly'))
      .finally(() => {
        running = false;
      });
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
