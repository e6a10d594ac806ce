/**
 * The product page's colours (decision 0034): swatches from the colours table, and `?colour=` rendered by the
 * server: that colour's photos first and it preselected (docs/requirements.md#4-what-each-page-shows).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { colours, productImages } from '~/db/schema';
import { db } from '~/server/db.server';
import { createProduct } from '../../tests/factories';
import { routeModule } from '../../tests/route-helpers';

const { loader } = await routeModule<typeof import('~/routes/product')>('routes/product.tsx');

type LoaderArgs = Parameters<typeof loader>[0];
const load = (id: string, query = '') =>
  loader({ request: new Request(`http://shop.test/product/${id}${query}`), params: { id }, context: {} } as LoaderArgs);

/** A product in Black and Red whose photos 1 and 3 (of 0–4) show Red and photo 2 Black. */
async function productWithRedPhotos() {
  const product = await createProduct({ colors: ['Black', 'Red'], imageCount: 5 });
  const tag = (position: number, color: string) =>
    db()
      .update(productImages)
      .set({ color })
      .where(and(eq(productImages.productId, product.id), eq(productImages.position, position)));
  await Promise.all([tag(1, 'Red'), tag(3, 'Red'), tag(2, 'Black')]);
  const keys = (n: number[]) => n.map((position) => `products/test_${product.id}_${position}`);
  return { product, keys };
}

describe('/product/:id colours', () => {
  it("paints the product's colours with the colours table's swatches, changed by the admin", async () => {
    await db().update(colours).set({ swatch: '#aa0011' }).where(eq(colours.name, 'Red'));
    const { product } = await productWithRedPhotos();
    const page = await load(product.id);
    expect(page.product.swatches).toEqual(
      expect.arrayContaining([
        { name: 'Black', swatch: '#111111' },
        { name: 'Red', swatch: '#aa0011' },
      ]),
    );
    expect(page.product.images.map((image) => image.color)).toEqual([null, 'Red', 'Black', 'Red', null]);
  });

  it('?colour= puts that colour’s photos first, then those of every colour, and preselects it', async () => {
    const { product, keys } = await productWithRedPhotos();
    const red = await load(product.id, '?colour=red');
    expect(red.colour).toBe('Red');
    expect(red.gallery.map((image) => image.key)).toEqual(keys([1, 3, 0, 4, 2]));
    const black = await load(product.id, '?colour=Black&image=1');
    expect(black.gallery.map((image) => image.key)).toEqual(keys([2, 0, 4, 1, 3]));
    expect(black.imageIndex).toBe(1);
  });

  it('without ?colour=, or with a colour the product does not have, the photos stay in their order', async () => {
    const { product, keys } = await productWithRedPhotos();
    for (const query of ['', '?colour=Purple', '?colour=']) {
      const page = await load(product.id, query);
      expect(page.colour).toBeNull();
      expect(page.gallery.map((image) => image.key)).toEqual(keys([0, 1, 2, 3, 4]));
    }
  });
});
