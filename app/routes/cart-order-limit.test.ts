/**
 * POST /cart against real PostgreSQL: the store's per-order limit of one product, every size and colour
 * together.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSettings } from '~/db/schema';
import { db } from '~/server/db.server';
import { logger } from '~/server/logger.server';
import { createProduct } from '../../tests/factories';
import { add, lineRows, loader, post, withShirt } from './cart-test-helpers';

withShirt();

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
