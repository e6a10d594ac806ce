/**
 * Refunds through Paystack's Refund API (decisions 0016 and 0030). A refund row is written, with the admin's request
 * key and under the order's row lock, before Paystack is called: two clicks of one form make one refund (the key is
 * unique), and the refunds not failed never add up to more than was paid, however many admins click at once.
 * Paystack answers at once with the refund queued; its refund.* webhooks say how it ends (applyRefundEvent). Only a
 * documented refusal (a 4xx with Paystack's error) frees the amount: a 5xx, a timeout or an answer that does not
 * parse leaves the refund 'no-answer', still counted, and refund-checks.server.ts asks Paystack until it knows.
 * merchant_note carries the admin's reason, customer_note a sentence for the customer.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { orders, refunds } from '~/db/schema';
import { customerRefundNote } from '~/lib/payments/admin-refund';
import { formatNaira } from '~/lib/money';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { paymentSetup } from './paystack/config.server';
import { createRefund, PaystackError } from './paystack/paystack.server';
import { checked, checkedRows } from '../sql-rows.server';
import { queueSupportNotice } from '../orders/order-mails.server';
import { queueRefundProcessedMail } from '../orders/money-mails.server';
import { getSettings } from '../store/settings.server';
import { recordPaymentEvent } from './payment-events.server';

const REFUND_STATUSES = [
  'requesting',
  'no-answer',
  'pending',
  'processing',
  'needs-attention',
  'processed',
  'failed',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const refundStatusSchema = z.enum(REFUND_STATUSES);

export type RefundInput = { orderId: string; amount: number; reason: string; requestKey: string };

export type RefundResult =
  | { kind: 'requested'; refundId: number; status: RefundStatus }
  /** The same form was sent again (a double click, a reload): the first one stands. */
  | { kind: 'duplicate'; refundId: number }
  | { kind: 'refused'; message: string }
  /** Paystack refused (the row is marked failed), or did not answer (the row is 'no-answer', its amount held). */
  | { kind: 'provider-error'; refundId: number; message: string; answered: boolean }
  | { kind: 'not-found' };

type Tx = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];

/** readRefundable's row: the sums cast to float8 (a bigint would come back as text). */
const refundableRow = z.object({
  id: z.string(),
  paymentStatus: z.string(),
  reference: z.string().nullable(),
  paid: z.number().nullable(),
  refunded: z.number(),
  /** Kobo lost chargebacks took back (decision 0031): never refundable again. */
  chargedBack: z.number(),
});
type Refundable = z.output<typeof refundableRow>;

/**
 * The order locked, with what was paid and what refunds not failed already take from it. Locked first, read after:
 * a statement that waited for the lock still sees the refunds as they were when it began, so a sum taken in the
 * locking statement would miss the refund another admin just committed (both would pass the check).
 */
async function lockRefundable(tx: Tx, orderId: string): Promise<Refundable | undefined> {
  const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!locked) return undefined;
  return readRefundable(tx, orderId);
}

async function readRefundable(tx: Tx, orderId: string): Promise<Refundable | undefined> {
  const rows = await tx.execute(sql`
    select o.id, o.payment_status as "paymentStatus", o.payment_reference as reference,
      (select p.amount::float8 from payments p where p.order_id = o.id) as paid,
      (select coalesce(sum(r.amount), 0)::float8 from refunds r
        where r.order_id = o.id and r.status <> 'failed') as refunded,
      (select coalesce(sum(d.reversed_amount), 0)::float8 from disputes d where d.order_id = o.id) as "chargedBack"
    from orders o where o.id = ${orderId}`);
  const [order] = checkedRows(refundableRow, rows);
  return order;
}

/** Kobo still refundable on an order: what Paystack charged less the refunds not failed and lost chargebacks. */
export const refundableAmount = (order: Pick<Refundable, 'paid' | 'refunded' | 'chargedBack'>) =>
  Math.max(0, (order.paid ?? 0) - order.refunded - order.chargedBack);

/**
 * Whether the store's own refunds (not failed) cover the whole payment: Paystack then reports the charge as
 * reversed, and that is no news (confirm-payment.server.ts). Read in the caller's transaction, under its lock.
 */
export async function refundsCoverPayment(tx: Tx, orderId: string): Promise<boolean> {
  const order = await readRefundable(tx, orderId);
  return order !== undefined && order.paid !== null && refundableAmount(order) === 0;
}

const CHARGED_BACK =
  'A chargeback the store lost took this payment back, so nothing is left to refund ' +
  '(Paystack would answer "Transaction has been fully reversed").';

export async function requestRefund(actor: AuditActor, input: RefundInput): Promise<RefundResult> {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { kind: 'refused', message: setup.reason };
  const customerNote = customerRefundNote(input.orderId, (await getSettings()).storeName);
  const reserved = await db().transaction(
    async (tx): Promise<RefundResult | { kind: 'reserved'; refundId: number; reference: string }> => {
      const order = await lockRefundable(tx, input.orderId);
      if (!order) return { kind: 'not-found' };
      const [seen] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.requestKey, input.requestKey));
      if (seen) return { kind: 'duplicate', refundId: seen.id };
      if (!order.reference || order.paid === null || !['paid', 'reversed'].includes(order.paymentStatus)) {
        return { kind: 'refused', message: 'Only a paid order can be refunded.' };
      }
      const left = refundableAmount(order);
      // Paystack would refuse it too: "Transaction has been fully reversed".
      if (left <= 0 && order.chargedBack > 0) return { kind: 'refused', message: CHARGED_BACK };
      if (left <= 0) return { kind: 'refused', message: 'This order has been refunded in full already.' };
      if (input.amount > left)
        return { kind: 'refused', message: `At most ${formatNaira(left)} is left to refund on this order.` };
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          amount: input.amount,
          reason: input.reason,
          customerNote,
          requestKey: input.requestKey,
          requestedBy: actor.id,
        })
        .returning({ id: refunds.id });
      const detail = { refundId: row.id, amount: input.amount, reason: input.reason };
      await recordAudit(tx, actor, { action: 'order.refund', entityType: 'order', entityId: order.id, after: detail });
      await recordPaymentEvent(tx, order.id, 'refund-requested', { ...detail, by: actor.email });
      return { kind: 'reserved', refundId: row.id, reference: order.reference };
    },
  );
  if (reserved.kind !== 'reserved') return reserved;
  const { refundId } = reserved;
  try {
    const answer = await createRefund(setup, {
      reference: reserved.reference,
      amount: input.amount,
      merchantNote: input.reason,
      customerNote,
    });
    const status = refundStatusOf(answer.status);
    await db().execute(sql`
      update refunds set provider_id = ${answer.id}, updated_at = now(),
        status = case when status in ('requesting', 'no-answer') then ${status} else status end
      where id = ${refundId}`);
    logger.info(
      { orderId: input.orderId, refundId, amount: input.amount, by: actor.email },
      'refund requested from Paystack',
    );
    return { kind: 'requested', refundId, status };
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    // A documented refusal: nothing was made, the amount is free again. Anything else (5xx, timeout, garbage): Paystack
    // may have made it, so it keeps counting as 'no-answer' until refund-checks.server.ts learns what happened.
    const answered = error.kind === 'refused' || error.kind === 'not-found';
    const status: RefundStatus = answered ? 'failed' : 'no-answer';
    await db().transaction(async (tx) => {
      // The order first, as the refund webhooks lock it (one may be arriving for this very refund).
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId)).for('update');
      await tx.execute(sql`
        update refunds set note = ${error.message}, updated_at = now(), last_checked_at = now(),
          status = case when status = 'requesting' then ${status} else status end
        where id = ${refundId}`);
      await recordPaymentEvent(tx, input.orderId, 'refund-updated', { refundId, status, message: error.message });
    });
    logger.warn({ orderId: input.orderId, refundId, kind: error.kind, err: error.message }, 'Paystack refund failed');
    return { kind: 'provider-error', refundId, message: error.message, answered };
  }
}

/** Paystack's refund statuses (pending, processing, needs-attention, failed, processed) in ours. */
export function refundStatusOf(status: string): RefundStatus {
  if (
    status === 'processed' ||
    status === 'failed' ||
    status === 'processing' ||
    status === 'pending' ||
    status === 'needs-attention'
  )
    return status;
  // A status Paystack may add later: the money is still on its way, and its amount stays held.
  return 'processing';
}

const FINAL: RefundStatus[] = ['processed', 'failed'];
/** Rows a webhook without Paystack's refund id may be about: not yet settled. */
const OPEN: RefundStatus[] = ['requesting', 'no-answer', 'pending', 'processing', 'needs-attention'];

/**
 * Paystack's refund.processed and refund.failed samples carry no refund id, so a webhook sent again after its row was
 * settled is known by its amount and final status on the order (two equal refunds settled alike read as one).
 */
async function isReplay(tx: Tx, orderId: string, amount: number, status: RefundStatus): Promise<boolean> {
  if (!FINAL.includes(status)) return false;
  const [seen] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.amount, amount), eq(refunds.status, status)))
    .limit(1);
  return seen !== undefined;
}

/** A refund row as applyRefundEvent reads it: its status checked to be one of ours. */
const refundRow = {
  id: refunds.id,
  status: sql`${refunds.status}`.mapWith(checked(refundStatusSchema)),
};

export type RefundEvent = {
  /** refund.pending, refund.processing, refund.processed, refund.failed… */
  event: string;
  transactionReference: string;
  providerId: string | null;
  amount: number;
  status: string;
};

/**
 * A refund.* webhook: the refund row (found by Paystack's id, or the oldest open one of that amount, or made anew for a
 * refund started from Paystack's dashboard) takes the new status, never leaving a final one. Once processed refunds
 * cover the whole payment the order is 'refunded'; a failed refund is mailed to support. Safe to repeat.
 */
export async function applyRefundEvent(refund: RefundEvent): Promise<'applied' | 'unknown-reference'> {
  const status = refundStatusOf(refund.status || refund.event.replace(/^refund\./, ''));
  return db().transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      // The order's own charge only: a refund of a second charge (decision 0025) is not part of this order's refunds.
      .where(eq(orders.paymentReference, refund.transactionReference))
      .for('update');
    if (!order) return 'unknown-reference';
    const byId = refund.providerId
      ? await tx.select(refundRow).from(refunds).where(eq(refunds.providerId, refund.providerId))
      : [];
    // Without Paystack's id (or before our row learnt it): the oldest open refund of that amount on the order.
    const [row] = byId.length
      ? byId
      : await tx
          .select(refundRow)
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), eq(refunds.amount, refund.amount), inArray(refunds.status, OPEN)))
          .orderBy(asc(refunds.id))
          .limit(1);
    let refundId = row?.id;
    if (!row && (await isReplay(tx, order.id, refund.amount, status))) return 'applied';
    if (!row) {
      const key = `paystack:${refund.providerId ?? `${refund.transactionReference}:${refund.amount}:${status}`}`;
      const [made] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          amount: refund.amount,
          reason: 'Refund started from the Paystack dashboard',
          status,
          providerId: refund.providerId,
          requestKey: key,
        })
        .onConflictDoNothing()
        .returning({ id: refunds.id });
      if (!made) return 'applied';
      refundId = made.id;
    } else if (FINAL.includes(row.status) || row.status === status) {
      return 'applied';
    } else {
      await tx.execute(sql`
        update refunds set status = ${status}, provider_id = coalesce(provider_id, ${refund.providerId}),
          note = ${refund.event}, updated_at = now()
        where id = ${row.id}`);
    }
    await recordPaymentEvent(tx, order.id, 'refund-updated', {
      refundId,
      status,
      amount: refund.amount,
      event: refund.event,
    });
    await afterRefundChange(tx, {
      orderId: order.id,
      amount: refund.amount,
      status,
      reference: refund.transactionReference,
    });
    return 'applied';
  });
}

/**
 * What a refund's new status means beyond its row, however the store learnt it (webhook or check): a processed refund
 * is mailed to the customer, and processed refunds covering the payment make the order 'refunded'; a failed one, or
 * one needing the customer's bank details, is mailed to support.
 */
export async function afterRefundChange(
  tx: Tx,
  change: { orderId: string; amount: number; status: RefundStatus; reference: string },
): Promise<void> {
  const { orderId, amount, status, reference } = change;
  if (status === 'processed') {
    // The customer hears that their money was sent: once per refund (a refund moves to processed once).
    await queueRefundProcessedMail(tx, orderId, amount);
    await tx.execute(sql`
      update orders o set payment_status = 'refunded', updated_at = now()
      where o.id = ${orderId} and o.payment_status in ('paid', 'reversed')
        and (select coalesce(sum(r.amount), 0) from refunds r where r.order_id = o.id and r.status = 'processed')
          >= (select p.amount from payments p where p.order_id = o.id)`);
  }
  if (status === 'failed') {
    const text =
      `Paystack could not refund ${formatNaira(amount)} on payment ${reference}. ` +
      'Refund the customer another way, or try again from the order page.';
    await queueSupportNotice(tx, orderId, `Refund failed on order ${orderId}`, text);
  }
  if (status === 'needs-attention') {
    const text =
      `Paystack cannot send the refund of ${formatNaira(amount)} on payment ${reference} back the way the customer ` +
      "paid: it needs the customer's bank details. Ask the customer for their account number and bank, and enter " +
      'them on the order page.';
    await queueSupportNotice(tx, orderId, `Refund needs the customer's bank details on order ${orderId}`, text);
  }
}
