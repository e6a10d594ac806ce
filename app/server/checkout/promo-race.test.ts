/**
 * A promo code's limits under a rush (decision 0023), on real PostgreSQL with concurrent checkouts: 20
 * shoppers pressing Pay at once for a code's last use get exactly one order with it; a use held by an unpaid order
 * comes back when the sweep or an admin's cancel releases it; the per-customer limit; a late payment after the release
 * pays its order but counts past the limit only as flagged (decision 0028).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PromoView } from '~/lib/promo/cart-promo';
import { PROMO_MESSAGES } from '~/lib/promo/promo';
import { updateOrderStatus } from '../orders/admin-orders.server';
import { db } from '../db.server';
import {
  addressFields,
  ageOrder,
  orderRow,
  pay,
  placeOrder,
  promoCodeOf,
  putInCart,
  shownAmounts,
  withSimulator,
  type Placed,
} from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { createPromo, setCartCode, usesOf } from '../../../tests/promo-helpers';
import { args, get, outcome, routeModule } from '../../../tests/route-helpers';
import { confirmPayment } from '../payments/confirm-payment.server';
import { sweepStalePayments } from '../payments/payment-sweep.server';

const checkoutRoute = await routeModule<typeof import('~/routes/checkout')>('routes/checkout.tsx');
const simulator = withSimulator();

type Refused = { result: { error: Record<string, string[]> } };

/** A customer with one of `product` in the cart and `code` on it. */
async function shopperWithCode(product: { id: string }, code: string) {
  const user = await createUser();
  await putInCart(user.id, [{ productId: product.id }]);
  await setCartCode(user.id, code);
  return user;
}

const ordersWithCode = async (code: string) =>
  (await db().execute<{ n: number }>(sql`select count(*)::int as n from orders where promo_code = ${code}`))[0].n;

/** Pay, which must place an order with `code` (null: without one). */
async function placedWith(cookie: string, code: string | null) {
  const { orderId, reference } = await placeOrder(simulator, cookie);
  expect(await promoCodeOf(orderId)).toBe(code);
  return { orderId, reference };
}

const admin = { id: 'admin', email: 'admin@example.com' };

describe("a code's last use", () => {
  it('20 shoppers press Pay at once: exactly one order gets it, the others are told it is used up', async () => {
    const product = await createProduct({ price: 20_000_00, stock: { 'M/Black': 50 } });
    const promo = await createPromo({ code: 'LASTONE', percentOff: 25, maxUses: 1 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWithCode(product, 'lastone')));
    // Every page shows the code applied (₦5,000 off); then all press Pay at once with what their page showed.
    const shown = await Promise.all(shoppers.map((shopper) => shownAmounts(shopper.cookie, addressFields())));
    expect(new Set(shown.map((amounts) => amounts.shownTotal))).toEqual(new Set([String(15_000_00 + 2_600_00)]));
    const results = await Promise.all(shoppers.map((shopper, n) => pay(shopper.cookie, shown[n])));
    const placed = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status === 409);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const result of refused)
      expect((result.data as Refused).result.error['']).toEqual([
        PROMO_MESSAGES.changedAtPay(PROMO_MESSAGES.usedUp('LASTONE')),
      ]);
    expect(await ordersWithCode('LASTONE')).toBe(1);
    expect(await usesOf(promo.id)).toEqual({ reserved: 1 });
    const { reference } = (placed[0].data as Placed).payment;
    expect(simulator.current.transactions.get(reference)!.amount).toBe(15_000_00 + 2_600_00);
  });

  it('a use held by an unpaid order comes back when the sweep releases it, and goes to the next shopper', async () => {
    const product = await createProduct({ stock: { 'M/Black': 10 } });
    const promo = await createPromo({ maxUses: 1 });
    const first = await shopperWithCode(product, promo.code);
    const second = await shopperWithCode(product, promo.code);
    const shown = await shownAmounts(second.cookie, addressFields());
    const { orderId } = await placedWith(first.cookie, promo.code);
    // The second shopper's page showed the discount: Pay is refused, used up by the first (unpaid) order.
    const refused = await pay(second.cookie, shown);
    expect((refused.data as Refused).result.error['']).toEqual([
      PROMO_MESSAGES.changedAtPay(PROMO_MESSAGES.usedUp(promo.code.toUpperCase())),
    ]);
    await ageOrder(orderId, '31 minutes');
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
    expect(await usesOf(promo.id)).toEqual({ released: 1 });
    await placedWith(second.cookie, promo.code);
    expect(await usesOf(promo.id)).toEqual({ released: 1, reserved: 1 });
  });

  it('an admin cancelling an unpaid order gives its use back; a paid order keeps its use when cancelled', async () => {
    const product = await createProduct({ stock: { 'M/Black': 10 } });
    const promo = await createPromo({ maxUses: 2 });
    const unpaid = await placedWith((await shopperWithCode(product, promo.code)).cookie, promo.code);
    const paid = await placedWith((await shopperWithCode(product, promo.code)).cookie, promo.code);
    simulator.current.pay(paid.reference);
    await confirmPayment(paid.reference, 'callback');
    expect(await usesOf(promo.id)).toEqual({ reserved: 1, used: 1 });
    expect((await updateOrderStatus(admin, unpaid.orderId, 'cancelled')).kind).toBe('updated');
    expect((await updateOrderStatus(admin, paid.orderId, 'cancelled')).kind).toBe('updated');
    expect(await usesOf(promo.id)).toEqual({ released: 1, used: 1 });
    await placedWith((await shopperWithCode(product, promo.code)).cookie, promo.code);
  });

  it('a payment arriving after the release pays the order, but past the limit is flagged, not a use', async () => {
    const product = await createProduct({ stock: { 'M/Black': 10 } });
    const promo = await createPromo({ maxUses: 1 });
    const late = await placedWith((await shopperWithCode(product, promo.code)).cookie, promo.code);
    await ageOrder(late.orderId, '31 minutes');
    await sweepStalePayments();
    await placedWith((await shopperWithCode(product, promo.code)).cookie, promo.code);
    simulator.current.pay(late.reference);
    expect(await confirmPayment(late.reference, 'webhook')).toMatchObject({ kind: 'paid' });
    // Decision 0028: the use it gave back went to the next order, so this one is over the limit and left for a person.
    expect(await usesOf(promo.id)).toEqual({ 'over-limit': 1, reserved: 1 });
    expect(await orderRow(late.orderId)).toMatchObject({ payment_status: 'paid', review_reason: expect.any(String) });
  });
});

describe('the per-customer limit', () => {
  it('counts paid and open orders; an older unpaid order is settled first and gives its use back', async () => {
    const product = await createProduct({ stock: { 'M/Black': 10 } });
    const other = await createProduct({ stock: { 'M/Black': 10 } });
    const promo = await createPromo({ maxUsesPerCustomer: 1 });
    const customer = await shopperWithCode(product, promo.code);
    const first = await placedWith(customer.cookie, promo.code);
    // Another cart while the first order is unpaid: that order is settled (abandoned), its use comes back.
    await putInCart(customer.id, [{ productId: other.id }]);
    const second = await placedWith(customer.cookie, promo.code);
    expect(second.orderId).not.toBe(first.orderId);
    expect(await usesOf(promo.id)).toEqual({ released: 1, reserved: 1 });
    simulator.current.pay(second.reference);
    await confirmPayment(second.reference, 'callback');
    // Paid: the cart is empty and without the code. With the code again, the page says the customer used it, and
    // Pay places the order at the total shown, without it.
    await putInCart(customer.id, [{ productId: product.id }]);
    await setCartCode(customer.id, promo.code);
    const page = await outcome(() => checkoutRoute.loader(args(get('/checkout', customer.cookie))));
    expect((page.data as { promo: PromoView }).promo).toMatchObject({
      applied: false,
      message: PROMO_MESSAGES.usedByYou(promo.code.toUpperCase()),
    });
    await placedWith(customer.cookie, null);
    expect(await usesOf(promo.id)).toEqual({ released: 1, used: 1 });
    // Another customer may still use it.
    await placedWith((await shopperWithCode(product, promo.code)).cookie, promo.code);
  });
});
