/**
 * Step 2 of ARCHITECTURE.md section 5: initialize the Paystack transaction for a pending order, once. The
 * access code is stored, so a second click or tab resumes the same transaction. When initialize fails the
 * order keeps its reserved stock and stays pending; its reference is replaced, because Paystack may have
 * recorded the old one (a timeout) and would refuse it as a duplicate, while nobody can pay a reference
 * whose access code was never handed out.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { orders } from '~/db/schema';
import { paymentReference } from '~/lib/checkout';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { paymentSetup } from '../payments/config.server';
import { initializeTransaction, PaystackError } from '../payments/paystack.server';
import { recordPaymentEvent } from './payment-events.server';
import type { PendingOrder } from './place-order.server';

export type StartedPayment = { accessCode: string; authorizationUrl: string; reference: string; publicKey: string; inlineScriptUrl: string };

/** `unavailable`: payments are not set up at all (production without keys); the reason is for the customer. */
export type StartPaymentResult = { kind: 'started'; payment: StartedPayment } | { kind: 'failed'; reason: string; unavailable?: boolean };

export async function startPayment(order: PendingOrder, { email, callbackUrl }: { email: string; callbackUrl: string }): Promise<StartPaymentResult> {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { kind: 'failed', reason: setup.reason, unavailable: true };
  const shared = { publicKey: setup.publicKey, inlineScriptUrl: setup.inlineScriptUrl };
  if (order.accessCode && order.authorizationUrl) {
    return { kind: 'started', payment: { accessCode: order.accessCode, authorizationUrl: order.authorizationUrl, reference: order.reference, ...shared } };
  }
  try {
    const started = await initializeTransaction(setup, { email, amount: order.total, reference: order.reference, callbackUrl, metadata: { orderId: order.id } });
    const [stored] = await db()
      .update(orders)
      .set({ accessCode: started.accessCode, authorizationUrl: started.authorizationUrl })
      .where(and(eq(orders.id, order.id), eq(orders.paymentReference, order.reference), isNull(orders.accessCode)))
      .returning({ accessCode: orders.accessCode, authorizationUrl: orders.authorizationUrl });
    if (!stored) {
      // Another tab initialized this order first: resume theirs.
      const [current] = await db().select({ accessCode: orders.accessCode, authorizationUrl: orders.authorizationUrl, reference: orders.paymentReference }).from(orders).where(eq(orders.id, order.id));
      if (!current?.accessCode || !current.authorizationUrl || !current.reference) return { kind: 'failed', reason: 'The payment was started in another window.' };
      return { kind: 'started', payment: { accessCode: current.accessCode, authorizationUrl: current.authorizationUrl, reference: current.reference, ...shared } };
    }
    await recordPaymentEvent(db(), order.id, 'initialized', { reference: order.reference, mode: setup.mode });
    return { kind: 'started', payment: { accessCode: started.accessCode, authorizationUrl: started.authorizationUrl, reference: order.reference, ...shared } };
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    logger.warn({ orderId: order.id, kind: error.kind, err: error.message }, 'Paystack initialize failed; the order stays pending');
    const fresh = paymentReference();
    await db().transaction(async (tx) => {
      await tx.update(orders).set({ paymentReference: fresh }).where(and(eq(orders.id, order.id), eq(orders.paymentReference, order.reference), isNull(orders.accessCode)));
      await recordPaymentEvent(tx, order.id, 'initialize-failed', { reference: order.reference, nextReference: fresh, kind: error.kind, message: error.message });
    });
    return { kind: 'failed', reason: error.message };
  }
}
