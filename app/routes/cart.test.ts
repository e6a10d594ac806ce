/**
 * POST /cart and the /cart loader against real PostgreSQL: the cart made on the first add and never on a GET, the
 * cart rules on the server, and redirectTo for forms sent without JavaScript.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '~/db/schema';
import { CART_MESSAGES } from '~/lib/cart/cart-rules';
import { QUANTITY_MESSAGES } from '~/lib/cart/cart-schema';
import { getCart, getCartCount } from '~/server/cart/cart.server';
import { db } from '~/server/db.server';
import { createProduct } from '../../tests/factories';
import { shopper } from '../../tests/route-helpers';
import { action, add, cartCount, lineRows, loader, post, request, shirt, withShirt } from './cart-test-helpers';

withShirt();

describe('the cart is created on the first add, never on a GET', () => {
  it('a GET of /cart without a cookie makes no cart and sets no cookie', async () => {
    const page = await loader({ request: request(), params: {}, context: {} } as Parameters<typeof loader>[0]);
    expect(page.data.cart).toEqual({ lines: [], subtotal: 0, itemCount: 0 });
    expect(await cartCount()).toBe(0);
  });

  it('the first add creates the cart and sets an HttpOnly cookie; later adds use it', async () => {
    const first = await add({});
    expect(first).toMatchObject({ status: 200, body: { ok: true, message: 'Product added to cart!', quantity: 1 } });
    expect(first.cookie).toMatch(/^cart=/);
    const request = new Request('http://localhost/cart', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'add', productId: shirt.id, size: 'M', color: 'Black', quantity: '1' }),
    });
    const raw = (await action({ request, params: {}, context: {} } as Parameters<typeof action>[0])) as {
      init: ResponseInit;
    };
    expect(new Headers(raw.init.headers).get('Set-Cookie')).toMatch(/HttpOnly/i);
    const second = await add({ quantity: '2' }, first.cookie);
    expect(second.body).toMatchObject({ ok: true, quantity: 3 });
    // Three adds without and with a cookie: two carts (the cookieless one), one line each.
    expect(await cartCount()).toBe(2);
    expect(await getCartCount(await shopper(new Request('http://x', { headers: { Cookie: first.cookie! } })))).toBe(3);
  });
});

describe('cart rules on the server', () => {
  it('same product, size and colour adds quantities; another size or colour is another line', async () => {
    const { cookie } = await add({});
    await add({ quantity: '2' }, cookie);
    await add({ size: 'L' }, cookie);
    await add({ size: 'M', color: 'White' }, cookie);
    const lines = await lineRows();
    expect(lines.map((l) => [l.size, l.color, l.quantity])).toEqual([
      ['L', 'Black', 1],
      ['M', 'Black', 3],
      ['M', 'White', 1],
    ]);
  });

  it('update sets the quantity, 0 removes the line, remove deletes it, clear empties the cart', async () => {
    const { cookie } = await add({});
    await add({ size: 'L' }, cookie);
    expect(
      (await post({ intent: 'update', productId: shirt.id, size: 'M', color: 'Black', quantity: '4' }, cookie)).body,
    ).toMatchObject({ ok: true, message: 'Cart updated.', quantity: 4 });
    expect((await lineRows()).find((l) => l.size === 'M')?.quantity).toBe(4);
    expect(
      (await post({ intent: 'update', productId: shirt.id, size: 'M', color: 'Black', quantity: '0' }, cookie)).body,
    ).toMatchObject({ ok: true, quantity: 0 });
    expect((await lineRows()).map((l) => l.size)).toEqual(['L']);
    await add({}, cookie);
    expect(
      (await post({ intent: 'remove', productId: shirt.id, size: 'L', color: 'Black' }, cookie)).body,
    ).toMatchObject({ ok: true, message: CART_MESSAGES.removed });
    expect((await lineRows()).map((l) => l.size)).toEqual(['M']);
    // Removing again (another tab got there first) is still fine.
    expect((await post({ intent: 'remove', productId: shirt.id, size: 'L', color: 'Black' }, cookie)).status).toBe(200);
    expect((await post({ intent: 'clear' }, cookie)).body).toMatchObject({ ok: true, message: CART_MESSAGES.cleared });
    expect(await lineRows()).toEqual([]);
  });

  it('getCart joins current product data: subtotal in kobo, itemCount, availability', async () => {
    const cap = await createProduct({ price: 4_550, sizes: [], colors: [], name: 'Cap' });
    const { cookie } = await add({ quantity: '2' });
    await post({ intent: 'add', productId: cap.id, size: '', color: '', quantity: '3' }, cookie);
    const cart = await getCart(await shopper(request(cookie)));
    expect(cart.itemCount).toBe(5);
    expect(cart.subtotal).toBe(2 * 12_500_00 + 3 * 4_550);
    expect(cart.lines.map((l) => [l.id, l.name, l.available, l.purchasable])).toEqual([
      [`${shirt.id}-M-Black`, shirt.name, 10, true],
      [`${cap.id}--`, 'Cap', 99, true],
    ]);
    expect(cart.lines[0].image).toMatchObject({ width: 1200, height: 1500 });
    // Switched off after it went into the cart: still listed, no longer purchasable.
    await db().update(products).set({ inStock: false }).where(eq(products.id, cap.id));
    expect((await getCart(await shopper(request(cookie)))).lines[1].purchasable).toBe(false);
  });

  it('update of a line that is not in the cart says so', async () => {
    const { cookie } = await add({});
    const answer = await post(
      { intent: 'update', productId: shirt.id, size: 'L', color: 'Black', quantity: '2' },
      cookie,
    );
    expect(answer).toMatchObject({ status: 400, body: { ok: false, message: CART_MESSAGES.notInCart } });
    expect(
      (await post({ intent: 'update', productId: shirt.id, size: 'L', color: 'Black', quantity: '2' })).status,
    ).toBe(400);
  });
});

describe('redirectTo (forms sent without JavaScript)', () => {
  it('redirects to a same-site path with the message', async () => {
    const answer = await add({ redirectTo: `/product/${shirt.id}#add-to-cart` });
    expect(answer.status).toBe(302);
    const location = new URL(answer.location!, 'http://localhost');
    expect(location.pathname).toBe(`/product/${shirt.id}`);
    expect(location.searchParams.get('message')).toBe('Product added to cart!');
    expect(location.searchParams.get('ok')).toBe('1');
    expect(location.hash).toBe('#add-to-cart');
    expect(answer.cookie).toMatch(/^cart=/);
  });

  it('errors are redirected too, without ok', async () => {
    const answer = await add({ quantity: 'abc', redirectTo: '/cart' });
    const location = new URL(answer.location!, 'http://localhost');
    expect(location.searchParams.get('message')).toBe(QUANTITY_MESSAGES.add);
    expect(location.searchParams.has('ok')).toBe(false);
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example'])(
    'another site (%s) falls back to /cart',
    async (redirectTo) => {
      const answer = await add({ redirectTo });
      expect(answer.location?.startsWith('/cart?')).toBe(true);
    },
  );

  it('the cart page shows only messages the action can produce', async () => {
    const load = (query: string) =>
      loader({ request: new Request(`http://localhost/cart?${query}`), params: {}, context: {} } as Parameters<
        typeof loader
      >[0]);
    expect((await load('message=Product+added+to+cart!&ok=1')).data.flash).toEqual({
      ok: true,
      message: 'Product added to cart!',
    });
    expect((await load('message=Send+money+to+0800')).data.flash).toBeNull();
  });
});
