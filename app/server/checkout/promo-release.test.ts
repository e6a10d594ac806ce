/**
 * A promo code's limits against orders the shopper released themselves (decision 0028, amending 0023), through the
 * checkout's action and the Paystack simulator. The attack: a one-use code, Pay, the payment page left open; a new
 * checkout with the same code settles the first order with Paystack ("abandoned"), releases it and its use, and places
 * the new one; again; then every open page is paid. Each late success is a real payment and pays its order, but only
 * one may count as the code's use: the others are flagged for a person, mailed to support, and left out of the code's
 * uses and revenue.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import { listAdminPromoCodes } from '../promo/admin-promo-codes.server';
import { ageOrder, orderRow, placeOrder, promoCodeOf, putInCart, withSimulator } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { createPromo, setCartCode, usesOf } from '../../../tests/promo-helpers';
import { confirmPayment } from '../payments/confirm-payment.server';
import { overLimitReason } from '../promo/paid-promo-use.server';
import { sweepStalePayments } from '../payments/payment-sweep.server';

const simulator = withSimulator();

/** Pay, which must place a new order with the code, its payment started in Paystack (the page left open). */
async function payPageLeftOpen(cookie: string, code: string) {
  const { orderId, reference } = await placeOrder(simulator, cookie);
  expect(await promoCodeOf(orderId)).toBe(code);
  expect(simulator.current.transactions.get(reference)).toBeDefined();
  return { orderId, reference };
}

const supportMailsAbout = async (orderId: string) =>
  db().execute(sql`select 1 from pgboss.job where name = 'mail'
    and data->'mail'->>'subject' = ${`Order ${orderId} used a promo code past its limits`}`);

const eventsOf = async (orderId: string, kind: string) =>
  db().execute<{ detail: Record<string, unknown> }>(
    sql`select detail from payment_events where order_id = ${orderId} and kind = ${kind}`,
  );

const listed = async (code: string) => (await listAdminPromoCodes({ q: code, page: 1 })).rows[0];

describe('a one-use code and orders the shopper released', () => {
  it('three checkouts, each releasing the last, all paid: one use counts, the other two are flagged', async () => {
    const promo = await createPromo({ code: 'ONCE', percentOff: 50, maxUses: 1, maxUsesPerCustomer: 1 });
    const products = await Promise.all(
      [1, 2, 3].map(() => createProduct({ price: 10_000_00, stock: { 'M/Black': 5 } })),
    );
    const customer = await createUser();
    await putInCart(customer.id, [{ productId: products[0].id }]);
    await setCartCode(customer.id, 'once');

    // Each new checkout (a different cart) asks Paystack about the open order, hears "abandoned" and releases it.
    const first = await payPageLeftOpen(customer.cookie, 'ONCE');
    // putInCart adds a line: each new cart is the last one and one more product.
    await putInCart(customer.id, [{ productId: products[1].id }]);
    const second = await payPageLeftOpen(customer.cookie, 'ONCE');
    await putInCart(customer.id, [{ productId: products[2].id }]);
    const third = await payPageLeftOpen(customer.cookie, 'ONCE');
    expect(await orderRow(first.orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
    expect(await orderRow(second.orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
    expect(await usesOf(promo.id)).toEqual({ released: 2, reserved: 1 });

    // Every page left open is paid; Paystack's webhooks arrive.
    for (const { reference } of [first, second, third]) {
      simulator.current.pay(reference);
      expect(await confirmPayment(reference, 'webhook')).toMatchObject({ kind: 'paid', alreadyPaid: false });
    }

    // The money is real: each order is paid and keeps its stock.
    for (const { orderId } of [first, second, third])
      expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
    // The open order's use counts; the two released ones paid late are over the limit, flagged and mailed to support.
    expect(await usesOf(promo.id)).toEqual({ used: 1, 'over-limit': 2 });
    // Each cart held one more product (₦10,000 each), so half off was ₦5,000, then ₦10,000.
    for (const [{ orderId }, discount] of [
      [first, 5_000_00],
      [second, 10_000_00],
    ] as const) {
      const limits = ['total', 'per-customer'] as const;
      const reason = overLimitReason({ kind: 'over-limit', code: 'ONCE', discount, limits: [...limits] });
      expect((await orderRow(orderId)).review_reason).toBe(reason);
      expect(await supportMailsAbout(orderId)).toHaveLength(1);
      expect((await eventsOf(orderId, 'promo-over-limit'))[0].detail).toMatchObject({
        promoCode: 'ONCE',
        discount,
        limits,
      });
    }
    expect((await orderRow(third.orderId)).review_reason).toBeNull();
    expect(await supportMailsAbout(third.orderId)).toHaveLength(0);

    // The admin's list counts one use, and the revenue of that order alone.
    const total = Number((await orderRow(third.orderId)).total);
    expect(await listed('ONCE')).toMatchObject({ name: 'ONCE', uses: 1, revenue: total, overLimit: 2 });
  });

  it('paid after the sweep released it, with the code still open: the use counts and nothing is flagged', async () => {
    const promo = await createPromo({ maxUses: 2, maxUsesPerCustomer: 1 });
    const product = await createProduct({ stock: { 'M/Black': 5 } });
    const customer = await createUser();
    await putInCart(customer.id, [{ productId: product.id }]);
    await setCartCode(customer.id, promo.code);
    const late = await payPageLeftOpen(customer.cookie, promo.code);
    await ageOrder(late.orderId, '31 minutes');
    await sweepStalePayments();
    expect(await usesOf(promo.id)).toEqual({ released: 1 });

    simulator.current.pay(late.reference);
    expect(await confirmPayment(late.reference, 'webhook')).toMatchObject({ kind: 'paid', alreadyPaid: false });
    expect(await orderRow(late.orderId)).toMatchObject({ payment_status: 'paid', review_reason: null });
    expect(await usesOf(promo.id)).toEqual({ used: 1 });
    expect(await eventsOf(late.orderId, 'promo-over-limit')).toHaveLength(0);
    expect(await listed(promo.code)).toMatchObject({ uses: 1, overLimit: 0 });
  });

  it('paid late after another shopper took the last use: flagged for the total only', async () => {
    const promo = await createPromo({ maxUses: 1 });
    const product = await createProduct({ stock: { 'M/Black': 5 } });
    const [late, other] = [await createUser(), await createUser()];
    for (const shopper of [late, other]) {
      await putInCart(shopper.id, [{ productId: product.id }]);
      await setCartCode(shopper.id, promo.code);
    }
    const left = await payPageLeftOpen(late.cookie, promo.code);
    await ageOrder(left.orderId, '31 minutes');
    await sweepStalePayments();
    const taken = await payPageLeftOpen(other.cookie, promo.code);
    simulator.current.pay(taken.reference);
    await confirmPayment(taken.reference, 'callback');

    simulator.current.pay(left.reference);
    expect(await confirmPayment(left.reference, 'webhook')).toMatchObject({ kind: 'paid' });
    expect(await usesOf(promo.id)).toEqual({ used: 1, 'over-limit': 1 });
    expect((await orderRow(left.orderId)).review_reason).toContain('has reached its total number of uses since');
    expect((await eventsOf(left.orderId, 'promo-over-limit'))[0].detail).toMatchObject({ limits: ['total'] });
  });
});
