import { beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createProduct } from '../../../tests/factories';
import type { HomePage } from '~/lib/store/home-types';
import { dailyPivot, getAboutPage, getHomePage, HOME_RECOMMENDED_LIMIT } from './home.server';

const day = 24 * 60 * 60 * 1000;
const base = Date.UTC(2025, 0, 1);
const at = (n: number) => new Date(base + n * day);

let page: HomePage;
const made: { id: string; featured: boolean; inStock: boolean; createdAt: Date }[] = [];

beforeAll(async () => {
  // 20 products, one per day: every third one featured, every fourth one out of stock.
  for (let n = 0; n < 20; n++) {
    const product = await createProduct({
      name: `P${n}`,
      createdAt: at(n),
      featured: n % 3 === 0,
      inStock: n % 4 !== 1,
    });
    made.push(product);
  }
  await createCollection({ name: 'Oldest', featured: true, createdAt: at(0) });
  await createCollection({ name: 'Middle', featured: false, createdAt: at(1) });
  await createCollection({ name: 'Newest', featured: true, createdAt: at(2) });
  page = await getHomePage();
});

const newestFirst = (rows: typeof made) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((p) => p.id);

describe('home page data', () => {
  it('featured: the 5 newest featured products, newest first', () => {
    expect(page.featured.map((p) => p.id)).toEqual(newestFirst(made.filter((p) => p.featured)).slice(0, 5));
  });

  it('newest: the 6 newest products, newest first, featured or not', () => {
    expect(page.newest.map((p) => p.id)).toEqual(newestFirst(made).slice(0, 6));
  });

  it('recommended: the in-stock products not shown above, each once', () => {
    // 20 products: featured shows P18..P6 (step 3), newest P19..P14; out of stock: P1, P5, P9, P13.
    const ids = page.recommended.map((p) => p.id);
    const expected = ['P0', 'P2', 'P3', 'P4', 'P7', 'P8', 'P10', 'P11'];
    expect(page.recommended.map((p) => p.name).sort()).toEqual([...expected].sort());
    expect(new Set(ids).size).toBe(ids.length);
    const shown = new Set([...page.featured, ...page.newest].map((p) => p.id));
    expect(ids.filter((id) => shown.has(id))).toEqual([]);
  });

  it('recommended is stable between two loads on the same day', async () => {
    const again = await getHomePage();
    expect(again.recommended.map((p) => p.id)).toEqual(page.recommended.map((p) => p.id));
  });

  it('cards carry what the card component needs', () => {
    const card = page.newest[0];
    expect(card).toMatchObject({
      name: 'P19',
      price: 15_000_00,
      category: 'Shirts',
      firstSize: 'S',
      firstColor: 'Black',
    });
    expect(card.image).toMatchObject({
      key: expect.stringContaining(card.id),
      width: 1200,
      height: 1500,
      widths: [320, 640],
    });
    expect(card).not.toHaveProperty('list');
    expect(card).not.toHaveProperty('rank');
  });

  it('collections: all newest first, and the featured ones for the carousel', () => {
    expect(page.collections.map((c) => c.name)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(page.featuredCollections.map((c) => c.name)).toEqual(['Newest', 'Oldest']);
  });
});

describe('recommended with more candidates than room', () => {
  it("keeps 8: first candidates at or after the day's pivot by id, wrapping around; other days, others", async () => {
    const extras = [];
    for (let n = 0; n < 4; n++) extras.push(await createProduct({ name: `Extra${n}`, createdAt: at(-10 - n) }));
    const shown = new Set([...page.featured, ...page.newest].map((p) => p.id));
    // The 8 candidates of the 20 (see above) and the 4 extras; ids are [0-9a-z], sorted alike here and in PostgreSQL.
    const candidates = [...made, ...extras]
      .filter((p) => p.inStock && !shown.has(p.id))
      .map((p) => p.id)
      .sort();
    expect(candidates).toHaveLength(12);
    const expectedOn = (day: Date) => {
      const pivot = dailyPivot(day);
      return [...candidates.filter((id) => id >= pivot), ...candidates.filter((id) => id < pivot)].slice(
        0,
        HOME_RECOMMENDED_LIMIT,
      );
    };
    const picks = new Set<string>();
    for (let n = 0; n < 6; n++) {
      const recommended = (await getHomePage(at(n))).recommended.map((p) => p.id);
      expect(recommended).toEqual(expectedOn(at(n)));
      picks.add(recommended.join());
    }
    expect(picks.size).toBeGreaterThan(1);
  });
});

describe('about page data', () => {
  it('featured products as on the home page, and a mosaic preferring the second picture', async () => {
    const extra = await createProduct({ name: 'Two pictures', createdAt: at(30), imageCount: 2 });
    const about = await getAboutPage();
    expect(about.featured.map((p) => p.id)).toEqual(page.featured.map((p) => p.id));
    expect(about.mosaic).toHaveLength(5);
    expect(about.mosaic[0]).toMatchObject({
      productId: extra.id,
      key: `products/test_${extra.id}_1`,
      alt: 'Two pictures',
    });
    expect(about.mosaic[1]).toMatchObject({ productId: made[19].id, key: `products/test_${made[19].id}_0` });
  });
});
