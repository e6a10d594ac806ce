/**
 * A refund Paystack could not send back the way the customer paid ('needs-attention') goes to the customer's bank
 * account through POST /refund/retry_with_customer_details/{id} (decision 0030). The store keeps the bank's name and
 * the account's last four digits, never the whole number.
 */
import { and, eq } from 'drizzle-orm';
import { orders, refunds } from '~/db/schema';
import { REFUND_DETAILS_MESSAGES } from '~/lib/payments/admin-refund';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { paymentSetup } from './paystack/config.server';
import { PaystackError } from './paystack/paystack.server';
import { retryRefundWithCustomerDetails } from './paystack/paystack-refunds.server';
import { recordPaymentEvent } from './payment-events.server';
import { refundStatusOf } from './refunds.server';

export type RefundDetailsInput = {
  orderId: string;
  refundId: number;
  accountNumber: string;
  bank: { id: string; name: string };
};

export type RefundDetailsResult =
  | { kind: 'sent' }
  | { kind: 'not-found' }
  /** The refund does not need them (any more), or Paystack refused them: nothing changed. */
  | { kind: 'refused'; message: string }
  /** Paystack did not answer: it may have taken them; the details are recorded as sent, the status left as it was. */
  | { kind: 'no-answer'; message: string };

export async function sendRefundDetails(actor: AuditActor, input: RefundDetailsInput): Promise<RefundDetailsResult> {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { kind: 'refused', message: setup.reason };
  const [row] = await db()
    .select({ status: refunds.status, providerId: refunds.providerId })
    .from(refunds)
    .where(and(eq(refunds.id, input.refundId), eq(refunds.orderId, input.orderId)));
  if (!row) return { kind: 'not-found' };
  if (row.status !== 'needs-attention' || !row.providerId) {
    return { kind: 'refused', message: REFUND_DETAILS_MESSAGES.refund };
  }
  const details = {
    bankName: input.bank.name,
    accountLast4: input.accountNumber.slice(-4),
    sentAt: new Date().toISOString(),
  };
  let status: string | null = null;
  try {
    const answer = await retryRefundWithCustomerDetails(setup, row.providerId, {
      accountNumber: input.accountNumber,
      bankId: input.bank.id,
    });
    status = refundStatusOf(answer.status);
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    logger.warn(
      { orderId: input.orderId, refundId: input.refundId, kind: error.kind, err: error.message },
      'Paystack refused or missed the bank details',
    );
    if (error.kind === 'refused' || error.kind === 'not-found') {
      return {
        kind: 'refused',
        message: `Paystack refused the bank details: ${error.message.replace(/^Paystack refused \(\d+\): /, '')}`,
      };
    }
  }
  await db().transaction(async (tx) => {
    // The order first, as the refund webhooks lock it: the other order would deadlock with a webhook arriving now.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId)).for('update');
    // What was sent is kept whatever happened meanwhile; the status only moves on from needs-attention, since a
    // refund webhook Paystack sent once it had the details may already have recorded a later one.
    await tx
      .update(refunds)
      .set({ customerDetails: details, updatedAt: new Date() })
      .where(eq(refunds.id, input.refundId));
    await tx
      .update(refunds)
      .set(status ? { status, note: 'Bank details sent to Paystack' } : { note: 'Bank details sent; no answer' })
      .where(and(eq(refunds.id, input.refundId), eq(refunds.status, 'needs-attention')));
    const detail = { refundId: input.refundId, bankName: details.bankName, accountLast4: details.accountLast4 };
    await recordAudit(tx, actor, {
      action: 'order.refund-details',
      entityType: 'order',
      entityId: input.orderId,
      after: detail,
    });
    await recordPaymentEvent(tx, input.orderId, 'refund-updated', {
      ...detail,
      status: status ?? 'needs-attention',
      event: 'bank details sent',
      by: actor.email,
    });
  });
  return status ? { kind: 'sent' } : { kind: 'no-answer', message: REFUND_DETAILS_MESSAGES.noAnswer };
}
