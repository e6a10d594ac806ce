/**
 * What the tests of Paystack's statuses share (payment-states, paid-order-events and payment-webhooks .test.ts): the
 * simulator, an order placed and paid for, a transfer on its way, the order's payment events, queued mails, and a
 * signed webhook.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { db } from '~/server/db.server';
import { pay, putInCart, withSimulator } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { signPayload } from './paystack/signature.server';
import { handlePaystackWebhook } from './webhook.server';

/** The Paystack simulator of the calling test file (tests/checkout-helpers.ts withSimulator). */
export let simulator: ReturnType<typeof withSimulator>;

/** For the calling test file: a Paystack simulator of its own. */
export function withPaystack() {
  simulator = withSimulator();
}

export async function placed(stock = 3, quantity = 2) {
  const user = await createUser();
  const product = await createProduct({ stock: { 'M/Black': stock } });
  await putInCart(user.id, [{ productId: product.id, quantity }]);
  const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string; reference: string } };
  return { user, product, ...payment };
}

/** The shopper picks bank transfer in Paystack's page and says the money is sent: Paystack now says pending. */
export async function transferSent(reference: string) {
  const code = simulator.current.transactions.get(reference)!.accessCode;
  const response = await fetch(`${simulator.current.baseUrl}/popup/${code}/transfer`, { method: 'POST' });
  expect(response.ok).toBe(true);
}

export const events = async (orderId: string) =>
  (
    await db().execute<{ kind: string }>(sql`select kind from payment_events where order_id = ${orderId} order by id`)
  ).map((e) => e.kind);

export const queuedMails = async (subject: string) =>
  (
    await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job
        where name = 'mail' and data->'mail'->>'subject' like ${`${subject}%`}`,
    )
  )[0].n;

export async function signedWebhook(event: string, data: Record<string, unknown>, ip: string | null = '127.0.0.1') {
  const body = JSON.stringify({ event, data });
  return handlePaystackWebhook(body, signPayload(body, simulator.current.secretKey), ip);
}
