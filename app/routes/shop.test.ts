/**
 * The /collections, /new-arrivals and /collections/{id} loaders on real PostgreSQL: canonical URLs, statuses, never
 * a 500.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP_PAGE_SIZE } from '~/lib/catalog/catalog-constants';
import { db } from '~/server/db.server';
import { createCollection, createProduct } from '../../tests/factories';
import { routeModule } from '../../tests/route-helpers';

const { loader: collectionLoader } = await routeModule<typeof import('~/routes/collection')>('routes/collection.tsx');
const { loader: shopLoader } = await routeModule<typeof import('~/routes/shop')>('routes/shop.tsx');

type Outcome = { status: number; location?: string; body?: Record<string, unknown> };

/** Runs a loader like the server would: a thrown or returned Response, data(), or plain data. */
async function run(load: () => Promise<unknown>): Promise<Outcome> {
  let result: unknown;
  try {
    result = await load();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get('Location') ?? undefined };
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

const shop = (path: string) =>
  run(() =>
    shopLoader({ request: new Request(`http://localhost${path}`), params: {}, context: {} } as unknown as Parameters<
      typeof shopLoader
    >[0]),
  );
const collection = (id: string | undefined, query = '') =>
  run(() =>
    collectionLoader({
      request: new Request(`http://localhost/collections/${id ?? ''}${query}`),
      params: { collectionId: id },
      context: {},
    } as unknown as Parameters<typeof collectionLoader>[0]),
  );

let collectionId = '';
let emptyId = '';

beforeAll(async () => {
  const drop = await createCollection({ name: 'Harmattan Edit', description: 'Layers for dry season.' });
  const empty = await createCollection({ name: 'Quiet', description: 'Soon.' });
  collectionId = drop.id;
  emptyId = empty.id;
  for (let i = 0; i < SHOP_PAGE_SIZE + 3; i++) {
    await createProduct({
      name: `Wool Coat ${String(i).padStart(2, '0')}`,
      category: 'Outerwear',
      price: (20_000 + i * 1000) * 100,
      collectionId: i < 3 ? drop.id : null,
    });
  }
});

describe('shop loader', () => {
  it('answers the canonical URL with a page of products', async () => {
    const page = await shop('/collections');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ key: 'collections', state: { sort: 'name', page: 1 } });
    expect((page.body?.listing as { products: unknown[] }).products).toHaveLength(SHOP_PAGE_SIZE);
  });

  it('lists newest first on /new-arrivals', async () => {
    const page = await shop('/new-arrivals');
    expect(page.body).toMatchObject({ key: 'new-arrivals', state: { sort: 'newest' } });
    expect((page.body?.listing as { products: { name: string }[] }).products[0].name).toBe(
      `Wool Coat ${SHOP_PAGE_SIZE + 2}`,
    );
  });

  it.each([
    ['/collections?q=&category=&price=all&sort=&view=grid', '/collections'],
    ['/collections?category=OUTERWEAR&sort=name&price=over-50k', '/collections?category=outerwear&price=over-50k'],
    ['/collections?sort=bogus&page=-3&utm_source=x', '/collections'],
    ['/new-arrivals?sort=newest', '/new-arrivals'],
    ['/collections?page=2&page=3', '/collections'],
  ])('redirects %s to the canonical %s', async (from, to) => {
    expect(await shop(from)).toEqual({ status: 302, location: to });
  });

  it('sends a page past the end to the last page', async () => {
    expect(await shop('/collections?page=50')).toEqual({ status: 302, location: '/collections?page=2' });
  });

  it.each([
    ['q=%27%3B%20drop%20table%20products%3B--'],
    ['q=%F0%9F%91%97'],
    ['q=a%26%7C!(%3A*'],
    [`q=${'x'.repeat(5000)}`],
  ])('never fails on garbage (%s)', async (query) => {
    const first = await shop(`/collections?${query}`);
    const final = first.status === 302 ? await shop(first.location ?? '/collections') : first;
    expect(final.status).toBe(200);
  });

  it('shows the empty state (logged, 503) when the database fails', async () => {
    await db().execute(sql`alter table products rename to products_away`);
    try {
      const page = await shop('/collections');
      expect(page.status).toBe(503);
      expect(page.body).toMatchObject({ failed: true, listing: { products: [], total: 0 } });
    } finally {
      await db().execute(sql`alter table products_away rename to products`);
    }
  });
});

describe('collection loader', () => {
  it('returns the collection and its products', async () => {
    const page = await collection(collectionId);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ found: true, collection: { name: 'Harmattan Edit' }, total: 3 });
  });

  it('is a 404 with the docs/requirements.md#14-messages texts for an unknown, malformed or missing id', async () => {
    expect(await collection('zzzzzzzzzzzzzz')).toEqual({
      status: 404,
      body: { found: false, message: 'This collection could not be found.' },
    });
    expect(await collection("x' or 1=1 --")).toEqual({
      status: 404,
      body: { found: false, message: 'This collection could not be found.' },
    });
    expect(await collection(undefined)).toEqual({
      status: 404,
      body: { found: false, message: 'No collection specified in the URL.' },
    });
  });

  it('an empty collection is found, with no products', async () => {
    expect(await collection(emptyId)).toMatchObject({ status: 200, body: { found: true, products: [], total: 0 } });
  });

  it('keeps only sort and page in its canonical URL', async () => {
    expect(await collection(collectionId, '?sort=price-desc&category=shoes&view=list')).toEqual({
      status: 302,
      location: `/collections/${collectionId}?sort=price-desc`,
    });
    expect(await collection(collectionId, '?page=4')).toEqual({
      status: 302,
      location: `/collections/${collectionId}`,
    });
  });

  it('throws to the error boundary when the database fails', async () => {
    await db().execute(sql`alter table collections rename to collections_away`);
    try {
      await expect(
        collectionLoader({
          request: new Request(`http://localhost/collections/${collectionId}`),
          params: { collectionId },
          context: {},
        } as unknown as Parameters<typeof collectionLoader>[0]),
      ).rejects.toThrow();
    } finally {
      await db().execute(sql`alter table collections_away rename to collections`);
    }
  });
});
