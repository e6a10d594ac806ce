/** Verify, mismatch, provider trouble, the webhook and their races, on real PostgreSQL against the simulator. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import {
  addressFields,
  orderRow,
  pay,
  paymentCount,
  putInCart,
  stockOf,
  withSimulator,
} from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { signPayload } from './paystack/signature.server';
import { applyVerification, confirmPayment } from './confirm-payment.server';
import { handlePaystackWebhook } from './webhook.server';

const simulator = withSimulator();

/** A customer with two of a product (stock 5) in the cart who pressed Pay: the order and its reference. */
async function pendingOrder(price = 20_000_00) {
  const user = await createUser();
  const product = await createProduct({ price, stock: { 'M/Black': 5 } });
  await putInCart(user.id, [{ productId: product.id, quantity: 2 }]);
  const result = await pay(user.cookie);
  expect(result.status).toBe(200);
  const { payment } = result.data as { payment: { orderId: string; reference: string; accessCode: string } };
  return { user, product, orderId: payment.orderId, reference: payment.reference, accessCode: payment.accessCode };
}

const cartSize = async (userId: string) => {
  const [row] = await db().execute<{ n: number }>(
    sql`select coalesce(sum(cl.quantity), 0)::int as n
      from cart_lines cl join carts c on c.id = cl.cart_id where c.user_id = ${userId}`,
  );
  return row.n;
};

const chargeSuccess = (reference: string) => {
  const tx = simulator.current.transactions.get(reference)!;
  return JSON.stringify({
    event: 'charge.success',
    data: {
      domain: 'test',
      reference,
      status: 'success',
      amount: tx.amount,
      currency: 'NGN',
      channel: 'card',
      paid_at: new Date().toISOString(),
    },
  });
};

describe('placing an order', () => {
  it('reserves stock, writes a pending order with the reference and initializes the amount in kobo', async () => {
    const { product, orderId, reference } = await pendingOrder();
    expect(reference).toMatch(/^pj-\d{13}-[0-9a-z]{10}$/);
    expect(await stockOf(product.id)).toBe(3);
    expect(await orderRow(orderId)).toMatchObject({
      payment_status: 'pending',
      stock_state: 'reserved',
      total: String(2 * 20_000_00 + 2_600_00),
    });
    expect(simulator.current.transactions.get(reference)).toMatchObject({
      amount: 2 * 20_000_00 + 2_600_00,
      currency: 'NGN',
    });
  });
});

describe('verifying a payment', () => {
  it('marks the order paid once: commits stock, clears the cart, writes one payment', async () => {
    const { user, product, orderId, reference } = await pendingOrder();
    simulator.current.pay(reference);
    expect(await confirmPayment(reference, 'callback')).toEqual({ kind: 'paid', orderId, alreadyPaid: false });
    expect(await confirmPayment(reference, 'callback')).toEqual({ kind: 'paid', orderId, alreadyPaid: true });
    expect(await orderRow(orderId)).toMatchObject({
      payment_status: 'paid',
      stock_state: 'committed',
      review_reason: null,
    });
    expect(await paymentCount(orderId)).toBe(1);
    expect(await stockOf(product.id)).toBe(3);
    expect(await cartSize(user.id)).toBe(0);
  });

  it('keeps whatever was added to the cart after Pay was pressed', async () => {
    const { user, product, reference } = await pendingOrder();
    const extra = await createProduct();
    await putInCart(user.id, [
      { productId: product.id, quantity: 3 },
      { productId: extra.id, size: 'S', color: 'White', quantity: 1 },
    ]);
    simulator.current.pay(reference);
    await confirmPayment(reference, 'callback');
    const lines = await db().execute<{ product_id: string; quantity: number }>(
      sql`select cl.product_id, cl.quantity from cart_lines cl join carts c on c.id = cl.cart_id
        where c.user_id = ${user.id} order by cl.product_id`,
    );
    expect(lines.map((l) => [l.product_id, l.quantity]).sort()).toEqual(
      [
        [extra.id, 1],
        [product.id, 1],
      ].sort(),
    );
  });

  it('does not mark paid a payment that was not successful, and keeps the order pending', async () => {
    const { orderId, reference } = await pendingOrder();
    expect(await confirmPayment(reference, 'callback')).toMatchObject({ kind: 'not-paid', status: 'abandoned' });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
  });

  it.each([
    ['wrong-amount', 'an amount'],
    ['wrong-currency', 'a currency'],
  ] as const)('never marks paid %s (%s that differs): the order is flagged for the admin', async (fault, _what) => {
    const { orderId, reference } = await pendingOrder();
    simulator.current.pay(reference);
    simulator.current.setFault(fault);
    try {
      expect(await confirmPayment(reference, 'callback')).toEqual({ kind: 'mismatch', orderId });
    } finally {
      simulator.current.setFault('none');
    }
    const row = await orderRow(orderId);
    expect(row.payment_status).toBe('pending');
    expect(row.review_reason).toMatch(/Not marked paid/);
    expect(await paymentCount(orderId)).toBe(0);
  });

  it('refuses a verification that names another reference', async () => {
    const { orderId, reference } = await pendingOrder();
    const outcome = await applyVerification(
      reference,
      {
        reference: 'pj_1_other',
        status: 'success',
        amount: 0,
        currency: 'NGN',
        channel: null,
        paidAt: null,
        gatewayResponse: null,
        domain: 'test',
        fees: null,
        raw: {},
      },
      'callback',
    );
    expect(outcome).toEqual({ kind: 'mismatch', orderId });
  });

  it.each(['down', 'timeout', 'garbage'] as const)(
    'leaves the order pending when Paystack is %s (no exception)',
    async (fault) => {
      const { orderId, reference } = await pendingOrder();
      simulator.current.pay(reference);
      simulator.current.setFault(fault);
      try {
        expect(await confirmPayment(reference, 'callback')).toMatchObject({ kind: 'provider-error', orderId });
      } finally {
        simulator.current.setFault('none');
      }
      expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending' });
      // Once Paystack answers again, the same step completes it.
      expect(await confirmPayment(reference, 'callback')).toMatchObject({ kind: 'paid' });
    },
  );
});

describe('the charge.success webhook', () => {
  it('refuses a missing or wrong signature with 401 before reading the body', async () => {
    const { orderId, reference } = await pendingOrder();
    simulator.current.pay(reference);
    const body = chargeSuccess(reference);
    expect((await handlePaystackWebhook(body, null)).status).toBe(401);
    expect((await handlePaystackWebhook(body, signPayload(body, 'sk_test_wrong'))).status).toBe(401);
    expect((await handlePaystackWebhook('{not json', 'ab'.repeat(64))).status).toBe(401);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending' });
  });

  it('completes the order and treats a replay as a no-op', async () => {
    const { product, orderId, reference } = await pendingOrder();
    simulator.current.pay(reference);
    const body = chargeSuccess(reference);
    const signature = signPayload(body, simulator.current.secretKey);
    expect(await handlePaystackWebhook(body, signature)).toEqual({ status: 200, body: 'paid' });
    expect(await handlePaystackWebhook(body, signature)).toEqual({ status: 200, body: 'paid' });
    expect(await paymentCount(orderId)).toBe(1);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('answers 200 to events it does not handle and to unknown references', async () => {
    const other = JSON.stringify({ event: 'transfer.success', data: {} });
    expect(await handlePaystackWebhook(other, signPayload(other, simulator.current.secretKey))).toEqual({
      status: 200,
      body: 'Ignored',
    });
    const unknown = JSON.stringify({
      event: 'charge.success',
      data: { reference: 'pj_1_nobody', status: 'success', amount: 100, currency: 'NGN' },
    });
    expect(await handlePaystackWebhook(unknown, signPayload(unknown, simulator.current.secretKey))).toEqual({
      status: 200,
      body: 'unknown-reference',
    });
  });

  it('races the callback: one paid order, one payment, one stock decrement', async () => {
    for (let round = 0; round < 5; round++) {
      const { product, orderId, reference } = await pendingOrder();
      simulator.current.pay(reference);
      const body = chargeSuccess(reference);
      const signature = signPayload(body, simulator.current.secretKey);
      const results = await Promise.all([
        confirmPayment(reference, 'callback'),
        handlePaystackWebhook(body, signature),
        confirmPayment(reference, 'callback'),
        handlePaystackWebhook(body, signature),
      ]);
      const firstTimes = results.filter((r) => 'kind' in r && r.kind === 'paid' && !r.alreadyPaid);
      expect(firstTimes.length).toBeLessThanOrEqual(1);
      expect(await paymentCount(orderId)).toBe(1);
      expect(await stockOf(product.id)).toBe(3);
      expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
    }
  });
});

describe('the checkout form', () => {
  it('ignores any price or total the browser sends', async () => {
    const user = await createUser();
    const product = await createProduct({ price: 7_500_00 });
    await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
    const result = await pay(user.cookie, {
      ...addressFields(),
      total: '1',
      subtotal: '1',
      price: '1',
      amount: '100',
      shipping: '0',
    });
    const { payment } = result.data as { payment: { orderId: string; reference: string } };
    expect(await orderRow(payment.orderId)).toMatchObject({ total: String(7_500_00 + 2_600_00) });
    expect(simulator.current.transactions.get(payment.reference)?.amount).toBe(7_500_00 + 2_600_00);
  });
});
