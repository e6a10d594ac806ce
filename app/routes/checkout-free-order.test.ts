/**
 * A ₦0 order (a 100% code with free pickup) is paid by its discount without Paystack (decision 0028), through the
 * checkout's action with and without JavaScript: paid in the same request that placed it, its stock committed, one
 * payments row of ₦0 by `discount`, the code's use counted, the confirmation and the new-order notice queued; the
 * checkout page offers "Place order", the order pages say it was paid by its discount, and the dashboard's revenue
 * gains ₦0.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '~/db/schema';
import { formatNaira } from '~/lib/money';
import { PAID_BY_DISCOUNT } from '~/lib/payments/paid-by-discount';
import { getDashboard } from '~/server/admin/dashboard.server';
import { db } from '~/server/db.server';
import {
  addressFields,
  orderRow,
  pay,
  putInCart,
  shownAmounts,
  stockOf,
  withSimulator,
} from '../../tests/checkout-helpers';
import { PICKUP, setDeliveryOptions } from '../../tests/delivery-helpers';
import { createOrder, createProduct, createUser } from '../../tests/factories';
import { createPromo, setCartCode, usesOf } from '../../tests/promo-helpers';
import { renderPage } from '../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../tests/route-helpers';
import AdminOrderPage from './admin/order';
import CheckoutPage from './checkout';
import OrderPage from './order';

const simulator = withSimulator();
const checkoutRoute = await routeModule<typeof import('~/routes/checkout')>('routes/checkout.tsx');
const orderRoute = await routeModule<typeof import('~/routes/order')>('routes/order.tsx');
const adminOrderRoute = await routeModule<typeof import('~/routes/admin/order')>('routes/admin/order.tsx');

beforeAll(async () => {
  await setDeliveryOptions({ pickup: { ...PICKUP, fee: 0 } });
});

/** A customer with 2 of a ₦10,000 product (3 in stock) in the cart and a 100% code on it. */
async function freeCart() {
  const promo = await createPromo({ percentOff: 100, maxUses: 5 });
  const product = await createProduct({ price: 10_000_00, stock: { 'M/Black': 3 } });
  const customer = await createUser();
  await putInCart(customer.id, [{ productId: product.id, quantity: 2 }]);
  await setCartCode(customer.id, promo.code);
  return { promo, product, customer };
}

const mailsTo = async (orderId: string) =>
  (
    await db().execute<{ to: string; subject: string }>(sql`select data->'mail'->>'to' as "to",
      data->'mail'->>'subject' as subject from pgboss.job where name = 'mail'
      and (data->'mail'->>'subject') like ${`%${orderId.slice(-8).toUpperCase()}%`}`)
  ).map((row) => row.subject);

describe('a ₦0 order', () => {
  it.each(['popup', 'redirect'] as const)('is placed and paid by its discount at once (%s)', async (mode) => {
    const { promo, product, customer } = await freeCart();
    const pickup = addressFields({ delivery: 'pickup' });
    expect(await shownAmounts(customer.cookie, pickup)).toEqual({ shownDeliveryFee: '0', shownTotal: '0' });
    const before = await getDashboard();

    const answer = await pay(customer.cookie, { delivery: 'pickup' }, mode);
    expect(answer.status, JSON.stringify(answer.data)).toBe(302);
    const orderId = /^\/order-success\/(.+)$/.exec(answer.location ?? '')?.[1];
    expect(orderId).toBeDefined();
    if (!orderId) return;

    const order = await orderRow(orderId);
    expect(order).toMatchObject({ payment_status: 'paid', stock_state: 'committed', review_reason: null });
    expect(Number(order.total)).toBe(0);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({
      provider: 'discount',
      channel: 'discount',
      confirmedBy: 'discount',
      amount: 0,
      currency: 'NGN',
      fees: 0,
      reference: order.payment_reference,
    });
    expect(payment.paidAt).toBeInstanceOf(Date);
    // Paystack was never asked.
    expect(simulator.current.transactions.has(order.payment_reference)).toBe(false);
    expect(await stockOf(product.id)).toBe(1);
    expect(await usesOf(promo.id)).toEqual({ used: 1 });
    const [{ lines }] = await db().execute<{ lines: number }>(sql`select count(*)::int as lines from cart_lines l
      join carts c on c.id = l.cart_id where c.user_id = ${customer.id}`);
    expect(lines).toBe(0);
    const number = orderId.slice(-8).toUpperCase();
    expect((await mailsTo(orderId)).sort()).toEqual(
      [`New order ${number}: ${formatNaira(0)}`, `Order ${number} confirmed`].sort(),
    );
    // The confirmation does not say a payment was taken.
    const [confirmation] = await db().execute<{ text: string; html: string }>(sql`select data->'mail'->>'text' as text,
      data->'mail'->>'html' as html from pgboss.job where name = 'mail'
      and data->'mail'->>'subject' = ${`Order ${number} confirmed`}`);
    for (const body of [confirmation.text, confirmation.html]) {
      expect(body).not.toMatch(/payment was received|Total paid/);
      expect(body).toContain(PAID_BY_DISCOUNT.paidBy);
    }

    // The dashboard counts the order, and ₦0 of revenue.
    const after = await getDashboard();
    expect(after.counts.orders).toBe(before.counts.orders + 1);
    expect(after.revenue).toBe(before.revenue);
    // Net revenue: ₦0 gross, no Paystack fee (known, not missing).
    expect(after.net).toMatchObject({
      gross: before.net.gross,
      fees: before.net.fees,
      net: before.net.net,
      feesMissing: before.net.feesMissing,
    });
    expect(after.revenueByDay.reduce((sum, day) => sum + day.total, 0)).toBe(
      before.revenueByDay.reduce((sum, day) => sum + day.total, 0),
    );
  });

  it('the checkout page offers "Place order" once the total is ₦0, not a Paystack payment', async () => {
    const { customer } = await freeCart();
    const checkout = (request: Request) =>
      renderPage({ path: '/checkout', route: checkoutRoute, Page: CheckoutPage, request });
    // Before a state or pickup is chosen the total waits for the delivery fee: Pay through Paystack as ever.
    const delivered = await checkout(get('/checkout', customer.cookie));
    expect(delivered.markup).toContain('>Pay ₦0 + delivery</button>');
    expect(delivered.markup).not.toContain(PAID_BY_DISCOUNT.button);
    // Pickup chosen without JavaScript ("Update delivery"): ₦0, so the button places the order.
    const quote = { ...addressFields({ delivery: 'pickup' }), intent: 'quote' };
    const pickup = await checkout(post('/checkout', quote, { cookie: customer.cookie }));
    expect(pickup.status).toBe(200);
    expect(pickup.markup).toMatch(new RegExp(`>${PAID_BY_DISCOUNT.button}</button>`));
    expect(pickup.markup).toContain(PAID_BY_DISCOUNT.note);
    expect(pickup.markup).not.toMatch(/>Pay ₦/);
  });

  it('the customer’s and the admin’s order pages say it was paid by its discount', async () => {
    const { customer } = await freeCart();
    const answer = await pay(customer.cookie, { delivery: 'pickup' });
    const orderId = answer.location!.replace('/order-success/', '');
    const own = await renderPage({
      path: '/orders/:orderId',
      route: orderRoute,
      Page: OrderPage,
      request: get(`/orders/${orderId}`, customer.cookie),
      params: { orderId },
    });
    expect(own.markup).toContain(PAID_BY_DISCOUNT.paidBy);
    const admin = await createUser({ admin: true });
    const adminPage = await renderPage({
      path: '/admin/orders/:orderId',
      route: adminOrderRoute,
      Page: AdminOrderPage,
      request: get(`/admin/orders/${orderId}`, admin.cookie),
      params: { orderId },
    });
    expect(adminPage.markup).toContain(PAID_BY_DISCOUNT.paidBy);
  });

  it('one left unpaid before (a 503, then released) is paid by its discount from its page', async () => {
    const product = await createProduct({ price: 10_000_00, stock: { 'M/Black': 3 } });
    const customer = await createUser();
    const order = await createOrder({
      userId: customer.id,
      items: [{ product }],
      shipping: 0,
      discount: 10_000_00,
      paymentStatus: 'abandoned',
    });
    await db().update(orders).set({ stockState: 'released' }).where(eq(orders.id, order.id));
    const answer = await outcome(() =>
      orderRoute.action(args(post(`/orders/${order.id}`, {}, { cookie: customer.cookie }), { orderId: order.id })),
    );
    expect(answer).toMatchObject({ status: 302, location: `/order-success/${order.id}` });
    expect(await orderRow(order.id)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
    expect(await stockOf(product.id)).toBe(2);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ provider: 'discount', amount: 0 });
  });
});
