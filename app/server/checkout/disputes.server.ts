/**
 * Chargebacks (issue 14): Paystack's charge.dispute.create, .remind and .resolve webhooks. The order is flagged
 * for a person with the dispute's due date (Paystack decides against the store when nobody answers in time),
 * one row per Paystack dispute keeps its latest state for the admin order page, and support is mailed each time.
 */
import { sql } from 'drizzle-orm';
import { orders } from '~/db/schema';
import { formatOrderDateTime } from '~/lib/orders';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { queueSupportNotice } from './order-mails.server';
import { recordPaymentEvent } from './payment-events.server';
import { knownByReference } from './payment-references.server';

export type DisputeEvent = {
  /** charge.dispute.create, charge.dispute.remind or charge.dispute.resolve */
  event: string;
  providerId: string;
  transactionReference: string;
  status: string;
  category: string | null;
  dueAt: string | null;
  resolution: string | null;
};

const validDate = (value: string | null) =>
  value && !Number.isNaN(new Date(value).getTime()) ? new Date(value) : null;

export async function applyDisputeEvent(dispute: DisputeEvent): Promise<'applied' | 'unknown-reference'> {
  const dueAt = validDate(dispute.dueAt);
  const step = dispute.event.replace(/^charge\.dispute\./, '');
  const reference = dispute.transactionReference;
  return db().transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      // Any charge of the order, a second one included (decision 0025): a person must see the dispute either way.
      .where(knownByReference(dispute.transactionReference))
      .for('update');
    if (!order) return 'unknown-reference';
    await tx.execute(sql`
      insert into disputes (order_id, provider_id, status, category, due_at, resolution, last_event)
      values (${order.id}, ${dispute.providerId}, ${dispute.status}, ${dispute.category},
        ${dueAt?.toISOString() ?? null}::timestamptz,
        ${dispute.resolution}, ${dispute.event})
      on conflict (provider_id) do update set status = excluded.status,
        category = coalesce(excluded.category, disputes.category),
        due_at = coalesce(excluded.due_at, disputes.due_at),
        resolution = coalesce(excluded.resolution, disputes.resolution),
        last_event = excluded.last_event, updated_at = now()`);
    const due = dueAt ? ` Respond in the Paystack dashboard by ${formatOrderDateTime(dueAt)} (Lagos time).` : '';
    const text =
      step === 'resolve'
        ? `The chargeback on payment ${reference} was resolved: ${dispute.resolution ?? dispute.status}.`
        : `The customer's bank disputes payment ${reference} (${dispute.category ?? 'no category given'}).${due}`;
    if (step !== 'resolve') {
      await tx.execute(
        sql`update orders set review_reason = coalesce(review_reason, ${`Chargeback: ${text}`}), updated_at = now()
          where id = ${order.id}`,
      );
    }
    await recordPaymentEvent(tx, order.id, 'dispute', {
      event: dispute.event,
      disputeId: dispute.providerId,
      status: dispute.status,
      dueAt: dueAt?.toISOString() ?? null,
      resolution: dispute.resolution,
    });
    await queueSupportNotice(
      tx,
      order.id,
      `Chargeback ${step === 'resolve' ? 'resolved' : step === 'remind' ? 'reminder' : 'opened'} on order ${order.id}`,
      text,
    );
    logger.warn(
      { orderId: order.id, event: dispute.event, disputeId: dispute.providerId },
      'chargeback on a paid order',
    );
    return 'applied';
  });
}
