/**
 * The references an order is known by at Paystack (decision 0025): its current one (`orders.payment_reference`) and
 * the ones it had before (`replaced_payment_references`): replaced when its shopper paid again after the sweep
 * released it (pay-again.server.ts), or when Paystack's initialize failed (start-payment.server.ts). A checkout page
 * opened for an older reference may still be paid, so every lookup by reference finds the order by any of them; once
 * paid, the paying reference becomes the order's own, so refunds and the admin pages name the charge that was made.
 */
import { sql } from 'drizzle-orm';
import { orders, replacedPaymentReferences } from '~/db/schema';
import type { Database } from '../db.server';

/** A condition on `orders`: the order known by `reference`, now or before. */
export const knownByReference = (reference: string) =>
  sql`(${orders.paymentReference} = ${reference} or ${orders.id} = (
    select ${replacedPaymentReferences.orderId} from ${replacedPaymentReferences}
    where ${replacedPaymentReferences.reference} = ${reference}))`;

/** Keeps the order's old reference findable before it gets a new one. */
export async function keepReplacedReference(tx: Pick<Database, 'insert'>, orderId: string, reference: string) {
  await tx.insert(replacedPaymentReferences).values({ orderId, reference }).onConflictDoNothing();
}

/**
 * The order was paid through one of its older references: that one becomes its own, and the current one is kept
 * among the replaced (a payment on it now would be a second charge: confirm-payment.server.ts flags it).
 */
export async function adoptPayingReference(
  tx: Pick<Database, 'insert' | 'execute'>,
  orderId: string,
  current: string | null,
  paying: string,
) {
  if (current === paying) return;
  if (current) await keepReplacedReference(tx, orderId, current);
  await tx.execute(
    sql`delete from ${replacedPaymentReferences} where ${replacedPaymentReferences.reference} = ${paying}`,
  );
  await tx.execute(sql`update ${orders} set payment_reference = ${paying} where ${orders.id} = ${orderId}`);
}
