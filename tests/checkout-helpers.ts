/** Test helpers for checkout: a running Paystack simulator registered with the app, carts, and Pay. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { carts, cartLines } from '~/db/schema';
import { db } from '~/server/db.server';
import { useSimulator } from '~/server/payments/paystack/config.server';
import { startPaystackSimulator, type Simulator } from '../server/paystack-simulator/simulator.server';
import type { CartView } from '~/lib/cart/cart-rules';
import { deliveryChoiceOf, type DeliveryConfig } from '~/lib/delivery/delivery';
import { newId } from '~/lib/ids';
import { promoDiscount, type PromoView } from '~/lib/promo/cart-promo';
import { checkoutTotals } from '~/lib/checkout/checkout-totals';
import * as checkoutRoute from '~/routes/checkout';
import { createProduct, createUser, TEST_ADDRESS } from './factories';
import { args, get, outcome, post } from './route-helpers';

/** Starts a simulator for the test file (short provider timeout, so "slow" tests stay quick). */
export function withSimulator(): { current: Simulator } {
  const holder = {} as { current: Simulator };
  beforeAll(async () => {
    holder.current = await startPaystackSimulator();
    useSimulator({
      baseUrl: holder.current.baseUrl,
      secretKey: holder.current.secretKey,
      publicKey: holder.current.publicKey,
      timeoutMs: 500,
    });
  });
  afterAll(async () => {
    useSimulator(undefined);
    await holder.current?.close();
  });
  return holder;
}

export async function putInCart(
  userId: string,
  lines: { productId: string; size?: string; color?: string; quantity?: number }[],
) {
  const [cart] = await db()
    .insert(carts)
    .values({ id: newId() + newId(), userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: new Date() } })
    .returning({ id: carts.id });
  for (const line of lines) {
    await db()
      .insert(cartLines)
      .values({
        cartId: cart.id,
        productId: line.productId,
        size: line.size ?? 'M',
        color: line.color ?? 'Black',
        quantity: line.quantity ?? 1,
      })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.productId, cartLines.size, cartLines.color],
        set: { quantity: line.quantity ?? 1 },
      });
  }
}

export const addressFields = (overrides: Record<string, string> = {}) => ({
  ...TEST_ADDRESS,
  apartment: TEST_ADDRESS.apartment ?? '',
  ...overrides,
});

/**
 * The delivery fee and total the checkout page shows this customer for `fields` (its loader's cart, promo code and
 * zones, priced by lib/orders/order-totals.ts as the page does): what its form posts as `shownDeliveryFee` and
 * `shownTotal`. '' when it shows none.
 */
export async function shownAmounts(cookie: string, fields: Record<string, string>) {
  const page = await outcome(() => checkoutRoute.loader(args(get('/checkout', cookie))));
  const { cart, delivery, promo } = page.data as { cart: CartView; delivery: DeliveryConfig; promo: PromoView | null };
  const items = cart.lines.map((line) => ({ unitPrice: line.price, quantity: line.quantity }));
  const { totals } = checkoutTotals(items, delivery, deliveryChoiceOf(fields), promoDiscount(promo));
  return { shownDeliveryFee: totals ? String(totals.delivery) : '', shownTotal: totals ? String(totals.total) : '' };
}

/** The delivery fee the checkout page shows this customer for `fields` (see shownAmounts). */
export async function shownDeliveryFee(cookie: string, fields: Record<string, string>): Promise<string> {
  return (await shownAmounts(cookie, fields)).shownDeliveryFee;
}

/**
 * POST /checkout as the pop-up path does (mode=popup), returning status and the action's data. Like the page, it posts
 * the delivery fee and total the page would show for the address, unless `fields` names them.
 */
export async function pay(cookie: string, fields: Record<string, string> = {}, mode: 'popup' | 'redirect' = 'popup') {
  let form: Record<string, string> = { ...addressFields(), ...(mode === 'popup' ? { mode } : {}), ...fields };
  if (!('shownDeliveryFee' in form && 'shownTotal' in form)) form = { ...(await shownAmounts(cookie, form)), ...form };
  return outcome(() => checkoutRoute.action(args(post('/checkout', form, { cookie }))));
}

/** What the checkout action answers when Pay placed an order. */
export type Placed = { payment: { orderId: string; reference: string } };

/**
 * Pay, which must place an order: its id and payment reference, and what Paystack was asked to charge (undefined
 * when no transaction was started).
 */
export async function placeOrder(
  simulator: { current: Simulator },
  cookie: string,
  fields: Record<string, string> = {},
) {
  const answer = await pay(cookie, fields);
  expect(answer.status, JSON.stringify(answer.data)).toBe(200);
  const { payment } = answer.data as Placed;
  return { ...payment, charged: simulator.current.transactions.get(payment.reference)?.amount };
}

/** The promo code an order keeps, as written when it was placed (null: none). */
export const promoCodeOf = async (orderId: string) => {
  const [order] = await db().execute<{ promo_code: string | null }>(
    sql`select promo_code from orders where id = ${orderId}`,
  );
  return order.promo_code;
};

export const stockOf = async (productId: string, size = 'M', color = 'Black') => {
  const [row] = await db().execute<{ stock: number | null }>(
    sql`select stock from product_variants where product_id = ${productId} and size = ${size} and color = ${color}`,
  );
  return row?.stock;
};

export const orderRow = async (orderId: string) => {
  const [row] = await db().execute<{
    payment_status: string;
    stock_state: string;
    review_reason: string | null;
    total: string;
    payment_reference: string;
  }>(
    sql`select payment_status, stock_state, review_reason, total, payment_reference from orders where id = ${orderId}`,
  );
  return row;
};

export const paymentCount = async (orderId: string) => {
  const [row] = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from payments where order_id = ${orderId}`,
  );
  return row.n;
};

/**
 * Moves an order `interval` (PostgreSQL's words: '31 minutes') into the past: when it was placed and when it took its
 * stock, which the payment timeout counts from.
 */
export async function ageOrder(orderId: string, interval: string) {
  await db().execute(sql`update orders set created_at = now() - ${interval}::interval,
    reserved_at = now() - ${interval}::interval where id = ${orderId}`);
}

/** A customer's pending order of 2 of 3 units, made 31 minutes ago: past the payment timeout, ready for the sweep. */
export async function stalePendingOrder() {
  const user = await createUser();
  const product = await createProduct({ stock: { 'M/Black': 3 } });
  await putInCart(user.id, [{ productId: product.id, quantity: 2 }]);
  const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string; reference: string } };
  await ageOrder(payment.orderId, '31 minutes');
  return { product, ...payment };
}
