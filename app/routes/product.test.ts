/** The product page loader on real PostgreSQL: data in two queries, related products, /404 redirects. */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '~/db/schema';
import { db } from '~/server/db.server';
import { publicUrl } from '~/server/public-url.server';
import { getProductPage, sitemapEntries } from '~/server/catalog/product.server';
import { createCollection, createProduct } from '../../tests/factories';
import { meta } from './product';
import { routeModule } from '../../tests/route-helpers';

const { loader } = await routeModule<typeof import('~/routes/product')>('routes/product.tsx');

type LoaderArgs = Parameters<typeof loader>[0];
const load = (id: string, query = '') =>
  loader({ request: new Request(`http://shop.test/product/${id}${query}`), params: { id }, context: {} } as LoaderArgs);

async function redirectOf(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).headers.get('Location');
}

afterEach(() => vi.restoreAllMocks());

describe('/product/:id loader', () => {
  it('an unknown or malformed id redirects to /404', async () => {
    expect(await redirectOf(load('zzzzzzzzzzzzzz'))).toBe('/404');
    expect(await redirectOf(load("1' or '1'='1"))).toBe('/404');
    expect(await redirectOf(load('ABCDEFGHIJKLMN'))).toBe('/404');
  });

  it('returns the product with ordered images, variant stock and collection', async () => {
    const collection = await createCollection({ name: 'Night Shift' });
    const product = await createProduct({
      collectionId: collection.id,
      imageCount: 3,
      stock: { 'M/Black': 0, 'L/White': 4 },
    });
    const page = await load(product.id);
    expect(page.product).toMatchObject({
      id: product.id,
      name: product.name,
      price: product.price,
      sizes: ['S', 'M', 'L'],
      colors: ['Black', 'White'],
      inStock: true,
      collection: { id: collection.id, name: 'Night Shift' },
    });
    expect(page.product.images.map((i) => i.key)).toEqual([0, 1, 2].map((n) => `products/test_${product.id}_${n}`));
    expect(page.product.variants).toEqual([
      { size: 'L', color: 'White', stock: 4 },
      { size: 'M', color: 'Black', stock: 0 },
    ]);
    expect(new Date(page.product.createdAt).getTime()).toBe(product.createdAt.getTime());
    expect(page.purchasable).toBe(true);
    expect(page.arrival).toMatch(/^Estimated arrival: \w{3}, \d{1,2} \w{3} - \w{3}, \d{1,2} \w{3}$/);
  });

  it('shares on WhatsApp the name from the database and the page at the public address, encoded', async () => {
    const product = await createProduct({ name: 'Àṣọ Okè & Co #1 ?text=x' });
    const share = new URL((await load(product.id)).shareOnWhatsApp);
    expect(share.origin + share.pathname).toBe('https://wa.me/');
    expect([...share.searchParams.keys()]).toEqual(['text']);
    expect(share.searchParams.get('text')).toBe(`Àṣọ Okè & Co #1 ?text=x: ${publicUrl(`/product/${product.id}`)}`);
  });

  it('related: same category, newest first, itself excluded, 7 kept of 8 fetched', async () => {
    const product = await createProduct({ category: 'Outerwear' });
    const others = [];
    for (let i = 0; i < 9; i++)
      others.push(await createProduct({ category: 'Outerwear', createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
    await createProduct({ category: 'Shoes' });
    const { related } = await load(product.id);
    expect(related).toHaveLength(7);
    expect(related.map((r) => r.id)).toEqual(
      others
        .reverse()
        .slice(0, 7)
        .map((o) => o.id),
    );
    expect(related.every((r) => r.category === 'Outerwear' && r.id !== product.id)).toBe(true);
    expect(related[0].image).toMatchObject({ width: 1200 });
  });

  it('a product alone in its category has no related products', async () => {
    const product = await createProduct({ category: 'Dresses' });
    expect((await load(product.id)).related).toEqual([]);
  });

  it('needs two queries: the product (one statement) and the related cards', async () => {
    const product = await createProduct({ imageCount: 2, stock: { 'S/Black': 1 } });
    const execute = vi.spyOn(db(), 'execute');
    const select = vi.spyOn(db(), 'select');
    await getProductPage(product.id);
    expect(execute.mock.calls.length + select.mock.calls.length).toBe(2);
  });

  it('honours ?image=N within the gallery (main + 4 extra); anything else shows the first', async () => {
    const product = await createProduct({ imageCount: 7 });
    expect((await load(product.id, '?image=2')).imageIndex).toBe(2);
    expect((await load(product.id, '?image=4')).imageIndex).toBe(4);
    for (const bad of ['?image=5', '?image=-1', '?image=1.5', '?image=abc', '?image=', '']) {
      expect((await load(product.id, bad)).imageIndex).toBe(0);
    }
    expect((await load(product.id)).gallery).toHaveLength(5);
  });

  it('is not purchasable when switched off or when every combination is sold out', async () => {
    const off = await createProduct({ inStock: false });
    expect((await load(off.id)).purchasable).toBe(false);
    const soldOut = await createProduct({ sizes: ['M'], colors: ['Red'], stock: { 'M/Red': 0 } });
    expect((await load(soldOut.id)).purchasable).toBe(false);
  });

  it('shows only messages the cart action can produce (no-JS redirect)', async () => {
    const product = await createProduct();
    expect((await load(product.id, '?message=Product+added+to+cart!&ok=1')).flash).toEqual({
      ok: true,
      message: 'Product added to cart!',
    });
    expect((await load(product.id, '?message=Please+select+a+size')).flash).toEqual({
      ok: false,
      message: 'Please select a size',
    });
    expect((await load(product.id, '?message=<b>Free+money</b>')).flash).toBeNull();
  });

  it('meta: Open Graph product tags with the price in naira, NGN and an absolute image', async () => {
    const product = await createProduct({ price: 45_000_50, name: 'Boxy Tee', description: 'A  tee.\nHeavy cotton.' });
    const loaderData = await load(product.id);
    const root = { origin: 'http://shop.test', store: { name: 'Maison Test' } };
    const tags = meta({ loaderData, matches: [{ loaderData: root }] } as unknown as Parameters<typeof meta>[0]);
    const content = (key: string) =>
      (tags as Record<string, unknown>[]).find((t) => t.property === key || t.name === key)?.content;
    expect(tags).toContainEqual({ title: 'Boxy Tee | Maison Test' });
    expect(content('og:type')).toBe('product');
    expect(content('product:price:amount')).toBe('45000.50');
    expect(content('product:price:currency')).toBe('NGN');
    expect(content('og:image')).toBe(`http://shop.test/media/products/test_${product.id}_0-640.webp`);
    expect(content('description')).toBe('A tee. Heavy cotton.');
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `http://shop.test/product/${product.id}` });
  });
});

describe('sitemap entries', () => {
  it('lists every product and collection with its date', async () => {
    const collection = await createCollection();
    const product = await createProduct();
    await db()
      .update(products)
      .set({ createdAt: new Date('2026-02-03T10:00:00Z') })
      .where(eq(products.id, product.id));
    const entries = await sitemapEntries();
    expect(entries.collections.map((c) => c.id)).toContain(collection.id);
    expect(entries.products.find((p) => p.id === product.id)?.lastModified.toISOString()).toBe(
      '2026-02-03T10:00:00.000Z',
    );
  });
});
