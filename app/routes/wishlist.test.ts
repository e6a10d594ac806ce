/** POST and GET /wishlist against real PostgreSQL: every intent, bad input, visitors, the no-JavaScript heart. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '~/db/schema';
import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { WISHLIST_MAX, WISHLIST_MESSAGES } from '~/lib/wishlist/wishlist';
import { db } from '~/server/db.server';
import { wishlistIds } from '~/server/wishlist/wishlist.server';
import { createProduct, createUser } from '../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../tests/route-helpers';

const { action, loader } = await routeModule<typeof import('~/routes/wishlist')>('routes/wishlist.tsx');

let user: Awaited<ReturnType<typeof createUser>>;
let a: Awaited<ReturnType<typeof createProduct>>;
let b: Awaited<ReturnType<typeof createProduct>>;
let c: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  [a, b, c] = [
    await createProduct({ name: 'Aso Shirt' }),
    await createProduct({ name: 'Bariga Cargo' }),
    await createProduct({ name: 'Calabar Cap' }),
  ];
});

const send = (fields: Record<string, string | string[]>, cookie = user.cookie, origin?: string) =>
  outcome(() => action(args(post('/wishlist', fields, { cookie, origin }))));

describe('POST /wishlist', () => {
  beforeAll(async () => {
    user = await createUser();
  });

  it('adds (idempotently), removes and toggles for the signed-in customer', async () => {
    expect(await send({ intent: 'add', productId: a.id })).toMatchObject({
      status: 200,
      data: { ok: true, saved: true, productId: a.id, message: WISHLIST_MESSAGES.saved },
    });
    expect(await send({ intent: 'add', productId: a.id })).toMatchObject({
      status: 200,
      data: { ok: true, saved: true },
    });
    expect(await send({ intent: 'toggle', productId: b.id })).toMatchObject({ status: 200, data: { saved: true } });
    expect(await wishlistIds(user.id)).toEqual([b.id, a.id]);
    expect(await send({ intent: 'toggle', productId: b.id })).toMatchObject({
      status: 200,
      data: { saved: false, message: WISHLIST_MESSAGES.removed },
    });
    expect(await send({ intent: 'remove', productId: a.id })).toMatchObject({
      status: 200,
      data: { ok: true, saved: false },
    });
    expect(await send({ intent: 'remove', productId: a.id })).toMatchObject({
      status: 200,
      data: { ok: true, saved: false },
    });
    expect(await wishlistIds(user.id)).toEqual([]);
  });

  it('answers bad input with 400 and an unknown product with 404, never a 500', async () => {
    expect(await send({ intent: 'explode', productId: a.id })).toMatchObject({
      status: 400,
      data: { ok: false, message: WISHLIST_MESSAGES.badIntent },
    });
    expect(await send({ productId: a.id })).toMatchObject({ status: 400, data: { ok: false } });
    expect(await send({ intent: 'add' })).toMatchObject({
      status: 400,
      data: { message: WISHLIST_MESSAGES.badProduct },
    });
    expect(await send({ intent: 'add', productId: "x'; drop table products; --" })).toMatchObject({
      status: 400,
      data: { message: WISHLIST_MESSAGES.badProduct },
    });
    expect(await send({ intent: 'add', productId: 'zzzzzzzzzzzzzz' })).toMatchObject({
      status: 404,
      data: { ok: false, saved: false, message: WISHLIST_MESSAGES.unknownProduct },
    });
    expect(await send({ intent: 'toggle', productId: 'zzzzzzzzzzzzzz' })).toMatchObject({ status: 404 });
    expect(
      await send({ intent: 'merge', productIds: Array.from({ length: WISHLIST_MAX * 2 + 1 }, () => a.id) }),
    ).toMatchObject({ status: 400 });
    // A body that is not a form reads as an empty one (decision 0019): no intent, a 400.
    const broken = new Request('http://shop.test/wishlist', {
      method: 'POST',
      headers: { cookie: user.cookie, origin: 'http://shop.test', 'content-type': 'multipart/form-data; boundary=x' },
      body: '--broken',
    });
    expect(await outcome(() => action(args(broken)))).toMatchObject({
      status: 400,
      data: { ok: false, message: WISHLIST_MESSAGES.badIntent },
    });
  });

  it('refuses visitors (401, or the sign-in page without JavaScript) and other sites (403)', async () => {
    expect(await send({ intent: 'add', productId: a.id }, '')).toMatchObject({
      status: 401,
      data: { ok: false, message: WISHLIST_MESSAGES.signIn },
    });
    expect(await send({ intent: 'add', productId: a.id, redirectTo: `/product/${a.id}` }, '')).toMatchObject({
      status: 302,
      location: `/login?redirectTo=${encodeURIComponent(`/product/${a.id}`)}`,
    });
    expect(await send({ intent: 'add', productId: a.id }, user.cookie, 'https://evil.example')).toMatchObject({
      status: 403,
    });
    expect(await wishlistIds(user.id)).toEqual([]);
  });

  it('the no-JS product page heart: its value beats the cart form’s intent; back with ?wishlist=saved', async () => {
    const fields = {
      intent: 'add',
      productId: c.id,
      size: 'M',
      color: 'Black',
      quantity: '1',
      wishlist: 'add',
      redirectTo: `/product/${c.id}#add-to-cart`,
    };
    expect(await send(fields)).toMatchObject({ status: 302, location: `/product/${c.id}?wishlist=saved#add-to-cart` });
    expect(await send({ ...fields, wishlist: 'remove' })).toMatchObject({
      status: 302,
      location: `/product/${c.id}?wishlist=removed#add-to-cart`,
    });
    expect(await send({ ...fields, redirectTo: 'https://evil.example/' })).toMatchObject({
      status: 302,
      location: '/wishlist?wishlist=saved',
    });
    expect(await wishlistIds(user.id)).toEqual([c.id]);
    await send({ intent: 'remove', productId: c.id });
  });

  it('merges the browser list: known products only, once each, newest last in the browser becomes newest', async () => {
    await send({ intent: 'add', productId: a.id });
    const result = await send({
      intent: 'merge',
      productIds: [b.id, 'not-an-id', '', 'zzzzzzzzzzzzzz', a.id, c.id, b.id],
    });
    expect(result).toMatchObject({ status: 200, data: { ok: true, ids: [c.id, b.id, a.id] } });
    expect(await send({ intent: 'merge' })).toMatchObject({ status: 200, data: { ids: [c.id, b.id, a.id] } });
    // One id alone is a list of one.
    expect(await send({ intent: 'merge', productIds: a.id })).toMatchObject({ data: { ids: [c.id, b.id, a.id] } });
  });

  it('keeps at most WISHLIST_MAX products: a full list refuses adds with 409, a merge stops at the limit', async () => {
    const full = await createUser();
    const many = await Promise.all(Array.from({ length: WISHLIST_MAX + 1 }, () => createProduct({ imageCount: 0 })));
    await send({ intent: 'merge', productIds: many.slice(0, WISHLIST_MAX - 1).map((p) => p.id) }, full.cookie);
    const merged = await send(
      { intent: 'merge', productIds: [many[0].id, many[WISHLIST_MAX - 1].id, many[WISHLIST_MAX].id] },
      full.cookie,
    );
    expect((merged.data as { ids: string[] }).ids).toHaveLength(WISHLIST_MAX);
    expect(await send({ intent: 'add', productId: a.id }, full.cookie)).toMatchObject({
      status: 409,
      data: { ok: false, saved: false, message: WISHLIST_MESSAGES.full },
    });
    expect(await send({ intent: 'add', productId: many[0].id }, full.cookie)).toMatchObject({
      status: 200,
      data: { saved: true },
    });
  });
});

describe('GET /wishlist', () => {
  it('gives a customer their saved products as cards, newest first, and the ids alone with ?view=ids', async () => {
    const owner = await createUser();
    await send({ intent: 'add', productId: a.id }, owner.cookie);
    await send({ intent: 'add', productId: c.id }, owner.cookie);
    const page = await outcome(() => loader(args(get('/wishlist', owner.cookie))));
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    const data = page.data as { signedIn: boolean; products: ProductCardData[]; ids: string[] };
    expect(data.signedIn).toBe(true);
    expect(data.products.map((p) => p.name)).toEqual(['Calabar Cap', 'Aso Shirt']);
    expect(data.products[0]).toMatchObject({
      id: c.id,
      price: c.price,
      firstSize: 'S',
      firstColor: 'Black',
      image: { key: expect.any(String) },
    });
    expect(await outcome(() => loader(args(get('/wishlist?view=ids', owner.cookie))))).toMatchObject({
      data: { products: null, ids: [c.id, a.id] },
    });
    // A deleted product leaves the wishlist with it.
    const gone = await createProduct();
    await send({ intent: 'add', productId: gone.id }, owner.cookie);
    await db().delete(products).where(eq(products.id, gone.id));
    expect(await wishlistIds(owner.id)).toEqual([c.id, a.id]);
  });

  it('gives a visitor cards for the ids their browser sends, in that order, skipping unknown ones', async () => {
    expect(await outcome(() => loader(args(get('/wishlist'))))).toMatchObject({
      status: 200,
      data: { signedIn: false, products: null },
    });
    const result = await outcome(() => loader(args(get(`/wishlist?ids=${b.id},nonsense,zzzzzzzzzzzzzz,${a.id}`))));
    expect((result.data as { products: ProductCardData[] }).products.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(await outcome(() => loader(args(get('/wishlist?ids='))))).toMatchObject({ data: { products: [] } });
  });
});
