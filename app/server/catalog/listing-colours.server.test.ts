/**
 * The listing's colour filter (decision 0034): it offers the colours products use, with the colours table's swatches
 * and counts under the other filters, narrows the list, and each card shows its photo of the colour picked.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { colours, productImages } from '~/db/schema';
import { parseShopQuery } from '~/lib/catalog/shop-query';
import { createProduct } from '../../../tests/factories';
import { db } from '../db.server';
import { listProducts } from './listing.server';

const list = (query: string) => listProducts(parseShopQuery(new URLSearchParams(query)));
const names = (listing: Awaited<ReturnType<typeof list>>) => listing.products.map((p) => p.name).sort();

let teeId = '';
beforeAll(async () => {
  await db().insert(colours).values({ name: 'Olive', swatch: '#6b8e23', position: 20 });
  // Lilac is a colour no product uses: the filter does not offer it.
  await db().insert(colours).values({ name: 'Lilac', swatch: '#c8a2c8', position: 21 });
  const tee = await createProduct({ name: 'Olive Tee', category: 'Shirts', colors: ['Black', 'Olive'], imageCount: 3 });
  teeId = tee.id;
  await db()
    .update(productImages)
    .set({ color: 'Olive' })
    .where(and(eq(productImages.productId, tee.id), eq(productImages.position, 2)));
  await createProduct({ name: 'Red Dress', category: 'Dresses', colors: ['Red'], price: 60_000_00 });
  await createProduct({ name: 'Black Shirt', category: 'Shirts', colors: ['Black'] });
  await createProduct({ name: 'Plain Cap', category: 'Accessories', colors: [] });
});

describe('the colour filter', () => {
  it('lists only the colours products use, in the table’s order, with swatches and counts', async () => {
    const listing = await list('');
    expect(listing.colours).toEqual([
      { name: 'Black', swatch: '#111111', count: 2 },
      { name: 'Red', swatch: '#b3262d', count: 1 },
      { name: 'Olive', swatch: '#6b8e23', count: 1 },
    ]);
  });

  it('counts colours under the category and price filters, and categories under the colour filter', async () => {
    expect((await list('category=dresses')).colours).toEqual([{ name: 'Red', swatch: '#b3262d', count: 1 }]);
    const black = await list('colour=Black');
    expect(names(black)).toEqual(['Black Shirt', 'Olive Tee']);
    expect(black.total).toBe(2);
    expect(black.categories).toEqual([{ category: 'Shirts', count: 2 }]);
    expect(black.priceCounts.all).toBe(2);
    // Every colour stays offered while one is chosen.
    expect(black.colours.map((c) => c.name)).toEqual(['Black', 'Red', 'Olive']);
  });

  it('matches the colour without case, and keeps a colour nothing has in the list with 0', async () => {
    expect(names(await list('colour=olive'))).toEqual(['Olive Tee']);
    const lilac = await list('colour=Lilac');
    expect(lilac.total).toBe(0);
    expect(lilac.colours.at(-1)).toEqual({ name: 'Lilac', swatch: '#8a8d91', count: 0 });
  });

  it("shows on each card the photo of the colour picked, else the product's first", async () => {
    const tee = (listing: Awaited<ReturnType<typeof list>>) => listing.products.find((p) => p.id === teeId);
    expect(tee(await list('colour=Olive'))?.image?.key).toBe(`products/test_${teeId}_2`);
    expect(tee(await list('colour=Black'))?.image?.key).toBe(`products/test_${teeId}_0`);
    expect(tee(await list(''))?.image?.key).toBe(`products/test_${teeId}_0`);
  });
});
