/**
 * POST /cart against real PostgreSQL: bad input gets a clear 400 (404 for an unknown product), never a 500 or a
 * corrupted cart.
 */
import { describe, expect, it } from 'vitest';
import { carts } from '~/db/schema';
import { CART_MESSAGES } from '~/lib/cart/cart-rules';
import { MISSING_PRODUCT, QUANTITY_MESSAGES, UNKNOWN_INTENT } from '~/lib/cart/cart-schema';
import { getCart, getCartCount } from '~/server/cart/cart.server';
import { db } from '~/server/db.server';
import { createProduct } from '../../tests/factories';
import { shopper } from '../../tests/route-helpers';
import { action, add, type Answer, cartCount, lineRows, post, request, shirt, withShirt } from './cart-test-helpers';

withShirt();

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
