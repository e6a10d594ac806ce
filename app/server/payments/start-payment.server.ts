/**
 * Step 2 of docs/architecture.md#5-checkout-and-payment: initialize the Paystack transaction for a pending order, once.
 * The access code is stored, so a second click or tab resumes the same transaction. When initialize fails the
 * order keeps its reserved stock and stays pending; its reference is replaced, because Paystack may have
 * recorded the old one (a timeout) and would refuse it as a duplicate, while nobody can pay a reference
 * whose access code was never handed out.
 */
import { eq } from 'drizzle-orm';
import { orders } from '~/db/schema';
import { PAYSTACK_REFERENCE, paymentReference } from '~/lib/checkout/checkout';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { paymentSetup } from './paystack/config.server';
import { readOrderMetadata } from './paystack/order-metadata.server';
import { initializeTransaction, PaystackError } from './paystack/paystack.server';
import { payByDiscount } from './discount-payment.server';
import { recordPaymentEvent } from './payment-events.server';
import { keepReplacedReference } from './payment-references.server';
import type { PendingOrder } from '../checkout/place-order.server';

export type StartedPayment = {
  accessCode: string;
  authorizationUrl: string;
  reference: string;
  publicKey: string;
  inlineScriptUrl: string;
};

/**
 * `unavailable`: payments are not set up at all (production without keys); the reason is for the customer. `paid`: a
 * ₦0 order, paid by its discount without Paystack (discount-payment.server.ts).
 */
export type StartPaymentResult =
  | { kind: 'started'; payment: StartedPayment }
  | { kind: 'paid'; orderId: string }
  | { kind: 'failed'; reason: string; unavailable?: boolean };

export async function startPayment(
  order: PendingOrder,
  { email, callbackUrl }: { email: string; callbackUrl: string },
): Promise<StartPaymentResult> {
  // Nothing to charge (decision 0028): Paystack refuses an amount of 0, and none is needed.
  if (order.total === 0) {
    const paid = await payByDiscount(order.id);
    if (paid === 'paid') return { kind: 'paid', orderId: order.id };
    return { kind: 'failed', reason: 'This order is no longer awaiting payment.' };
  }
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { kind: 'failed', reason: setup.reason, unavailable: true };
  const started = (accessCode: string, authorizationUrl: string, reference: string): StartPaymentResult => ({
    kind: 'started',
    payment: {
      accessCode,
      authorizationUrl,
      reference,
      publicKey: setup.publicKey,
      inlineScriptUrl: setup.inlineScriptUrl,
    },
  });
  if (order.accessCode && order.authorizationUrl)
    return started(order.accessCode, order.authorizationUrl, order.reference);
  // The order row stays locked while Paystack is asked, so a double click or a second tab waits here and then
  // resumes the transaction this one started, instead of initializing the same reference twice.
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({
        accessCode: orders.accessCode,
        authorizationUrl: orders.authorizationUrl,
        reference: orders.paymentReference,
        paymentStatus: orders.paymentStatus,
        stockState: orders.stockState,
      })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (!current?.reference) return { kind: 'failed', reason: 'The order has no payment reference.' };
    // A newer checkout of the same customer (or the sweep) released it meanwhile: its stock is gone, so no new charge.
    if (current.paymentStatus !== 'pending' || current.stockState !== 'reserved') {
      return { kind: 'failed', reason: 'This order is no longer awaiting payment.' };
    }
    if (current.accessCode && current.authorizationUrl)
      return started(current.accessCode, current.authorizationUrl, current.reference);
    // A reference made before decision 0029 (`pj_…`) and never sent: Paystack would refuse its underscores, so the
    // order gets one it takes; the old one stays findable like any replaced reference.
    if (!PAYSTACK_REFERENCE.test(current.reference)) {
      const fresh = paymentReference();
      await keepReplacedReference(tx, order.id, current.reference);
      await tx.update(orders).set({ paymentReference: fresh }).where(eq(orders.id, order.id));
      current.reference = fresh;
    }
    try {
      const initialized = await initializeTransaction(setup, {
        email,
        amount: order.total,
        reference: current.reference,
        callbackUrl,
        // Named on Paystack's dashboard, receipts and exports: the order number, its items and delivery.
        metadata: await readOrderMetadata(tx, order.id),
      });
      await tx
        .update(orders)
        .set({ accessCode: initialized.accessCode, authorizationUrl: initialized.authorizationUrl })
        .where(eq(orders.id, order.id));
      await recordPaymentEvent(tx, order.id, 'initialized', { reference: current.reference, mode: setup.mode });
      return started(initialized.accessCode, initialized.authorizationUrl, current.reference);
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      logger.warn(
        { orderId: order.id, kind: error.kind, err: error.message },
        'Paystack initialize failed; the order stays pending',
      );
      const fresh = paymentReference();
      // Kept findable all the same: should Paystack have recorded it after all, a payment on it finds this order.
      await keepReplacedReference(tx, order.id, current.reference);
      await tx.update(orders).set({ paymentReference: fresh }).where(eq(orders.id, order.id));
      await recordPaymentEvent(tx, order.id, 'initialize-failed', {
        reference: current.reference,
        nextReference: fresh,
        kind: error.kind,
        message: error.message,
      });
      return { kind: 'failed', reason: error.message };
    }
  });
}
