/** POST /cart and the /cart loader against real PostgreSQL: every rule and every bad input. */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartLines, carts, products, productVariants, storeSettings } from '~/db/schema';
import { CART_MESSAGES } from '~/lib/cart/cart-rules';
import { MISSING_PRODUCT, QUANTITY_MESSAGES, UNKNOWN_INTENT } from '~/lib/cart/cart-schema';
import { getCart, getCartCount } from '~/server/cart/cart.server';
import { db } from '~/server/db.server';
import { logger } from '~/server/logger.server';
import { createProduct } from '../../tests/factories';
import { shopper, routeModule } from '../../tests/route-helpers';

const { action, loader } = await routeModule<typeof import('~/routes/cart')>('routes/cart.tsx');

type Answer = {
  status: number;
  body: { ok: boolean; message: string; quantity?: number; result?: { error?: Record<string, string[]> } };
  cookie?: string;
  location?: string;
};

/** Runs the action like the server would and normalises its answer (data() or a redirect Response). */
async function post(fields: Record<string, string>, cookie?: string): Promise<Answer> {
  const request = new Request('http://localhost/cart', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Origin: 'http://localhost', ...(cookie ? { Cookie: cookie } : {}) },
  });
  const result: unknown = await action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
  if (result instanceof Response) {
    return {
      status: result.status,
      body: { ok: false, message: '' },
      cookie: cookieOf(result.headers),
      location: result.headers.get('Location') ?? undefined,
    };
  }
  const { data, init } = result as { data: Answer['body']; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data, cookie: cookieOf(new Headers(init?.headers)) };
}

const cookieOf = (headers: Headers) => headers.get('Set-Cookie')?.split(';')[0];
const request = (cookie?: string) =>
  new Request('http://localhost/cart', { headers: cookie ? { Cookie: cookie } : {} });
const lineRows = async () => db().select().from(cartLines).orderBy(cartLines.size, cartLines.color);
const cartCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(carts)
  )[0].n;

let shirt: Awaited<ReturnType<typeof createProduct>>;
const add = (fields: Record<string, string>, cookie?: string) =>
  post({ intent: 'add', productId: shirt.id, size: 'M', color: 'Black', quantity: '1', ...fields }, cookie);

beforeEach(async () => {
  await db().delete(carts);
  shirt = await createProduct({
    price: 12_500_00,
    sizes: ['S', 'M', 'L'],
    colors: ['Black', 'White'],
    stock: { 'M/Black': 10, 'L/Black': 2, 'S/White': 0 },
  });
});

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

describe('stock', () => {
  it('caps an add by the variant stock with a message; nothing more once full', async () => {
    const first = await add({ size: 'L', quantity: '5' });
    expect(first).toMatchObject({
      status: 200,
      body: { ok: true, quantity: 2, message: 'Only 2 left in this size and colour; your cart has 2.' },
    });
    const again = await add({ size: 'L' }, first.cookie);
    expect(again).toMatchObject({
      status: 400,
      body: { ok: false, quantity: 2, message: 'Only 2 left in this size and colour; your cart has 2.' },
    });
    expect((await lineRows())[0].quantity).toBe(2);
  });

  it('untracked stock caps a line at 99 (with the per-order limit at its highest)', async () => {
    await db().update(storeSettings).set({ maxUnitsPerProduct: 99 });
    try {
      const first = await add({ size: 'S', color: 'Black', quantity: '99' });
      expect(first.body).toMatchObject({ ok: true, quantity: 99, message: 'Product added to cart!' });
      const more = await add({ size: 'S', color: 'Black' }, first.cookie);
      expect(more).toMatchObject({
        status: 400,
        body: { quantity: 99, message: 'You can have up to 99 of this item; your cart has 99.' },
      });
    } finally {
      await db().update(storeSettings).set({ maxUnitsPerProduct: 10 });
    }
  });

  it('update is capped by stock too', async () => {
    const { cookie } = await add({ size: 'L' });
    const answer = await post(
      { intent: 'update', productId: shirt.id, size: 'L', color: 'Black', quantity: '7' },
      cookie,
    );
    expect(answer.body).toMatchObject({
      ok: true,
      quantity: 2,
      message: 'Only 2 left in this size and colour; your cart has 2.',
    });
  });

  it('refuses a sold-out variant and a product switched off', async () => {
    expect(await add({ size: 'S', color: 'White' })).toMatchObject({
      status: 400,
      body: { ok: false, message: 'This size and colour is sold out.' },
    });
    await db().update(products).set({ inStock: false }).where(eq(products.id, shirt.id));
    expect(await add({})).toMatchObject({ status: 400, body: { ok: false, message: CART_MESSAGES.outOfStock } });
    expect(await lineRows()).toEqual([]);
  });

  it('a line whose variant sold out meanwhile cannot be raised, only removed', async () => {
    const { cookie } = await add({});
    await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, shirt.id));
    const answer = await post(
      { intent: 'update', productId: shirt.id, size: 'M', color: 'Black', quantity: '2' },
      cookie,
    );
    expect(answer).toMatchObject({
      status: 400,
      body: { ok: false, message: 'This size and colour is sold out.', quantity: 1 },
    });
    expect((await getCart(await shopper(request(cookie)))).lines[0]).toMatchObject({
      purchasable: false,
      available: 0,
    });
    expect(
      (await post({ intent: 'update', productId: shirt.id, size: 'M', color: 'Black', quantity: '0' }, cookie)).body.ok,
    ).toBe(true);
    expect(await lineRows()).toEqual([]);
  });

  it('concurrent adds of the same line never lose one', async () => {
    const { cookie } = await add({});
    await Promise.all(Array.from({ length: 8 }, () => add({}, cookie)));
    expect((await lineRows())[0].quantity).toBe(9);
  });

  it('concurrent adds never exceed the stock', async () => {
    const { cookie } = await add({ size: 'L' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => add({ size: 'L' }, cookie)));
    expect((await lineRows())[0].quantity).toBe(2);
    expect(answers.filter((a) => a.body.ok)).toHaveLength(1);
  });

  it('concurrent first adds to a new line (insert race) add up', async () => {
    const { cookie } = await add({ size: 'S', color: 'Black' });
    await Promise.all(Array.from({ length: 6 }, () => add({ color: 'White' }, cookie)));
    expect((await lineRows()).find((l) => l.color === 'White')?.quantity).toBe(6);
  });
});

describe("the store's per-order limit of one product (default 10), every size and colour together", () => {
  const limitMessage = (inCart: number, limit = 10) =>
    `You can buy at most ${limit} of this item per order, counting every size and colour; your cart has ${inCart}.`;
  let tee: Awaited<ReturnType<typeof createProduct>>;
  const addTee = (size: string, quantity: number, cookie?: string, extra: Record<string, string> = {}) =>
    post({ intent: 'add', productId: tee.id, size, color: 'Black', quantity: String(quantity), ...extra }, cookie);
  const updateTee = (size: string, quantity: number, cookie?: string) =>
    post({ intent: 'update', productId: tee.id, size, color: 'Black', quantity: String(quantity) }, cookie);
  const teeLines = async () =>
    Object.fromEntries((await lineRows()).filter((l) => l.productId === tee.id).map((l) => [l.size, l.quantity]));

  beforeEach(async () => {
    tee = await createProduct({
      sizes: ['S', 'M', 'L'],
      colors: ['Black'],
      stock: { 'S/Black': 50, 'M/Black': 50, 'L/Black': 50 },
    });
  });

  it('an add that would go over it is refused with a clear message, logged, and adds nothing', async () => {
    const warn = vi.spyOn(logger, 'warn');
    try {
      const { cookie } = await addTee('M', 6);
      expect(await addTee('L', 5, cookie)).toMatchObject({
        status: 400,
        body: { ok: false, message: limitMessage(6) },
      });
      expect(await addTee('M', 5, cookie)).toMatchObject({
        status: 400,
        body: { ok: false, message: limitMessage(6) },
      });
      expect(await teeLines()).toEqual({ M: 6 });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ productId: tee.id, size: 'L', quantity: 5, inCart: 6, limit: 10 }),
        'cart add refused: over the per-product limit',
      );
      // Up to the limit is fine, and another product is not counted.
      expect(await addTee('L', 4, cookie)).toMatchObject({ status: 200, body: { ok: true, quantity: 4 } });
      expect(await add({ quantity: '3' }, cookie)).toMatchObject({ status: 200, body: { ok: true } });
      expect(await addTee('S', 1, cookie)).toMatchObject({ status: 400, body: { message: limitMessage(10) } });
      expect(await teeLines()).toEqual({ L: 4, M: 6 });
    } finally {
      warn.mockRestore();
    }
  });

  it('without JavaScript the refusal comes back on the page it was sent from', async () => {
    const { cookie } = await addTee('M', 9);
    const answer = await addTee('S', 2, cookie, { redirectTo: `/product/${tee.id}` });
    const location = new URL(answer.location!, 'http://localhost');
    expect(location.searchParams.get('message')).toBe(limitMessage(9));
    expect(location.searchParams.has('ok')).toBe(false);
    const page = await loader({
      request: new Request(`http://localhost/cart${location.search}`),
      params: {},
      context: {},
    } as Parameters<typeof loader>[0]);
    expect(page.data.flash).toEqual({ ok: false, message: limitMessage(9) });
  });

  it('an update may not raise a line over it, but may always lower one (limit was lowered after adding)', async () => {
    const { cookie } = await addTee('M', 6);
    await addTee('L', 3, cookie);
    expect(await updateTee('L', 5, cookie)).toMatchObject({
      status: 400,
      body: { ok: false, message: limitMessage(9), quantity: 3 },
    });
    expect(await updateTee('L', 4, cookie)).toMatchObject({ status: 200, body: { ok: true, quantity: 4 } });
    await db().update(storeSettings).set({ maxUnitsPerProduct: 5 });
    try {
      expect(await updateTee('M', 7, cookie)).toMatchObject({
        status: 400,
        body: { message: limitMessage(10, 5), quantity: 6 },
      });
      expect(await updateTee('M', 2, cookie)).toMatchObject({ status: 200, body: { ok: true, quantity: 2 } });
      expect(await teeLines()).toEqual({ L: 4, M: 2 });
    } finally {
      await db().update(storeSettings).set({ maxUnitsPerProduct: 10 });
    }
  });

  it('concurrent adds and updates of different sizes never take the product over it', async () => {
    const { cookie } = await addTee('S', 1);
    await addTee('M', 1, cookie);
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => addTee(['S', 'M', 'L'][i % 3], 2, cookie)),
      updateTee('S', 6, cookie),
      updateTee('M', 6, cookie),
    ]);
    const total = Object.values(await teeLines()).reduce((sum, n) => sum + n, 0);
    expect(total).toBeLessThanOrEqual(10);
  });
});

describe('bad input gets a clear 400 (404 for an unknown product), never a 500 or a corrupted cart', () => {
  it('unknown or malformed product ids are 404', async () => {
    expect(await add({ productId: 'zzzzzzzzzzzzzz' })).toMatchObject({
      status: 404,
      body: { ok: false, message: CART_MESSAGES.unknownProduct },
    });
    expect(await add({ productId: "x' or 1=1 --" })).toMatchObject({ status: 404 });
    expect(await cartCount()).toBe(0);
  });

  it('sizes and colours the product does not offer', async () => {
    expect(await add({ size: 'XXL' })).toMatchObject({ status: 400, body: { message: CART_MESSAGES.badSize } });
    expect(await add({ color: 'Purple' })).toMatchObject({ status: 400, body: { message: CART_MESSAGES.badColor } });
    expect(await add({ size: '' })).toMatchObject({ status: 400, body: { message: 'Please select a size' } });
    expect(await add({ color: '' })).toMatchObject({ status: 400, body: { message: 'Please select a color' } });
    const plain = await createProduct({ sizes: [], colors: [] });
    expect(await add({ productId: plain.id, size: 'M', color: '' })).toMatchObject({
      status: 400,
      body: { message: CART_MESSAGES.badSize },
    });
    expect(await add({ productId: plain.id, size: '', color: 'Black' })).toMatchObject({
      status: 400,
      body: { message: CART_MESSAGES.badColor },
    });
    expect(await add({ productId: plain.id, size: '', color: '' })).toMatchObject({ status: 200, body: { ok: true } });
  });

  it.each(['0', '-1', '1.5', '1e3', '100', '99999999999999999999', 'abc', ''])('quantity %j', async (quantity) => {
    const { cookie } = await add({});
    const answer = await add({ quantity }, cookie);
    expect(answer).toMatchObject({
      status: 400,
      // One line to show, and Conform's field errors from the schema.
      body: { ok: false, message: QUANTITY_MESSAGES.add, result: { error: { quantity: [QUANTITY_MESSAGES.add] } } },
    });
    expect((await lineRows()).map((l) => l.quantity)).toEqual([1]);
  });

  it('missing fields and unknown intents', async () => {
    expect(await post({ intent: 'add', size: 'M', color: 'Black', quantity: '1' })).toMatchObject({
      status: 400,
      body: { message: MISSING_PRODUCT },
    });
    expect(await post({ intent: 'add', productId: shirt.id, size: 'M', color: 'Black' })).toMatchObject({
      status: 400,
      body: { message: QUANTITY_MESSAGES.add },
    });
    expect(await post({ intent: 'update', productId: shirt.id, size: 'M', color: 'Black' })).toMatchObject({
      status: 400,
      body: { message: QUANTITY_MESSAGES.update },
    });
    expect(await post({ intent: 'checkout' })).toMatchObject({ status: 400, body: { message: UNKNOWN_INTENT } });
    expect(await post({})).toMatchObject({ status: 400, body: { message: UNKNOWN_INTENT } });
    expect(await cartCount()).toBe(0);
  });

  it('a body that is not a form', async () => {
    const request = new Request('http://localhost/cart', {
      method: 'POST',
      body: '{"intent":"add"}',
      headers: { 'Content-Type': 'application/json' },
    });
    const result = (await action({ request, params: {}, context: {} } as Parameters<typeof action>[0])) as {
      data: Answer['body'];
      init: ResponseInit;
    };
    // Read as an empty form (decision 0019): refused like one, never a 500.
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: UNKNOWN_INTENT });
  });

  it('a forged cookie is no cart; a well-formed unknown id is not adopted', async () => {
    for (const forged of ['cart=not-a-valid-id', 'cart=%00%01', 'cart=' + 'a'.repeat(500)]) {
      expect(await getCartCount(await shopper(request(forged)))).toBe(0);
      expect((await getCart(await shopper(request(forged)))).lines).toEqual([]);
      expect((await post({ intent: 'clear' }, forged)).status).toBe(200);
    }
    const chosen = 'cart=' + encodeURIComponent(btoa(JSON.stringify('AAAAAAAAAAAAAAAAAAAAAAAA')));
    const answer = await add({}, chosen);
    expect(answer.body.ok).toBe(true);
    expect(answer.cookie).toBeDefined();
    expect(answer.cookie).not.toBe(chosen);
    expect((await db().select().from(carts)).map((c) => c.id)).not.toContain('AAAAAAAAAAAAAAAAAAAAAAAA');
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
