/**
 * Chargebacks: Paystack's charge.dispute.create, .remind and .resolve webhooks (decisions 0016 and 0031). The order is
 * flagged for a person with the dispute's due date (Paystack decides against the store when nobody answers in time),
 * one row per Paystack dispute keeps its latest state for the admin order page, and support is mailed each time.
 * The resolve records the outcome: a chargeback lost (the resolution accepted it, or the charge came back reversed and
 * the store's own refunds do not explain it) marks the payment 'reversed' and keeps the amount taken back, which
 * leaves revenue and can never be refunded again; a chargeback won leaves the payment paid.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { orders } from '~/db/schema';
import { formatNaira } from '~/lib/money';
import { formatOrderDateTime } from '~/lib/orders/orders';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { checkedRows } from '../sql-rows.server';
import { queueSupportNotice } from '../orders/order-mails.server';
import { recordPaymentEvent } from './payment-events.server';
import { knownByReference } from './payment-references.server';
import { refundsCoverPayment } from './refunds.server';

export type DisputeEvent = {
  /** charge.dispute.create, charge.dispute.remind or charge.dispute.resolve */
  event: string;
  providerId: string;
  transactionReference: string;
  status: string;
  category: string | null;
  dueAt: string | null;
  resolution: string | null;
  /** Kobo the dispute is about (refund_amount), when Paystack says. */
  refundAmount?: number | null;
  /** The charge as the event reports it: 'reversed' once the bank took the money back. */
  transactionStatus?: string | null;
  transactionAmount?: number | null;
  resolvedAt?: string | null;
};

type Tx = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];

const validDate = (value: string | null | undefined) =>
  value && !Number.isNaN(new Date(value).getTime()) ? new Date(value) : null;

/** Paystack's accepting resolutions: merchant-accepted (the owner's answer) and auto-accepted (nobody answered). */
const accepts = (resolution: string | null) => resolution !== null && /accepted$/i.test(resolution);

const paidRow = z.object({ paid: z.number().nullable(), reversed: z.number().nullable() });

export async function applyDisputeEvent(dispute: DisputeEvent): Promise<'applied' | 'unknown-reference'> {
  const dueAt = validDate(dispute.dueAt);
  const step = dispute.event.replace(/^charge\.dispute\./, '');
  const reference = dispute.transactionReference;
  return db().transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, paymentStatus: orders.paymentStatus, reference: orders.paymentReference })
      .from(orders)
      // Any charge of the order, a second one included (decision 0025): a person must see the dispute either way.
      .where(knownByReference(dispute.transactionReference))
      .for('update');
    if (!order) return 'unknown-reference';
    const amount = dispute.refundAmount ?? dispute.transactionAmount ?? null;
    const [stored] = checkedRows(
      z.object({ id: z.number(), reversedAmount: z.coerce.number().nullable() }),
      await tx.execute(sql`
        insert into disputes (order_id, provider_id, status, category, due_at, resolution, last_event, amount)
        values (${order.id}, ${dispute.providerId}, ${dispute.status}, ${dispute.category},
          ${dueAt?.toISOString() ?? null}::timestamptz, ${dispute.resolution}, ${dispute.event}, ${amount})
        on conflict (provider_id) do update set status = excluded.status,
          category = coalesce(excluded.category, disputes.category),
          due_at = coalesce(excluded.due_at, disputes.due_at),
          resolution = coalesce(excluded.resolution, disputes.resolution),
          amount = coalesce(excluded.amount, disputes.amount),
          last_event = excluded.last_event, updated_at = now()
        returning id, reversed_amount as "reversedAmount"`),
    );
    let text: string;
    let subject: string;
    let outcome: 'won' | 'lost' | null = null;
    if (step === 'resolve') {
      const resolvedAt = validDate(dispute.resolvedAt) ?? new Date();
      await tx.execute(sql`update disputes set resolved_at = coalesce(resolved_at, ${resolvedAt.toISOString()}::timestamptz)
        where id = ${stored.id}`);
      const reversed =
        dispute.transactionStatus === 'reversed' &&
        (order.reference !== reference || !(await refundsCoverPayment(tx, order.id)));
      // A resolve sent again after its loss was recorded is the same loss (its refunds check now sees the loss).
      outcome = stored.reversedAmount !== null || accepts(dispute.resolution) || reversed ? 'lost' : 'won';
      if (outcome === 'lost' && order.reference !== reference) {
        // A second charge of the order (decision 0025) is not its payment: that money was never counted or refundable.
        text =
          `The chargeback on the order's second payment ${reference} was lost (${dispute.resolution ?? 'reversed'}): ` +
          'that charge went back to the customer. The order’s own payment is unchanged.';
      } else if (outcome === 'lost') {
        const taken = stored.reversedAmount ?? (await recordLoss(tx, order, stored.id, amount));
        text =
          `The chargeback on payment ${reference} was lost (${dispute.resolution ?? 'reversed'}): ` +
          `${formatNaira(taken)} went back to the customer. It is out of revenue and cannot be refunded again.`;
      } else {
        text = `The chargeback on payment ${reference} was resolved in the store's favour (${dispute.resolution ?? dispute.status}): the payment stays paid.`;
      }
      subject = `Chargeback ${outcome} on order ${order.id}`;
    } else {
      const due = dueAt ? ` Answer it on the order page by ${formatOrderDateTime(dueAt)} (Lagos time).` : '';
      text = `The customer's bank disputes payment ${reference} (${dispute.category ?? 'no category given'}).${due}`;
      subject = `Chargeback ${step === 'remind' ? 'reminder' : 'opened'} on order ${order.id}`;
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
      ...(outcome ? { outcome, transactionStatus: dispute.transactionStatus ?? null } : {}),
    });
    await queueSupportNotice(tx, order.id, subject, text);
    logger.warn(
      { orderId: order.id, event: dispute.event, disputeId: dispute.providerId, outcome },
      'chargeback on a paid order',
    );
    return 'applied';
  });
}

/**
 * A lost chargeback, once: the amount taken back (what Paystack says, never more than was paid) is kept on the
 * dispute, and a paid order's payment becomes 'reversed'. Answers the amount.
 */
async function recordLoss(
  tx: Tx,
  order: { id: string; paymentStatus: string },
  disputeId: number,
  amount: number | null,
): Promise<number> {
  const [row] = checkedRows(
    paidRow,
    await tx.execute(sql`
      select (select p.amount::float8 from payments p where p.order_id = ${order.id}) as paid,
        (select sum(d.reversed_amount)::float8 from disputes d where d.order_id = ${order.id}) as reversed`),
  );
  const paid = row.paid ?? amount ?? 0;
  const left = Math.max(0, paid - (row.reversed ?? 0));
  const taken = Math.min(amount ?? left, left);
  await tx.execute(sql`update disputes set reversed_amount = ${taken}, updated_at = now() where id = ${disputeId}`);
  if (order.paymentStatus === 'paid') {
    await tx.execute(sql`update orders set payment_status = 'reversed', updated_at = now() where id = ${order.id}`);
  }
  return taken;
}
