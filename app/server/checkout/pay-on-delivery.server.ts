/**
 * Pay on delivery at checkout (decision 0037). The rules are lib/checkout/pay-on-delivery.ts; here they are applied
 * with what the database holds: the zones and limits read in the order's transaction (never a cached copy) and the
 * customer's own orders (paid ones, refusals not forgiven), so the form's choice never decides. An order placed this
 * way never meets Paystack: no reference, payment status 'due', its stock committed as a paid order's, its lines out
 * of the cart and its mails queued at once, in the same transaction.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DeliveryChoice, DeliveryConfig } from '~/lib/delivery/delivery';
import { podVerdict, type PodStanding } from '~/lib/checkout/pay-on-delivery';
import type { PaymentMethod } from '~/lib/orders/orders';
import { removeBoughtLines, type BoughtLine } from '../cart/cart-store.server';
import type { Database } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { wakeWorkers } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import { logger } from '../logger.server';
import { queueOrderMails } from '../orders/order-mails.server';
import { publicOrigin } from '../public-url.server';
import { checkedRows } from '../sql-rows.server';
import type { Refusal } from './previous-orders.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** How the shopper pays (place-order.server.ts's PayRequest): Paystack unless pay on delivery was chosen. */
export type PodChoice = { paymentMethod?: PaymentMethod };

/** Placed to be paid at the door, never sent to Paystack: the checkout goes to its confirmation. */
export type PlacedOnDelivery = { kind: 'placed-on-delivery'; orderId: string };

const standingRow = z.object({ paid: z.number(), refused: z.number() });

/** One statement: the customer's orders paid or collected (refunded ones too), and refusals at the door not forgiven. */
export async function readPodStanding(runner: Pick<Database, 'execute'>, userId: string): Promise<PodStanding> {
  const rows = await runner.execute(sql`
    select count(*) filter (where payment_status in ('paid', 'refunded'))::int as paid,
      count(*) filter (where payment_status = 'refused' and not refusal_forgiven)::int as refused
    from orders where user_id = ${userId}`);
  const [row] = checkedRows(standingRow, rows);
  return { hasPaidOrder: row.paid > 0, refusals: row.refused };
}

/**
 * Pay chose pay on delivery: null when the rules allow it for this address, total and customer now, otherwise the
 * refusal the page shows (nothing is placed). Runs under the checkout's per-customer lock.
 */
export async function payOnDeliveryRefusal(
  tx: Tx,
  userId: string,
  config: DeliveryConfig,
  choice: DeliveryChoice,
  total: number,
): Promise<Refusal | null> {
  const verdict = podVerdict(config, choice, total, await readPodStanding(tx, userId));
  if (verdict.kind === 'offered') return null;
  logger.info({ userId, reason: verdict.reason, total }, 'checkout refused: pay on delivery not allowed');
  return { kind: 'refused', status: 409, message: verdict.message };
}

/** The order's columns for its way of paying: a pay-on-delivery order has no Paystack reference and takes its stock. */
export function paymentColumns(method: PaymentMethod, reference: string) {
  if (method === 'paystack') return { paymentReference: reference };
  return {
    paymentMethod: method,
    paymentReference: null,
    paymentStatus: 'due' as const,
    stockState: 'committed' as const,
  };
}

/**
 * After a pay-on-delivery order is written, in its transaction: the bought lines leave the cart (as a payment does),
 * and the confirmation (what to have ready) and the admin's new-order notice are queued.
 */
export async function placedOnDelivery(tx: Tx, orderId: string, userId: string, items: readonly BoughtLine[]) {
  await removeBoughtLines(tx, userId, items);
  await queueOrderMails(tx, orderId, publicOrigin());
}

/** Once the order committed: its stock moved (stored product pages go) and its mails are sent now, not at a poll. */
export function afterPlacedOnDelivery(): void {
  contentChanged();
  wakeWorkers(QUEUES.mail.name);
}
