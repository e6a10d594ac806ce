import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP_PAGE_SIZE } from '~/lib/catalog/catalog-constants';
import {
  COLLECTIONS_CONTEXT,
  NEW_ARRIVALS_CONTEXT,
  parseShopQuery,
  type ShopContext,
  type ShopState,
} from '~/lib/catalog/shop-query';
import { createCollection, createProduct } from '../../../tests/factories';
import { db } from '../db.server';
import { getCollectionWithProducts, listProducts, type ListingScope } from './listing.server';

const BULK = 26;
const minutesAgo = (m: number) => new Date(Date.UTC(2025, 0, 1) - m * 60_000);

/** Named products sit on every price-band edge; createdAt follows the array (last = newest). */
const NAMED = [
  { name: 'Silk Scarf', category: 'Accessories', price: 9_999_99, description: 'A printed silk square.' },
  { name: 'Canvas Cap', category: 'Accessories', price: 10_000_00, description: 'Six panels, brass buckle.' },
  { name: 'Linen Shirt', category: 'Shirts', price: 24_999_99, description: 'Breathes in Lagos heat.' },
  { name: 'Oxford Shirt', category: 'Shirts', price: 25_000_00, description: 'Button-down collar.' },
  { name: 'Wool Trousers', category: 'Pants', price: 50_000_00, description: 'Pleated, wide leg.' },
  { name: 'Leather Biker Jacket', category: 'Outerwear', price: 50_000_01, description: 'Lambskin, asymmetric zip.' },
  { name: 'Quilted Bomber Jacket', category: 'Outerwear', price: 80_000_00, description: 'Padded, ribbed cuffs.' },
  { name: 'Slip Dress', category: 'Dresses', price: 45_000_00, description: 'Hand-dyed adire silk, cut on the bias.' },
  { name: 'Low Top Sneakers', category: 'Shoes', price: 35_000_00, description: 'Calf leather, cup sole.' },
];
const NAMED_NAMES = NAMED.map((p) => p.name);
const TOTAL = NAMED.length + BULK;

let bulkCollectionId = '';
let emptyCollectionId = '';
let namedCollectionId = '';

beforeAll(async () => {
  const bulk = await createCollection({ name: 'Bulk', description: 'Many pieces.' });
  const empty = await createCollection({ name: 'Empty', description: 'Nothing yet.' });
  const named = await createCollection({
    name: 'Edit',
    description: 'Two pieces.',
    image: { key: 'collections/edit', width: 1600, height: 900, widths: [640, 1280] },
  });
  bulkCollectionId = bulk.id;
  emptyCollectionId = empty.id;
  namedCollectionId = named.id;
  for (const [i, product] of NAMED.entries()) {
    await createProduct({ ...product, createdAt: minutesAgo(100 - i), collectionId: i < 2 ? named.id : null });
  }
  for (let i = 1; i <= BULK; i++) {
    await createProduct({
      name: `Bulk Piece ${String(i).padStart(2, '0')}`,
      category: 'Pants',
      price: 30_000_00,
      description: 'Plain.',
      collectionId: bulk.id,
      createdAt: minutesAgo(1000 + i),
    });
  }
});

const state = (query: string, context: ShopContext = COLLECTIONS_CONTEXT): ShopState =>
  parseShopQuery(new URLSearchParams(query), context);

/** Every product for a state, walking all pages, checking the pages do not overlap. */
async function everything(query: string, scope: ListingScope = {}, context: ShopContext = COLLECTIONS_CONTEXT) {
  const first = await listProducts(state(query, context), scope);
  const all = [...first.products];
  for (let page = 2; page <= first.pageCount; page++)
    all.push(...(await listProducts({ ...state(query, context), page }, scope)).products);
  expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
  expect(all).toHaveLength(first.total);
  return { first, all, names: all.map((p) => p.name) };
}
const named = (names: string[]) => names.filter((n) => !n.startsWith('Bulk'));

describe('listProducts: pages and totals', () => {
  it('lists the first page by name with the total and page count', async () => {
    const listing = await listProducts(state(''));
    expect(listing.total).toBe(TOTAL);
    expect(listing.page).toBe(1);
    expect(listing.pageCount).toBe(Math.ceil(TOTAL / SHOP_PAGE_SIZE));
    expect(listing.products).toHaveLength(SHOP_PAGE_SIZE);
    expect(listing.products[0]).toMatchObject({
      name: 'Bulk Piece 01',
      category: 'Pants',
      price: 30_000_00,
      inStock: true,
      firstSize: 'S',
      firstColor: 'Black',
    });
    expect(listing.products[0].image).toMatchObject({ width: 1200, height: 1500 });
  });

  it('walks every page without overlap and the last page holds the rest', async () => {
    const { first, all } = await everything('');
    expect(first.pageCount).toBe(2);
    expect(all).toHaveLength(TOTAL);
    const last = await listProducts(state('page=2'));
    expect(last.products).toHaveLength(TOTAL - SHOP_PAGE_SIZE);
  });

  it('a page past the end is empty but still reports the real totals', async () => {
    const listing = await listProducts(state('page=9'));
    expect(listing).toMatchObject({ products: [], total: TOTAL, page: 9, pageCount: 2 });
  });
});

describe('listProducts: filters', () => {
  it('filters by category and reports every category present, in catalog order, with counts', async () => {
    const listing = await listProducts(state('category=outerwear'));
    expect(listing.products.map((p) => p.name)).toEqual(['Leather Biker Jacket', 'Quilted Bomber Jacket']);
    expect(listing.total).toBe(2);
    expect(listing.categories).toEqual([
      { category: 'Shirts', count: 2 },
      { category: 'Pants', count: 1 + BULK },
      { category: 'Dresses', count: 1 },
      { category: 'Accessories', count: 2 },
      { category: 'Shoes', count: 1 },
      { category: 'Outerwear', count: 2 },
    ]);
    expect(listing.priceCounts).toEqual({ all: 2, 'under-10k': 0, '10k-25k': 0, '25k-50k': 0, 'over-50k': 2 });
  });

  it.each([
    ['under-10k', ['Silk Scarf'], 0],
    ['10k-25k', ['Canvas Cap', 'Linen Shirt'], 0],
    ['25k-50k', ['Low Top Sneakers', 'Oxford Shirt', 'Slip Dress', 'Wool Trousers'], BULK],
    ['over-50k', ['Leather Biker Jacket', 'Quilted Bomber Jacket'], 0],
  ])('price band %s holds exactly the products on its side of each edge', async (band, names, bulk) => {
    const { first, names: listed } = await everything(`price=${band}`);
    expect(named(listed)).toEqual(names);
    expect(first.total).toBe(names.length + bulk);
  });

  it('combines category and price, counting each facet under the other filter', async () => {
    const listing = await listProducts(state('category=shirts&price=25k-50k'));
    expect(listing.products.map((p) => p.name)).toEqual(['Oxford Shirt']);
    expect(listing.total).toBe(1);
    expect(listing.categories.find((c) => c.category === 'Pants')?.count).toBe(1 + BULK);
    expect(listing.categories.find((c) => c.category === 'Accessories')?.count).toBe(0);
    expect(listing.priceCounts).toEqual({ all: 2, 'under-10k': 0, '10k-25k': 1, '25k-50k': 1, 'over-50k': 0 });
  });

  it('a category with no products is kept in the list (selected) with a zero count', async () => {
    await db().execute(sql`update products set category = 'Shirts' where category = 'Shoes'`);
    try {
      const listing = await listProducts(state('category=shoes'));
      expect(listing.total).toBe(0);
      expect(listing.products).toEqual([]);
      expect(listing.categories.at(-1)).toEqual({ category: 'Shoes', count: 0 });
    } finally {
      await db().execute(sql`update products set category = 'Shoes' where name = 'Low Top Sneakers'`);
    }
  });

  it('scopes to a collection', async () => {
    const listing = await listProducts(state(''), { collectionId: namedCollectionId });
    expect(listing.products.map((p) => p.name)).toEqual(['Canvas Cap', 'Silk Scarf']);
    expect(listing.categories).toEqual([{ category: 'Accessories', count: 2 }]);
  });
});

describe('listProducts: sorts', () => {
  it('name (default on /collections) is alphabetical', async () => {
    const { names } = await everything('');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('price low to high and high to low', async () => {
    const up = (await everything('sort=price-asc')).all.map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up[0]).toBe(9_999_99);
    const down = (await everything('sort=price-desc')).all.map((p) => p.price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(down[0]).toBe(80_000_00);
  });

  it('newest first (default on /new-arrivals)', async () => {
    const { names } = await everything('', {}, NEW_ARRIVALS_CONTEXT);
    expect(named(names)).toEqual([...NAMED_NAMES].reverse());
    expect(names.slice(0, NAMED.length)).toEqual([...NAMED_NAMES].reverse());
    expect(names.at(-1)).toBe(`Bulk Piece ${BULK}`);
  });
});

describe('listProducts: search', () => {
  const search = async (q: string, extra = '') => (await everything(`q=${encodeURIComponent(q)}${extra}`)).names;

  it('finds by name, most relevant first', async () => {
    expect(await search('jacket')).toEqual(expect.arrayContaining(['Leather Biker Jacket', 'Quilted Bomber Jacket']));
    expect(await search('leather jacket')).toEqual(['Leather Biker Jacket']);
    expect(await search('shirt')).toEqual(expect.arrayContaining(['Linen Shirt', 'Oxford Shirt']));
  });

  it('finds by description and by category', async () => {
    expect(await search('adire')).toEqual(['Slip Dress']);
    expect(await search('outerwear')).toEqual(['Leather Biker Jacket', 'Quilted Bomber Jacket']);
    expect(await search('lambskin')).toEqual(['Leather Biker Jacket']);
  });

  it('stems words ("dresses" finds "dress")', async () => {
    expect(await search('dresses')).toEqual(['Slip Dress']);
  });

  it('tolerates typos in names', async () => {
    expect((await search('jaket')).sort()).toEqual(['Leather Biker Jacket', 'Quilted Bomber Jacket']);
    expect(await search('sneekers')).toEqual(['Low Top Sneakers']);
    expect(await search('trousr')).toEqual(['Wool Trousers']);
  });

  it('compares the stemmed words too, so a misspelt plural finds a singular name', async () => {
    // word_similarity('sneekers', 'Court Sneaker') is only 0.33; with the stem 'sneeker' it is 0.5.
    const court = await createProduct({
      name: 'Court Sneaker',
      category: 'Shoes',
      price: 40_000_00,
      description: 'Cup sole.',
    });
    try {
      expect((await search('sneekers')).sort()).toEqual(['Court Sneaker', 'Low Top Sneakers']);
    } finally {
      await db().execute(sql`delete from products where id = ${court.id}`);
    }
  });

  it('combines the search with filters and sorts, and counts categories within the search', async () => {
    const listing = await listProducts(state('q=jacket&price=over-50k&sort=price-desc'));
    expect(listing.products.map((p) => p.name)).toEqual(['Quilted Bomber Jacket', 'Leather Biker Jacket']);
    expect(listing.categories).toEqual([{ category: 'Outerwear', count: 2 }]);
  });

  it('finds nothing for a word that matches nothing', async () => {
    const listing = await listProducts(state('q=zzzzqqqq'));
    expect(listing).toMatchObject({ products: [], total: 0, pageCount: 1, categories: [] });
  });

  it.each([
    ["'; drop table products; --"],
    ['%_\\'],
    ['a & | ! ( :* <-> "unterminated'],
    ['Ìró àti Bùbá 👗'],
    ['\u0000\u0001 jacket'],
    ['-'],
    ['the'],
    ['"'],
    ['x'.repeat(100)],
  ])('garbage %j returns normally and leaves the catalog intact', async (q) => {
    const listing = await listProducts(state(`q=${encodeURIComponent(q)}`));
    expect(listing.total).toBeGreaterThanOrEqual(0);
    expect(listing.products.length).toBeLessThanOrEqual(SHOP_PAGE_SIZE);
    const [{ count }] = await db().execute<{ count: number }>(sql`select count(*)::int as count from products`);
    expect(count).toBe(TOTAL);
  });

  it('a statement-local trigram threshold does not leak into the session', async () => {
    await listProducts(state('q=jaket'));
    const [row] = await db().execute<{ t: string }>(
      sql`select current_setting('pg_trgm.word_similarity_threshold') as t`,
    );
    expect(row.t).toBe('0.6');
  });
});

describe('getCollectionWithProducts', () => {
  it('returns the collection, one page of its products and the totals', async () => {
    const page = await getCollectionWithProducts(bulkCollectionId, { sort: 'name', page: 1, q: '' });
    expect(page?.collection).toMatchObject({
      id: bulkCollectionId,
      name: 'Bulk',
      description: 'Many pieces.',
      image: null,
      featured: false,
    });
    expect(page?.total).toBe(BULK);
    expect(page?.pageCount).toBe(2);
    expect(page?.products).toHaveLength(SHOP_PAGE_SIZE);
    const second = await getCollectionWithProducts(bulkCollectionId, { sort: 'name', page: 2, q: '' });
    expect(second?.products.map((p) => p.name)).toEqual(['Bulk Piece 25', 'Bulk Piece 26']);
  });

  it('sorts the collection products', async () => {
    const page = await getCollectionWithProducts(namedCollectionId, { sort: 'price-desc', page: 1, q: '' });
    expect(page?.collection.image).toMatchObject({ key: 'collections/edit', width: 1600 });
    expect(page?.products.map((p) => p.name)).toEqual(['Canvas Cap', 'Silk Scarf']);
  });

  it('an empty collection has no products', async () => {
    const page = await getCollectionWithProducts(emptyCollectionId, { sort: 'name', page: 1, q: '' });
    expect(page).toMatchObject({ products: [], total: 0, pageCount: 1 });
  });

  it('unknown and malformed ids are not found', async () => {
    expect(await getCollectionWithProducts('zzzzzzzzzzzzzz', { sort: 'name', page: 1, q: '' })).toBeNull();
    expect(await getCollectionWithProducts("1' or '1'='1", { sort: 'name', page: 1, q: '' })).toBeNull();
    expect(await getCollectionWithProducts('', { sort: 'name', page: 1, q: '' })).toBeNull();
  });
});
