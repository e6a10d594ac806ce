/**
 * The admin's pay-on-delivery actions on one order (decision 0037), each one transaction under the order's row lock
 * with its audit entry, so a second post (a double click, two admins) finds the work done and changes nothing:
 * - collected: the money was taken at the door (cash, POS or transfer): the order becomes paid
 *   (payments/collected-payment.server.ts); its stock was committed when it was placed and stays so;
 * - refused: the shopper refused it at the door: the order is cancelled, its stock returned exactly once (as
 *   updateOrderStatus's cancel does), its promo code's use given back, and the customer mailed as for a cancellation;
 * - forgive: the customer's refusals no longer count (checkout offers pay on delivery to them again).
 */
import { and, eq, sql } from 'drizzle-orm';
import { orderEvents, orders } from '~/db/schema';
import { POD_ADMIN_MESSAGES, type PodAdminInput } from '~/lib/orders/admin-pay-on-delivery';
import { isId } from '~/lib/ids';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { orderStockLines, returnStock } from '../catalog/stock.server';
import { db, type Database } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { wakeWorkers } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import { recordCollectedPayment } from '../payments/collected-payment.server';
import { recordPaymentEvent } from '../payments/payment-events.server';
import { releasePromo } from '../promo/promo-codes.server';
import { queueStatusMail } from './status-mails.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type PodAdminResult =
  | { kind: 'done'; notice: 'collected' | 'refused' | 'forgiven' }
  | { kind: 'refused'; message: string }
  | { kind: 'not-found' };

/** The order's row, locked: what the actions decide by. */
async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      total: orders.total,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      stockState: orders.stockState,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order;
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

export async function podAdminAction(actor: AuditActor, orderId: string, input: PodAdminInput) {
  if (!isId(orderId)) return { kind: 'not-found' } satisfies PodAdminResult;
  let stockMoved = false;
  const result = await db().transaction(async (tx): Promise<PodAdminResult> => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { kind: 'not-found' };
    if (input.intent === 'pod-forgive') return forgive(tx, actor, order);
    if (order.paymentMethod !== 'pay_on_delivery')
      return { kind: 'refused', message: POD_ADMIN_MESSAGES.notPayOnDelivery };
    if (order.paymentStatus !== 'due') return { kind: 'refused', message: POD_ADMIN_MESSAGES.notDue };
    if (input.intent === 'pod-collected') {
      if (order.status === 'cancelled') return { kind: 'refused', message: POD_ADMIN_MESSAGES.cancelled };
      const collection = { collectedBy: input.collectedBy, note: input.note, by: actor.email };
      await recordCollectedPayment(tx, order, collection);
      await recordAudit(tx, actor, {
        action: 'order.collected',
        entityType: 'order',
        entityId: order.id,
        before: { paymentStatus: order.paymentStatus },
        after: { paymentStatus: 'paid', collectedBy: input.collectedBy, note: input.note },
      });
      return { kind: 'done', notice: 'collected' };
    }
    stockMoved = await refuse(tx, actor, order);
    return { kind: 'done', notice: 'refused' };
  });
  if (stockMoved) contentChanged();
  if (result.kind === 'done' && result.notice === 'refused') wakeWorkers(QUEUES.mail.name);
  return result;
}

/** Refused at the door: cancelled, the stock back once (a cancelled order gave it back already). True when it moved. */
async function refuse(tx: Tx, actor: AuditActor, order: LockedOrder): Promise<boolean> {
  const stockMoved = order.stockState !== 'released';
  if (stockMoved) {
    await returnStock(tx, await orderStockLines(tx, order.id));
    await releasePromo(tx, order.id);
  }
  await tx
    .update(orders)
    .set({ status: 'cancelled', paymentStatus: 'refused', stockState: 'released', updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  if (order.status !== 'cancelled') await tx.insert(orderEvents).values({ orderId: order.id, kind: 'cancelled' });
  await recordPaymentEvent(tx, order.id, 'refused', { by: actor.email, stockReturned: stockMoved });
  await recordAudit(tx, actor, {
    action: 'order.refusedAtDoor',
    entityType: 'order',
    entityId: order.id,
    before: { status: order.status, paymentStatus: order.paymentStatus, stockState: order.stockState },
    after: { status: 'cancelled', paymentStatus: 'refused', stockState: 'released' },
  });
  await queueStatusMail(tx, order.id, 'cancelled', null);
  return stockMoved;
}

/** Every refusal of this order's customer forgiven: pay on delivery is offered to them again. */
async function forgive(tx: Tx, actor: AuditActor, order: LockedOrder): Promise<PodAdminResult> {
  if (!order.userId) return { kind: 'refused', message: POD_ADMIN_MESSAGES.nothingToForgive };
  const forgiven = await tx
    .update(orders)
    .set({ refusalForgiven: true })
    .where(and(eq(orders.userId, order.userId), eq(orders.paymentStatus, 'refused'), eq(orders.refusalForgiven, false)))
    .returning({ id: orders.id });
  if (!forgiven.length) return { kind: 'refused', message: POD_ADMIN_MESSAGES.nothingToForgive };
  await recordAudit(tx, actor, {
    action: 'customer.podForgiven',
    entityType: 'user',
    entityId: order.userId,
    before: { refusals: forgiven.length },
    after: { refusals: 0, orders: forgiven.map((row) => row.id) },
  });
  return { kind: 'done', notice: 'forgiven' };
}
