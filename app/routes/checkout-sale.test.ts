/**
 * Sale prices at the till (decision 0034), on real PostgreSQL and the Paystack simulator: a product on sale is
 * charged its price, never its compare-at price, by the cart, the order (its lines' unit price and its total) and the
 * amount Paystack is asked for; the sale ending between the page and Pay is refused like any price change; a promo
 * code that leaves sale items out discounts only the others, at the cart and in the order, and says why when only
 * sale items are in the cart.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '~/db/schema';
import type { CartView } from '~/lib/cart/cart-rules';
import { totalChangedMessage } from '~/lib/checkout/checkout';
import type { PromoView } from '~/lib/promo/cart-promo';
import { PROMO_MESSAGES } from '~/lib/promo/promo';
import { db } from '~/server/db.server';
import { addressFields, pay, placeOrder, putInCart, shownAmounts, withSimulator } from '../../tests/checkout-helpers';
import { createProduct, createUser } from '../../tests/factories';
import { createPromo, setCartCode } from '../../tests/promo-helpers';
import { args, get, outcome, post, routeModule } from '../../tests/route-helpers';

const cartRoute = await routeModule<typeof import('~/routes/cart')>('routes/cart.tsx');
const simulator = withSimulator();

type Page = { cart: CartView; promo: PromoView | null };
const cartPage = async (cookie: string) =>
  (await outcome(() => cartRoute.loader(args(get('/cart', cookie))))).data as Page;

/** Delivery to the test address (Kano): the default ₦2,600. */
const DELIVERY = 2_600_00;

/** A ₦30,000 jacket on sale from ₦40,000, and a ₦10,000 shirt at its full price. */
async function saleAndFullPrice() {
  const jacket = await createProduct({ price: 30_000_00, compareAtPrice: 40_000_00, stock: { 'M/Black': 5 } });
  const shirt = await createProduct({ price: 10_000_00, stock: { 'M/Black': 5 } });
  return { jacket, shirt };
}

const orderOf = async (orderId: string) => {
  const [order] = await db().execute<{ subtotal: number; discount: number; total: number }>(
    sql`select subtotal::int, discount::int, total::int from orders where id = ${orderId}`,
  );
  const items = await db().execute<{ product_id: string; unit_price: number; quantity: number }>(
    sql`select product_id, unit_price::int, quantity from order_items where order_id = ${orderId} order by unit_price`,
  );
  return { ...order, items: [...items] };
};

describe('a product on sale is charged its price', () => {
  it('in the cart, the order lines, the order total and the amount Paystack is asked for', async () => {
    const { jacket } = await saleAndFullPrice();
    const user = await createUser();
    await putInCart(user.id, [{ productId: jacket.id, quantity: 2 }]);
    const page = await cartPage(user.cookie);
    expect(page.cart.lines.map((line) => line.price)).toEqual([30_000_00]);
    expect(page.cart.subtotal).toBe(60_000_00);
    expect((await shownAmounts(user.cookie, addressFields())).shownTotal).toBe(String(60_000_00 + DELIVERY));

    const { orderId, charged } = await placeOrder(simulator, user.cookie);
    expect(await orderOf(orderId)).toEqual({
      subtotal: 60_000_00,
      discount: 0,
      total: 60_000_00 + DELIVERY,
      items: [{ product_id: jacket.id, unit_price: 30_000_00, quantity: 2 }],
    });
    expect(charged).toBe(60_000_00 + DELIVERY);
  });

  it('the sale ending between the page and Pay: 409 naming the new total, nothing charged', async () => {
    const { jacket } = await saleAndFullPrice();
    const user = await createUser();
    await putInCart(user.id, [{ productId: jacket.id }]);
    const shown = await shownAmounts(user.cookie, addressFields());
    expect(shown.shownTotal).toBe(String(30_000_00 + DELIVERY));
    await db().update(products).set({ price: 40_000_00, compareAtPrice: null }).where(eq(products.id, jacket.id));
    const before = simulator.current.transactions.size;
    const refused = await pay(user.cookie, shown);
    expect(refused.status).toBe(409);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      totalChangedMessage({ shown: 30_000_00 + DELIVERY, total: 40_000_00 + DELIVERY }),
    ]);
    expect(simulator.current.transactions.size).toBe(before);
    expect((await placeOrder(simulator, user.cookie)).charged).toBe(40_000_00 + DELIVERY);
  });
});

describe('a promo code that leaves sale items out', () => {
  it('discounts the full-price items only, at the cart and in the order Paystack charges', async () => {
    const { jacket, shirt } = await saleAndFullPrice();
    const promo = await createPromo({ percentOff: 10, excludeSale: true });
    const user = await createUser();
    await putInCart(user.id, [{ productId: jacket.id }, { productId: shirt.id }]);
    await setCartCode(user.id, promo.code);
    expect((await cartPage(user.cookie)).promo).toMatchObject({ applied: true, discount: { goods: 1_000_00 } });

    const { orderId, charged } = await placeOrder(simulator, user.cookie);
    const total = 40_000_00 - 1_000_00 + DELIVERY;
    expect(await orderOf(orderId)).toMatchObject({ subtotal: 40_000_00, discount: 1_000_00, total });
    expect(charged).toBe(total);
  });

  it('with only sale items in the cart: the code is kept, with the reason, and nothing is taken off', async () => {
    const { jacket } = await saleAndFullPrice();
    await createPromo({ code: 'NOSALE10', percentOff: 10, excludeSale: true });
    const user = await createUser();
    await putInCart(user.id, [{ productId: jacket.id }]);
    const applied = await outcome(() =>
      cartRoute.action(args(post('/cart', { intent: 'promo', promoCode: 'nosale10' }, { cookie: user.cookie }))),
    );
    const message = 'The code NOSALE10 does not apply to items on sale.';
    expect(message).toBe(PROMO_MESSAGES.notForSaleItems('NOSALE10'));
    expect(applied.data).toMatchObject({ ok: false, message });
    // A code that does not apply shows as the cart keeps it (as typed).
    expect((await cartPage(user.cookie)).promo).toEqual({
      code: 'nosale10',
      applied: false,
      message,
      discount: {},
    });
    // The shopper agreed to the total without it: Pay charges the full price.
    const { orderId, charged } = await placeOrder(simulator, user.cookie);
    expect(await orderOf(orderId)).toMatchObject({ discount: 0, total: 30_000_00 + DELIVERY });
    expect(charged).toBe(30_000_00 + DELIVERY);
  });

  it('the same cart with a code that does not leave them out: the sale item is discounted', async () => {
    const { jacket } = await saleAndFullPrice();
    const promo = await createPromo({ percentOff: 10 });
    const user = await createUser();
    await putInCart(user.id, [{ productId: jacket.id }]);
    await setCartCode(user.id, promo.code);
    const { orderId, charged } = await placeOrder(simulator, user.cookie);
    expect(await orderOf(orderId)).toMatchObject({ discount: 3_000_00, total: 27_000_00 + DELIVERY });
    expect(charged).toBe(27_000_00 + DELIVERY);
  });

  it('a product put on sale between the page and Pay takes the discount away: refused, nothing charged', async () => {
    const shirt = await createProduct({ price: 10_000_00, stock: { 'M/Black': 5 } });
    const promo = await createPromo({ code: 'FULLONLY', percentOff: 10, excludeSale: true });
    const user = await createUser();
    await putInCart(user.id, [{ productId: shirt.id }]);
    await setCartCode(user.id, promo.code);
    const shown = await shownAmounts(user.cookie, addressFields());
    expect(shown.shownTotal).toBe(String(9_000_00 + DELIVERY));
    await db().update(products).set({ compareAtPrice: 12_000_00 }).where(eq(products.id, shirt.id));
    const before = simulator.current.transactions.size;
    const refused = await pay(user.cookie, shown);
    expect(refused.status).toBe(409);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      PROMO_MESSAGES.changedAtPay(PROMO_MESSAGES.notForSaleItems('FULLONLY')),
    ]);
    expect(simulator.current.transactions.size).toBe(before);
  });
});
