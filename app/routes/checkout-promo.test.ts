/**
 * Promo codes at checkout (decision 0023) on real PostgreSQL and the Paystack simulator: the page shows the
 * cart's code and takes its discount off; Pay places the order only at the total the page showed, so Paystack is
 * asked for the discounted total; every reason a code stops applying between the page and Pay (a code expiring among
 * them) refuses Pay with nothing charged; a price edited meanwhile too; the page without JavaScript; the code's use
 * reserved by the order, counted when it is paid, and the cart's code gone after.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { promoRedemptions, products } from '~/db/schema';
import type { PromoView } from '~/lib/promo/cart-promo';
import { totalChangedMessage } from '~/lib/checkout/checkout';
import { PROMO_MESSAGES } from '~/lib/promo/promo';
import { saveAddress } from '~/server/accounts/addresses.server';
import { confirmPayment } from '~/server/payments/confirm-payment.server';
import { db } from '~/server/db.server';
import {
  addressFields,
  pay,
  placeOrder,
  putInCart,
  shownAmounts,
  stockOf,
  withSimulator,
} from '../../tests/checkout-helpers';
import { PICKUP, setDeliveryOptions } from '../../tests/delivery-helpers';
import { createCollection, createOrder, createProduct, createUser, TEST_ADDRESS } from '../../tests/factories';
import { cartCodeOf, createPromo, setCartCode, updatePromo, usesOf } from '../../tests/promo-helpers';
import { renderPage } from '../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../tests/route-helpers';
import CheckoutPage from './checkout';

const checkoutRoute = await routeModule<typeof import('~/routes/checkout')>('routes/checkout.tsx');
const simulator = withSimulator();

type Refused = { result: { error: Record<string, string[]> } };

/** A customer with one ₦30,000 item (stock 5) in the cart, and the code on the cart. */
async function customerWithCode(code: string | null, price = 30_000_00) {
  const user = await createUser();
  const product = await createProduct({ price, stock: { 'M/Black': 5 } });
  await putInCart(user.id, [{ productId: product.id }]);
  if (code) await setCartCode(user.id, code);
  return { user, product };
}

const orderOf = async (orderId: string) => {
  const [row] = await db().execute<{
    subtotal: string;
    shipping: string;
    discount: string;
    total: string;
    promo_code: string | null;
  }>(sql`select subtotal, shipping, discount, total, promo_code from orders where id = ${orderId}`);
  return {
    subtotal: Number(row.subtotal),
    shipping: Number(row.shipping),
    discount: Number(row.discount),
    total: Number(row.total),
    promoCode: row.promo_code,
  };
};

const ordersOf = async (userId: string) =>
  (await db().execute<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${userId}`))[0].n;

/** Pay (Kano: the default ₦2,600), which must place an order: the order's row and what Paystack was asked for. */
async function placed(cookie: string, fields: Record<string, string> = {}) {
  const payment = await placeOrder(simulator, cookie, fields);
  return { ...payment, order: await orderOf(payment.orderId) };
}

describe('what each kind of code charges', () => {
  it('percent off: rounded down to whole kobo, Paystack asked for the discounted total', async () => {
    const promo = await createPromo({ code: 'Naija15', percentOff: 15 });
    const { user } = await customerWithCode('naija15', 33_333_33);
    const { order, charged, orderId } = await placed(user.cookie);
    // 15% of ₦33,333.33 is ₦4,999.9995: ₦4,999.99 off.
    expect(order).toEqual({
      subtotal: 33_333_33,
      shipping: 2_600_00,
      discount: 4_999_99,
      total: 33_333_33 + 2_600_00 - 4_999_99,
      promoCode: 'Naija15',
    });
    expect(charged).toBe(order.total);
    expect(await usesOf(promo.id)).toEqual({ reserved: 1 });
    const [use] = await db()
      .select()
      .from(promoRedemptions)
      .where(sql`${promoRedemptions.orderId} = ${orderId}`);
    expect(use).toMatchObject({ userId: user.id, discount: 4_999_99, state: 'reserved' });
  });

  it('a fixed amount never takes off more than the items', async () => {
    const fixed = await createPromo({ kind: 'fixed', percentOff: null, amountOff: 50_000_00 });
    const { user } = await customerWithCode(fixed.code, 12_000_00);
    const { order, charged } = await placed(user.cookie);
    expect(order).toMatchObject({ subtotal: 12_000_00, discount: 12_000_00, total: 2_600_00 });
    expect(charged).toBe(2_600_00);
  });

  it('free delivery waives the fee of the address; a code that saves nothing (free pickup) is not spent', async () => {
    const free = await createPromo({ kind: 'free-delivery', percentOff: null });
    const { user } = await customerWithCode(free.code);
    const { order, charged } = await placed(user.cookie);
    expect(order).toMatchObject({ shipping: 2_600_00, discount: 2_600_00, total: 30_000_00, promoCode: free.code });
    expect(charged).toBe(30_000_00);
    await setDeliveryOptions({ pickup: { ...PICKUP, fee: 0 } });
    try {
      const other = await customerWithCode(free.code);
      const pickup = await placed(other.user.cookie, { delivery: 'pickup' });
      expect(pickup.order).toMatchObject({ shipping: 0, discount: 0, total: 30_000_00, promoCode: null });
      expect(await usesOf(free.id)).toEqual({ reserved: 1 });
    } finally {
      await setDeliveryOptions({ pickup: { ...PICKUP, enabled: false } });
    }
  });

  it('a code limited to a collection discounts only its items', async () => {
    const collection = await createCollection();
    const promo = await createPromo({ percentOff: 50, collectionIds: [collection.id] });
    const { user } = await customerWithCode(promo.code, 10_000_00);
    const inCollection = await createProduct({ price: 8_000_00, collectionId: collection.id });
    await putInCart(user.id, [{ productId: inCollection.id }]);
    const { order } = await placed(user.cookie);
    expect(order).toMatchObject({ subtotal: 18_000_00, discount: 4_000_00, total: 18_000_00 + 2_600_00 - 4_000_00 });
  });
});

describe('a code that stops applying between the page and Pay', () => {
  /**
   * The page shows the code applied; `change` then happens; Pay with what the page showed is refused with `reason`,
   * nothing is placed or sent to Paystack, and the page shows the code's new state; Pay again is at the full price.
   */
  async function refusedAtPay(
    change: (promo: { id: string; code: string }, user: { id: string }) => Promise<unknown>,
    reason: (code: string) => string,
  ) {
    const promo = await createPromo({ percentOff: 20 });
    const { user, product } = await customerWithCode(promo.code);
    const shown = await shownAmounts(user.cookie, addressFields());
    expect(shown).toEqual({ shownDeliveryFee: '260000', shownTotal: String(30_000_00 - 6_000_00 + 2_600_00) });
    await change(promo, user);
    const [before, ordersBefore, usesBefore] = [
      simulator.current.transactions.size,
      await ordersOf(user.id),
      await usesOf(promo.id),
    ];
    const refused = await pay(user.cookie, shown);
    expect(refused.status).toBe(409);
    const message = PROMO_MESSAGES.changedAtPay(reason(promo.code.toUpperCase()));
    expect((refused.data as Refused).result.error['']).toEqual([message]);
    expect(message).toMatch(/Your order was not placed/);
    expect(await ordersOf(user.id)).toBe(ordersBefore);
    expect(simulator.current.transactions.size).toBe(before);
    expect(await stockOf(product.id)).toBe(5);
    // The page, reloaded, says why and takes nothing off; Pay confirms the full total.
    const page = await outcome(() => checkoutRoute.loader(args(get('/checkout', user.cookie))));
    expect((page.data as { promo: PromoView }).promo).toMatchObject({
      applied: false,
      message: reason(promo.code.toUpperCase()),
    });
    const { order, charged } = await placed(user.cookie);
    expect([order.discount, order.promoCode, charged]).toEqual([0, null, 32_600_00]);
    expect(await usesOf(promo.id)).toEqual(usesBefore);
  }

  it('switched off', () => refusedAtPay((promo) => updatePromo(promo.id, { active: false }), PROMO_MESSAGES.inactive));

  it('expired (its end passed while the shopper was at checkout)', async () => {
    const endsAt = new Date(Date.now() - 1_000);
    await refusedAtPay(
      (promo) => updatePromo(promo.id, { endsAt }),
      (code) => PROMO_MESSAGES.expired(code, endsAt),
    );
  });

  it('not started (its start moved later)', async () => {
    const startsAt = new Date(Date.now() + 86_400_000);
    await refusedAtPay(
      (promo) => updatePromo(promo.id, { startsAt }),
      (code) => PROMO_MESSAGES.notStarted(code, startsAt),
    );
  });

  it('used up by another shopper meanwhile', () =>
    refusedAtPay(async (promo) => {
      const other = await createUser();
      const order = await createOrder({ userId: other.id });
      await updatePromo(promo.id, { maxUses: 1 });
      await db()
        .insert(promoRedemptions)
        .values({ orderId: order.id, promoId: promo.id, userId: other.id, discount: 1 });
    }, PROMO_MESSAGES.usedUp));

  it('already used by you (an order paid in another tab)', () =>
    refusedAtPay(async (promo, user) => {
      const order = await createOrder({ userId: user.id, paymentStatus: 'paid' });
      await updatePromo(promo.id, { maxUsesPerCustomer: 1 });
      await db()
        .insert(promoRedemptions)
        .values({ orderId: order.id, promoId: promo.id, userId: user.id, discount: 1, state: 'used' });
    }, PROMO_MESSAGES.usedByYou));

  it('no longer for these items', async () => {
    const collection = await createCollection();
    await refusedAtPay(
      (promo) => updatePromo(promo.id, { collectionIds: [collection.id] }),
      PROMO_MESSAGES.notForItems,
    );
  });

  it('its minimum raised above the cart', () =>
    refusedAtPay(
      (promo) => updatePromo(promo.id, { minSubtotal: 40_000_00 }),
      (code) => PROMO_MESSAGES.minimum(code, 40_000_00, 10_000_00),
    ));

  it('deleted', () =>
    refusedAtPay((promo) => db().execute(sql`delete from promo_codes where id = ${promo.id}`), PROMO_MESSAGES.unknown));
});

describe('the total shown is the total charged', () => {
  it('a price edited between the page and Pay: 409 naming the new total, nothing charged', async () => {
    const promo = await createPromo({ percentOff: 10 });
    const { user, product } = await customerWithCode(promo.code);
    const shown = await shownAmounts(user.cookie, addressFields());
    expect(shown.shownTotal).toBe(String(27_000_00 + 2_600_00));
    await db()
      .update(products)
      .set({ price: 40_000_00 })
      .where(sql`${products.id} = ${product.id}`);
    const before = simulator.current.transactions.size;
    const refused = await pay(user.cookie, shown);
    expect(refused.status).toBe(409);
    expect((refused.data as Refused).result.error['']).toEqual([
      totalChangedMessage({ shown: 29_600_00, total: 36_000_00 + 2_600_00 }),
    ]);
    expect((refused.data as Refused).result.error[''][0]).toBe(
      'Your order now comes to ₦38,600, not ₦29,600 as shown before: ' +
        "a price or your promo code's discount changed. " +
        'Your order was not placed; please check it and press Pay again.',
    );
    expect(simulator.current.transactions.size).toBe(before);
    expect(await ordersOf(user.id)).toBe(0);
    expect(await usesOf(promo.id)).toEqual({});
    const { charged } = await placed(user.cookie);
    expect(charged).toBe(38_600_00);
  });

  it('the same without a code; and a Pay that shows no total is refused', async () => {
    const { user, product } = await customerWithCode(null);
    const shown = await shownAmounts(user.cookie, addressFields());
    await db()
      .update(products)
      .set({ price: 31_000_00 })
      .where(sql`${products.id} = ${product.id}`);
    expect((await pay(user.cookie, shown)).status).toBe(409);
    const none = await pay(user.cookie, { shownDeliveryFee: '260000', shownTotal: '' });
    expect(none.status).toBe(409);
    expect((none.data as Refused).result.error['']).toEqual([totalChangedMessage({ shown: null, total: 33_600_00 })]);
    expect(await ordersOf(user.id)).toBe(0);
  });
});

describe('the checkout page', () => {
  it('costs no statement more with a code: the code is read with the lines', async () => {
    const promo = await createPromo();
    const { user } = await customerWithCode(null);
    const statements = async () => {
      const spies = [vi.spyOn(db(), 'select'), vi.spyOn(db(), 'execute')];
      await outcome(() => checkoutRoute.loader(args(get('/checkout', user.cookie))));
      const n = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      for (const spy of spies) spy.mockRestore();
      return n;
    };
    await statements();
    const without = await statements();
    await setCartCode(user.id, promo.code);
    expect(await statements()).toBe(without);
  });

  it('shows the code, the Discount line and the discounted Pay, and posts the total it shows', async () => {
    const promo = await createPromo({ code: 'PAGE10', percentOff: 10 });
    const { user } = await customerWithCode('page10');
    const render = async () =>
      (
        await renderPage({
          path: '/checkout',
          route: checkoutRoute,
          Page: CheckoutPage,
          request: get('/checkout', user.cookie),
        })
      ).html;
    // Before a state is chosen the discount on the goods is known already.
    const pending = await render();
    expect(pending).toMatch(/<dt[^>]*>Discount<\/dt><dd>-₦3,000<\/dd>/);
    expect(pending).toContain('₦27,000 + delivery');
    expect(pending).toContain('<input type="hidden" name="shownTotal" value=""/>');
    await saveAddress(user.id, { ...TEST_ADDRESS, state: 'Kano', city: 'Kano' });
    const html = await render();
    expect(html).toContain('The code PAGE10 is applied.');
    expect(html).toMatch(/<dt[^>]*>Discount<\/dt><dd>-₦3,000<\/dd>/);
    expect(html).toContain('<input type="hidden" name="shownTotal" value="2960000"/>');
    expect(html).toContain('Pay ₦29,600');
    expect(html).toContain(`Remove<span class="sr-only"> the code ${promo.code}</span>`);
  });

  it('without JavaScript the promo form posts to the page, which comes back with the code applied', async () => {
    await createPromo({ code: 'NOJSCHECK', percentOff: 10 });
    const { user } = await customerWithCode(null);
    const send = (fields: Record<string, string>) =>
      renderPage({
        path: '/checkout',
        route: checkoutRoute,
        Page: CheckoutPage,
        request: post('/checkout', fields, { cookie: user.cookie }),
      });
    const unknown = await send({ intent: 'promo', promoCode: 'nojs' });
    expect(unknown.status).toBe(400);
    expect(unknown.markup).toContain('We don&#x27;t know the code NOJS. Check the spelling and try again.');
    expect(await cartCodeOf(user.id)).toBeNull();
    const applied = await send({ intent: 'promo', promoCode: 'NoJsCheck' });
    expect(applied.status).toBe(200);
    expect(applied.markup).toContain('The code NOJSCHECK is applied.');
    expect(applied.markup).toContain('Pay ₦27,000 + delivery');
    expect(await cartCodeOf(user.id)).toBe('NoJsCheck');
    const removed = await send({ intent: 'remove-promo' });
    expect(removed.markup).toContain('Pay ₦30,000 + delivery');
    expect(await cartCodeOf(user.id)).toBeNull();
    const empty = await send({ intent: 'promo', promoCode: '' });
    expect(empty.status).toBe(400);
    expect(empty.markup).toContain(PROMO_MESSAGES.empty);
  });
});

describe('the code’s use', () => {
  it('reserved by the order, counted when paid; the cart starts the next order without the code', async () => {
    const promo = await createPromo({ percentOff: 10 });
    const { user } = await customerWithCode(promo.code);
    const { reference, orderId } = await placed(user.cookie);
    expect(await usesOf(promo.id)).toEqual({ reserved: 1 });
    simulator.current.pay(reference);
    expect(await confirmPayment(reference, 'callback')).toMatchObject({ kind: 'paid', orderId });
    expect(await usesOf(promo.id)).toEqual({ used: 1 });
    expect(await cartCodeOf(user.id)).toBeNull();
  });

  it('a second Pay for the same cart keeps one order holding one use; removing the code places it anew', async () => {
    const promo = await createPromo({ percentOff: 10, maxUses: 1 });
    const { user } = await customerWithCode(promo.code);
    const first = await placed(user.cookie);
    const again = await placed(user.cookie);
    expect(again.orderId).toBe(first.orderId);
    expect(await usesOf(promo.id)).toEqual({ reserved: 1 });
    await setCartCode(user.id, null);
    const full = await placed(user.cookie);
    expect(full.orderId).not.toBe(first.orderId);
    expect(full.order).toMatchObject({ discount: 0, promoCode: null, total: 32_600_00 });
    // The first order was settled (never paid) and gave its use back.
    expect(await usesOf(promo.id)).toEqual({ released: 1 });
  });
});
