/**
 * The shop's On sale filter and Sale listing (decision 0034) on real PostgreSQL: `/collections?sale=1` lists only
 * products with a compare-at price, with the other filters; the filter's count follows the other filters; odd values
 * land on the canonical URL; the page without JavaScript shows the Sale heading, the ticked box, the chip and each
 * card's old price struck through with the percentage off.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '~/server/catalog/listing.server';
import { createProduct } from '../../tests/factories';
import { renderPage } from '../../tests/render-page';
import { args, get, outcome, routeModule } from '../../tests/route-helpers';
import ShopPage from './shop';

const shopRoute = await routeModule<typeof import('~/routes/shop')>('routes/shop.tsx');
const shop = (path: string) => outcome(() => shopRoute.loader(args(get(path))));
const listingOf = async (path: string) => ((await shop(path)).data as { listing: Listing }).listing;
const names = (listing: Listing) => listing.products.map((product) => product.name).sort();

beforeAll(async () => {
  await createProduct({ name: 'Sale Shirt', category: 'Shirts', price: 30_000_00, compareAtPrice: 40_000_00 });
  await createProduct({ name: 'Full Shirt', category: 'Shirts', price: 20_000_00 });
  await createProduct({ name: 'Sale Coat', category: 'Outerwear', price: 60_000_00, compareAtPrice: 90_000_00 });
});

describe('the On sale filter', () => {
  it('lists only products on sale, and counts them under the other filters', async () => {
    const sale = await listingOf('/collections?sale=1');
    expect(names(sale)).toEqual(['Sale Coat', 'Sale Shirt']);
    expect(sale.total).toBe(2);
    expect(sale.onSale).toBe(2);
    // The categories and prices count within the sale.
    expect(sale.categories).toEqual([
      { category: 'Shirts', count: 1 },
      { category: 'Outerwear', count: 1 },
    ]);

    const shirts = await listingOf('/collections?category=shirts');
    expect(names(shirts)).toEqual(['Full Shirt', 'Sale Shirt']);
    expect(shirts.onSale).toBe(1);
    expect(names(await listingOf('/collections?category=shirts&sale=1'))).toEqual(['Sale Shirt']);
    expect(names(await listingOf('/new-arrivals?sale=1'))).toEqual(['Sale Coat', 'Sale Shirt']);
    expect((await listingOf('/collections')).onSale).toBe(2);
  });

  it('kept in the URL: any other value, or a repeat, lands on the canonical URL', async () => {
    expect(await shop('/collections?sale=yes')).toMatchObject({ status: 302, location: '/collections' });
    expect(await shop('/collections?sale=1&sale=1')).toMatchObject({ status: 302, location: '/collections' });
    expect(await shop('/collections?sort=price-asc&sale=1')).toMatchObject({
      status: 302,
      location: '/collections?sale=1&sort=price-asc',
    });
  });

  it('the page without JavaScript: the Sale heading, the box ticked, the chip, old prices struck through', async () => {
    const request = get('/collections?sale=1');
    const { status, markup } = await renderPage({ path: '/collections', route: shopRoute, Page: ShopPage, request });
    expect(status).toBe(200);
    expect(markup).toMatch(/<h1[^>]*>Sale<\/h1>/);
    expect(markup).toMatch(/<input id="filter-sale-1" type="checkbox"[^>]*name="sale" checked="" value="1"\/>/);
    expect(markup).toContain('aria-label="Remove filter On sale"');
    expect(markup).toMatch(/<s[^>]*><span class="sr-only">Was <\/span>₦40,000<\/s>/);
    expect(markup).toContain('−25%');
    expect(markup).toContain('−33%');
    expect(markup).not.toContain('Full Shirt');
  });
});
