/**
 * POST /cart against real PostgreSQL: what stock allows in the cart.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, productVariants, storeSettings } from '~/db/schema';
import { CART_MESSAGES } from '~/lib/cart/cart-rules';
import { getCart } from '~/server/cart/cart.server';
import { db } from '~/server/db.server';
import { shopper } from '../../tests/route-helpers';
import { add, lineRows, post, request, shirt, withShirt } from './cart-test-helpers';

withShirt();

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
