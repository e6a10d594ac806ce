/**
 * A transaction from the other mode of Paystack (`domain` 'test' for a store on live keys, or 'live' for one on
 * test keys) is never marked paid, through verify, the webhook or the sweep: the order is flagged for a person.
 * Paystack here is the simulator, a real HTTP server speaking verify's JSON; for the live store it is started
 * with a live-shaped secret key, so it stands in for a PAYSTACK_BASE_URL that answers from test mode.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import { ageOrder, orderRow, pay, paymentCount, putInCart, stockOf } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { useSimulator } from './paystack/config.server';
import { signPayload } from './paystack/signature.server';
import { startPaystackSimulator, type Simulator } from '../../../server/paystack-simulator/simulator.server';
import { confirmPayment } from './confirm-payment.server';
import { settlePendingOrder, sweepStalePayments } from './payment-sweep.server';
import { handlePaystackWebhook } from './webhook.server';

/** A store whose keys have this secret key, talking to a simulator (which always reports `domain: 'test'`). */
function storeWithKey(secretKey: string) {
  const holder = {} as { current: Simulator };
  beforeAll(async () => {
    holder.current = await startPaystackSimulator({ secretKey });
    useSimulator({ baseUrl: holder.current.baseUrl, secretKey, publicKey: holder.current.publicKey, timeoutMs: 2_000 });
  });
  afterAll(async () => {
    useSimulator(undefined);
    await holder.current?.close();
  });
  return holder;
}

async function paidAtPaystack(simulator: Simulator) {
  const user = await createUser();
  const product = await createProduct({ price: 12_000_00, stock: { 'M/Black': 4 } });
  await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
  const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string; reference: string } };
  simulator.pay(payment.reference);
  return { product, ...payment };
}

const events = async (orderId: string) =>
  (
    await db().execute<{ kind: string }>(sql`select kind from payment_events where order_id = ${orderId} order by id`)
  ).map((row) => row.kind);

describe('a store on live keys told about a test-mode transaction', () => {
  const simulator = storeWithKey('sk_live_0123456789abcdef0123456789abcdef01234567');

  it('verify: never marks it paid; the order is flagged and keeps its stock for a person to decide', async () => {
    const { product, orderId, reference } = await paidAtPaystack(simulator.current);
    expect(await confirmPayment(reference, 'callback')).toEqual({ kind: 'mismatch', orderId });
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
    expect(row.review_reason).toMatch(/from its test mode while the store's keys are live: not marked paid/);
    expect(await paymentCount(orderId)).toBe(0);
    expect(await stockOf(product.id)).toBe(3);
    expect(await events(orderId)).toContain('wrong-domain');
    // Asked again (the customer's next checkout, the sweep): still not paid, and not released either.
    expect(await settlePendingOrder({ id: orderId, reference }, 'checkout')).toEqual({ kind: 'flagged' });
    await ageOrder(orderId, '2 hours');
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
    expect(await paymentCount(orderId)).toBe(0);
  });

  it('webhook: a signed charge.success from test mode is not marked paid', async () => {
    const { orderId, reference } = await paidAtPaystack(simulator.current);
    const tx = simulator.current.transactions.get(reference)!;
    const body = JSON.stringify({
      event: 'charge.success',
      data: { domain: 'test', reference, status: 'success', amount: tx.amount, currency: 'NGN', channel: 'card' },
    });
    expect(await handlePaystackWebhook(body, signPayload(body, simulator.current.secretKey))).toEqual({
      status: 200,
      body: 'mismatch',
    });
    // A charge that names no domain at all is not trusted either.
    const bare = JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', amount: tx.amount, currency: 'NGN' },
    });
    expect(await handlePaystackWebhook(bare, signPayload(bare, simulator.current.secretKey))).toEqual({
      status: 200,
      body: 'mismatch',
    });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
    expect(await paymentCount(orderId)).toBe(0);
  });

  it('accepts the same payment when Paystack reports it from live mode', async () => {
    const { orderId, reference } = await paidAtPaystack(simulator.current);
    simulator.current.setFault('live-domain');
    try {
      expect(await confirmPayment(reference, 'callback')).toEqual({ kind: 'paid', orderId, alreadyPaid: false });
    } finally {
      simulator.current.setFault('none');
    }
    expect(await paymentCount(orderId)).toBe(1);
  });
});

describe('a store on test keys told about a live-mode transaction', () => {
  const simulator = storeWithKey('sk_test_0123456789abcdef0123456789abcdef01234567');

  it('never marks it paid', async () => {
    const { orderId, reference } = await paidAtPaystack(simulator.current);
    simulator.current.setFault('live-domain');
    try {
      expect(await confirmPayment(reference, 'callback')).toEqual({ kind: 'mismatch', orderId });
    } finally {
      simulator.current.setFault('none');
    }
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending' });
    expect((await orderRow(orderId)).review_reason).toMatch(/from its live mode while the store's keys are test/);
    expect(await paymentCount(orderId)).toBe(0);
  });
});
