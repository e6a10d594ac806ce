/**
 * Promo codes on the cart (decision 0023), against real PostgreSQL: applying and removing a code, a
 * visitor's cart and the account's, every reason a code is refused said plainly, the page without JavaScript, the
 * sign-in merge, and the cart page's SQL budget.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { carts, promoRedemptions } from '~/db/schema';
import { knownPromoMessage, PROMO_CART_MESSAGES, type PromoView } from '~/lib/promo/cart-promo';
import type { CartView } from '~/lib/cart/cart-rules';
import { cartOrderTotals } from '~/lib/orders/order-totals';
import { PROMO_MESSAGES } from '~/lib/promo/promo';
import { mergeVisitorCart } from '~/server/cart/cart-merge.server';
import { getCartWithPromo } from '~/server/cart/cart.server';
import { db } from '~/server/db.server';
import { putInCart } from '../../tests/checkout-helpers';
import { createCollection, createOrder, createProduct, createUser } from '../../tests/factories';
import { cartCodeOf, createPromo, setCartCode } from '../../tests/promo-helpers';
import { renderPage } from '../../tests/render-page';
import { args, get, outcome, post, routeModule, shopper } from '../../tests/route-helpers';
import CartPage from './cart';

const cartRoute = await routeModule<typeof import('~/routes/cart')>('routes/cart.tsx');

type Answer = { ok: boolean; message: string };
type Page = { cart: CartView; promo: PromoView | null; flash: Answer | null };

const postCart = async (fields: Record<string, string>, cookie?: string) => {
  const answer = await outcome(() => cartRoute.action(args(post('/cart', fields, { cookie }))));
  const setCookie = answer.headers.get('Set-Cookie')?.split(';')[0];
  return { ...answer, body: answer.data as Answer, cookie: setCookie };
};
const apply = (code: string, cookie?: string) => postCart({ intent: 'promo', promoCode: code }, cookie);
const cartPage = async (cookie?: string, path = '/cart') =>
  (await outcome(() => cartRoute.loader(args(get(path, cookie))))).data as Page;

/** A signed-in customer with `price` × `quantity` of a product in the account's cart. */
async function customerWith(price = 20_000_00, quantity = 1, product?: { id: string }) {
  const user = await createUser();
  const item = product ?? (await createProduct({ price, stock: { 'M/Black': 10 } }));
  await putInCart(user.id, [{ productId: item.id, quantity }]);
  return { user, product: item };
}

describe('applying a code', () => {
  it('a visitor without a cart gets one with the code; the cart page shows the discount', async () => {
    const promo = await createPromo({ code: 'WELCOME10', percentOff: 10 });
    const applied = await apply(' welcome10 ');
    expect(applied.status).toBe(200);
    expect(applied.cookie).toMatch(/^cart=/);
    expect(applied.body).toMatchObject({ ok: false, message: PROMO_MESSAGES.notForItems('WELCOME10') });
    const product = await createProduct({ price: 25_000_00, stock: { 'M/Black': 5 } });
    const added = await postCart(
      { intent: 'add', productId: product.id, size: 'M', color: 'Black', quantity: '2' },
      applied.cookie,
    );
    expect(added.status).toBe(200);
    const page = await cartPage(applied.cookie);
    expect(page.promo).toEqual({
      code: promo.code,
      applied: true,
      message: 'The code WELCOME10 is applied.',
      discount: { goods: 5_000_00 },
    });
    expect(
      cartOrderTotals(
        [{ unitPrice: 25_000_00, quantity: 2 }],
        { fee: 2_600_00, freeDeliveryOver: null },
        page.promo!.discount,
      ),
    ).toMatchObject({ discount: 5_000_00, total: 47_600_00 });
    // The visitor's cart keeps the code as typed, trimmed.
    const cartId = (await shopper(get('/cart', applied.cookie))).visitorCartId!;
    const [row] = await db().select({ code: carts.promoCode }).from(carts).where(eq(carts.id, cartId));
    expect(row.code).toBe('welcome10');
  });

  it('an unknown code is refused at once and kept nowhere, not even as a new cart', async () => {
    const before = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(carts)
    )[0].n;
    const refused = await apply('NOPE2024');
    expect(refused).toMatchObject({ status: 400, body: { ok: false, message: PROMO_MESSAGES.unknown('NOPE2024') } });
    expect(refused.cookie).toBeUndefined();
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(carts)
      )[0].n,
    ).toBe(before);
    const { user } = await customerWith();
    expect((await apply('nope 2024', user.cookie)).body.message).toBe(PROMO_CART_MESSAGES.unknownOther);
    expect(await cartCodeOf(user.id)).toBeNull();
  });

  it('an empty or too long code is refused with its own message', async () => {
    const { user } = await customerWith();
    expect(await apply('   ', user.cookie)).toMatchObject({ status: 400, body: { message: PROMO_MESSAGES.empty } });
    expect(await apply('A'.repeat(33), user.cookie)).toMatchObject({
      status: 400,
      body: { message: PROMO_MESSAGES.tooLong },
    });
    expect(await cartCodeOf(user.id)).toBeNull();
  });

  it('Remove takes the code off; a cart without one is fine too', async () => {
    const { user } = await customerWith();
    await createPromo({ code: 'TAKEOFF' });
    expect((await apply('takeoff', user.cookie)).body.ok).toBe(true);
    expect(await cartCodeOf(user.id)).toBe('takeoff');
    const removed = await postCart({ intent: 'remove-promo' }, user.cookie);
    expect(removed.body).toMatchObject({ ok: true, message: PROMO_MESSAGES.removed });
    expect(await cartCodeOf(user.id)).toBeNull();
    expect((await cartPage(user.cookie)).promo).toBeNull();
    expect((await postCart({ intent: 'remove-promo' })).status).toBe(200);
  });
});

describe('each reason a code is refused, said plainly on the cart', () => {
  const refusedWith = async (promoInput: Parameters<typeof createPromo>[0], expected: (code: string) => string) => {
    const { user } = await customerWith(20_000_00);
    const promo = await createPromo(promoInput);
    const answer = await apply(promo.code.toLowerCase(), user.cookie);
    const message = expected(promo.code.toUpperCase());
    // The code is kept (it may apply later); the page says why it does not now, and takes nothing off.
    expect(answer).toMatchObject({ status: 200, body: { ok: false, message } });
    const page = await cartPage(user.cookie);
    expect(page.promo).toMatchObject({ applied: false, message, discount: {} });
    return { user, promo };
  };

  it('switched off', () => refusedWith({ active: false }, PROMO_MESSAGES.inactive));

  it('not started yet, and expired (dates in Lagos time)', async () => {
    const startsAt = new Date('2030-01-15T09:00:00Z');
    await refusedWith({ startsAt }, (code) => `The code ${code} can be used from 15 January 2030 at 10:00.`);
    const endsAt = new Date(Date.now() - 60_000);
    await refusedWith({ endsAt }, (code) => PROMO_MESSAGES.expired(code, endsAt));
  });

  it('used up, counting unpaid orders still open', async () => {
    const other = await createUser();
    const promo = await createPromo({ maxUses: 1 });
    const order = await createOrder({ userId: other.id });
    await db().insert(promoRedemptions).values({ orderId: order.id, promoId: promo.id, userId: other.id, discount: 1 });
    const { user } = await customerWith();
    expect((await apply(promo.code, user.cookie)).body.message).toBe(PROMO_MESSAGES.usedUp(promo.code));
  });

  it('already used by you (per customer), but not by another customer', async () => {
    const promo = await createPromo({ maxUsesPerCustomer: 1 });
    const { user } = await customerWith();
    const order = await createOrder({ userId: user.id, paymentStatus: 'paid' });
    await db()
      .insert(promoRedemptions)
      .values({ orderId: order.id, promoId: promo.id, userId: user.id, discount: 1, state: 'used' });
    expect((await apply(promo.code, user.cookie)).body.message).toBe(PROMO_MESSAGES.usedByYou(promo.code));
    const other = await customerWith();
    expect((await apply(promo.code, other.user.cookie)).body.ok).toBe(true);
  });

  it('not for these items: a code limited to a collection or category', async () => {
    const collection = await createCollection();
    await refusedWith({ collectionIds: [collection.id] }, PROMO_MESSAGES.notForItems);
    await refusedWith({ categories: ['Dresses'] }, PROMO_MESSAGES.notForItems);
  });

  it('minimum not reached: kept, it applies once the cart reaches it', async () => {
    const { user, promo } = await refusedWith({ minSubtotal: 30_000_00 }, (code) =>
      PROMO_MESSAGES.minimum(code, 30_000_00, 10_000_00),
    );
    const more = await createProduct({ price: 10_000_00 });
    await putInCart(user.id, [{ productId: more.id }]);
    expect((await cartPage(user.cookie)).promo).toMatchObject({ applied: true, discount: { goods: 3_000_00 } });
    expect(await cartCodeOf(user.id)).toBe(promo.code.toLowerCase());
  });

  it('a code deleted after it was applied reads as unknown', async () => {
    const { user } = await customerWith();
    await setCartCode(user.id, 'GONEAWAY');
    expect((await cartPage(user.cookie)).promo).toMatchObject({
      applied: false,
      message: PROMO_MESSAGES.unknown('GONEAWAY'),
    });
  });
});

describe('kinds of code on the cart', () => {
  it('fixed amounts never exceed the eligible items; free delivery waives the fee every address pays', async () => {
    const { user } = await customerWith(3_000_00);
    const fixed = await createPromo({ kind: 'fixed', percentOff: null, amountOff: 5_000_00 });
    await apply(fixed.code, user.cookie);
    const page = await cartPage(user.cookie);
    expect(page.promo?.discount).toEqual({ goods: 3_000_00 });
    const free = await createPromo({ kind: 'free-delivery', percentOff: null });
    await apply(free.code, user.cookie);
    expect((await cartPage(user.cookie)).promo?.discount).toEqual({ delivery: 'all' });
  });
});

describe('the cart page without JavaScript', () => {
  it('Apply redirects back with the message; the page shows the code, its discount and a Remove button', async () => {
    const { user } = await customerWith(40_000_00);
    const promo = await createPromo({ code: 'NOJS15', percentOff: 15 });
    const answer = await postCart({ intent: 'promo', promoCode: 'nojs15', redirectTo: '/cart' }, user.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      `/cart?message=${encodeURIComponent('The code NOJS15 is applied.').replaceAll('%20', '+')}&ok=1`,
    );
    const { html } = await renderPage({
      path: '/cart',
      route: cartRoute,
      Page: CartPage,
      request: get(answer.location!, user.cookie),
    });
    expect(html).toContain('<summary');
    expect(html).toContain('Use Promo Code');
    expect(html).toMatch(/<dt[^>]*>Discount<\/dt><dd>-₦6,000<\/dd>/);
    expect(html).toMatch(/role="status"[^>]*>The code NOJS15 is applied\.<\/p>/);
    expect(html).toContain('name="redirectTo" value="/cart"');
    expect(html).toContain(`Remove<span class="sr-only"> the code ${promo.code}</span>`);
    const unknown = await postCart({ intent: 'promo', promoCode: 'whoknows', redirectTo: '/cart' }, user.cookie);
    expect((await cartPage(user.cookie, unknown.location!)).flash).toEqual({
      ok: false,
      message: PROMO_MESSAGES.unknown('WHOKNOWS'),
    });
  });

  it('shows only messages the promo forms can give', () => {
    for (const message of [
      PROMO_MESSAGES.unknown('SAVE-10'),
      PROMO_MESSAGES.applied('SAVE_10'),
      PROMO_MESSAGES.minimum('BIG', 50_000_00, 12_345_67),
      PROMO_MESSAGES.expired('OLD', new Date('2026-01-02T10:00:00Z')),
      PROMO_MESSAGES.notStarted('NEW', new Date('2027-03-04T23:30:00Z')),
      PROMO_MESSAGES.removed,
      PROMO_CART_MESSAGES.unknownOther,
    ])
      expect(knownPromoMessage(message)).toBe(message);
    for (const forged of [
      "We don't know the code CALL 0803 NOW. Check the spelling and try again.",
      'The code X is applied. Pay by transfer to 0123456789.',
      'Anything at all',
    ])
      expect(knownPromoMessage(forged)).toBeNull();
  });
});

describe('signing in', () => {
  it("carries the visitor's code over when the account's cart has none, and keeps the account's own", async () => {
    await createPromo({ code: 'VISITOR5' });
    const product = await createProduct({ stock: { 'M/Black': 5 } });
    const visit = async () => {
      const applied = await apply('visitor5');
      await postCart(
        { intent: 'add', productId: product.id, size: 'M', color: 'Black', quantity: '1' },
        applied.cookie,
      );
      return (await shopper(get('/cart', applied.cookie))).visitorCartId;
    };
    const fresh = await createUser();
    await mergeVisitorCart(await visit(), fresh.id, null);
    expect(await cartCodeOf(fresh.id)).toBe('visitor5');
    const { user } = await customerWith();
    await setCartCode(user.id, 'MINE');
    await mergeVisitorCart(await visit(), user.id, null);
    expect(await cartCodeOf(user.id)).toBe('MINE');
  });
});

describe('the SQL budget', () => {
  it('the cart costs one statement, with a code too (read with the lines)', async () => {
    const { user } = await customerWith();
    const count = async () => {
      const select = vi.spyOn(db(), 'select');
      const execute = vi.spyOn(db(), 'execute');
      await getCartWithPromo(await shopper(get('/cart', user.cookie)));
      const n = select.mock.calls.length + execute.mock.calls.length;
      select.mockRestore();
      execute.mockRestore();
      return n;
    };
    expect(await count()).toBe(1);
    const promo = await createPromo();
    await setCartCode(user.id, promo.code);
    expect(await count()).toBe(1);
    expect((await getCartWithPromo(await shopper(get('/cart', user.cookie)))).promo?.code).toBe(promo.code);
    await db().update(carts).set({ promoCode: null }).where(eq(carts.userId, user.id));
  });
});

describe('guessing codes', () => {
  it('refuses a sixth unknown code from one address within the hour, even a real one, and tells the shopper to wait', async () => {
    await createPromo({ code: 'REALCODE', percentOff: 10 });
    const from = (code: string, ip: string) => {
      const request = post('/cart', { intent: 'promo', promoCode: code });
      request.headers.set('x-client-ip', ip);
      return outcome(() => cartRoute.action(args(request)));
    };
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    // A known code is no wrong guess: it never counts.
    expect((await from('REALCODE', ip)).status).toBe(200);
    for (let guess = 0; guess < 5; guess++) expect((await from(`GUESS${guess}`, ip)).status).toBe(400);
    const refused = await from('REALCODE', ip);
    expect(refused.status).toBe(429);
    expect((refused.data as Answer).message).toBe(PROMO_CART_MESSAGES.tooManyTries);
    expect(knownPromoMessage(PROMO_CART_MESSAGES.tooManyTries)).toBe(PROMO_CART_MESSAGES.tooManyTries);
    // Another address is not held back.
    expect((await from('REALCODE', `203.0.113.${Math.floor(Math.random() * 200) + 1}`)).status).toBe(200);
  });
});
