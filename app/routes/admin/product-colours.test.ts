/**
 * The product form's colours (decision 0034): any of the colours table's, checked against the table as it is when
 * the form is saved; and each photo tagged with one of the product's colours, or every colour.
 */
import { describe, expect, it } from 'vitest';
import { colours } from '~/db/schema';
import { IMAGE_COLOUR_FIELD, imageColourValue, imageInputValue } from '~/lib/catalog/admin-catalog';
import { PRODUCT_COLOUR_MESSAGE } from '~/lib/catalog/admin-catalog-product';
import type { StoredImage } from '~/lib/images';
import { db } from '~/server/db.server';
import { ColourGoneError, lockColours } from '~/server/catalog/admin-colours.server';
import { getProduct } from '~/server/catalog/product.server';
import { multipart } from '../../../tests/admin-catalog-helpers';
import { createProduct } from '../../../tests/factories';
import { args, get, outcome } from '../../../tests/route-helpers';
import { answerOf, cookie, create, edit, fields, savedId, withAdminCatalog } from './products-test-helpers';

withAdminCatalog();

const saveNew = (changes: Record<string, string | string[]>) =>
  outcome(() => create.action(args(multipart('/admin/products/new', fields(changes), [], { cookie }))));

describe('the product form’s colours', () => {
  it('offers the colours table’s colours with their swatches, and saves one the admin added', async () => {
    await db().insert(colours).values({ name: 'Olive', swatch: '#6b8e23', position: 20 });
    const page = await outcome(() => create.loader(args(get('/admin/products/new', cookie))));
    expect((page.data as { colours: unknown[] }).colours).toContainEqual({ name: 'Olive', swatch: '#6b8e23' });
    const result = await saveNew({ colors: ['Olive', 'White'], 'stock.M|Olive': '2' });
    expect(result.status).toBe(302);
    const product = await getProduct(savedId(result.location));
    expect(product?.colors).toEqual(['Olive', 'White']);
    expect(product?.variants).toContainEqual({ size: 'M', color: 'Olive', stock: 2 });
  });

  it('refuses a colour the table does not have, or not as the table spells it, on the field', async () => {
    for (const colors of [['Purple'], ['white']]) {
      const result = await saveNew({ colors });
      expect(result.status).toBe(400);
      expect(answerOf(result.data).result.error?.colors).toEqual([PRODUCT_COLOUR_MESSAGE]);
    }
  });

  it('refuses a colour deleted after the form was checked: the save holds its colours’ rows', async () => {
    await db().insert(colours).values({ name: 'Sand', swatch: '#c2b280' });
    await expect(db().transaction((tx) => lockColours(tx, ['Black', 'Gone']))).rejects.toBeInstanceOf(ColourGoneError);
    await expect(db().transaction((tx) => lockColours(tx, ['Black', 'Sand']))).resolves.toBeUndefined();
  });
});

describe('photos per colour', () => {
  async function editWithTags(product: { id: string; name: string }, tags: (string | null)[] | null) {
    const loaded = await outcome(() =>
      edit.loader(args(get(`/admin/products/edit/${product.id}`, cookie), { id: product.id })),
    );
    const images = (loaded.data as { images: StoredImage[] }).images;
    const posted: Record<string, string | string[]> = {
      ...fields({ name: product.name, sizes: ['M'], colors: ['Black', 'Red'] }),
      image: images.map(imageInputValue),
    };
    delete posted['stock.M|White'];
    if (tags) posted[IMAGE_COLOUR_FIELD] = images.map((image, i) => imageColourValue(image.key, tags[i]));
    const request = multipart(`/admin/products/edit/${product.id}`, posted, [], { cookie });
    return outcome(() => edit.action(args(request, { id: product.id })));
  }

  it('saves each photo’s colour, a colour the product does not have as every colour', async () => {
    const product = await createProduct({ sizes: ['M'], colors: ['Black', 'Red'], imageCount: 3 });
    expect((await editWithTags(product, ['Red', null, 'Green'])).status).toBe(302);
    expect((await getProduct(product.id))?.images.map((image) => image.color)).toEqual(['Red', null, null]);
    // The edit page starts each photo's select from its saved colour.
    const page = await outcome(() =>
      edit.loader(args(get(`/admin/products/edit/${product.id}`, cookie), { id: product.id })),
    );
    expect((page.data as { images: { color: string | null }[] }).images.map((image) => image.color)).toEqual([
      'Red',
      null,
      null,
    ]);
  });

  it('keeps a photo’s saved colour when the form posts none for it', async () => {
    const product = await createProduct({ sizes: ['M'], colors: ['Black', 'Red'], imageCount: 2 });
    await editWithTags(product, ['Black', 'Red']);
    expect((await editWithTags(product, null)).status).toBe(302);
    const saved = await getProduct(product.id);
    expect(saved?.images.map((image) => image.color)).toEqual(['Black', 'Red']);
  });
});
