/**
 * The new product page's action as a browser posts it (multipart, with and without files): saving, refusals by
 * field, pictures uploaded with the form or before it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, products } from '~/db/schema';
import { CATALOG_MESSAGES, imageInputValue } from '~/lib/catalog/admin-catalog';
import type { StoredImage } from '~/lib/images';
import { db } from '~/server/db.server';
import { IMAGE_LOST } from '~/server/catalog/admin-product-form.server';
import { getProduct } from '~/server/catalog/product.server';
import { bigPng, multipart, png } from '../../../tests/admin-catalog-helpers';
import { args, outcome } from '../../../tests/route-helpers';
import {
  answerOf,
  cookie,
  create,
  expectStoredFiles,
  fieldErrorNames,
  fields,
  savedId,
  textFile,
  uploadPng,
  withAdminCatalog,
} from './products-test-helpers';

withAdminCatalog();

describe('/admin/products/new', () => {
  it('saves a product with two images posted with the form (no JavaScript), and goes to its edit page', async () => {
    const request = multipart(
      '/admin/products/new',
      fields(),
      [
        { name: 'Front View.PNG', bytes: await png(700, 875) },
        { name: 'back.png', bytes: await png(400, 500, { r: 200, g: 10, b: 10 }) },
      ],
      { cookie },
    );
    const result = await outcome(() => create.action(args(request)));
    expect(result.status).toBe(302);
    const id = savedId(result.location);
    const product = await getProduct(id);
    expect(product).toMatchObject({
      name: 'Agbada Shirt',
      price: 2_500_050,
      category: 'Shirts',
      sizes: ['M', 'L'],
      colors: ['White'],
      inStock: true,
      featured: false,
    });
    // Every size x colour has its row, stock null where not tracked (decision 0034).
    expect(product!.variants).toEqual([
      { size: 'L', color: 'White', stock: null },
      { size: 'M', color: 'White', stock: 5 },
    ]);
    expect(product!.images).toHaveLength(2);
    expect(product!.images[0]).toMatchObject({ width: 700, height: 875, widths: [320, 640], alt: 'Agbada Shirt' });
    expect(product!.images[0].key).toMatch(/_front-view$/);
    for (const image of product!.images) await expectStoredFiles(image);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'product.create', before: null });
  });

  it('refuses blank required fields: a message per field and the SPEC text; keeps typed values and image', async () => {
    const request = multipart(
      '/admin/products/new',
      fields({ name: ' ', description: '', price: '12,5x', category: '', 'stock.M|White': '7' }),
      [{ name: 'kept.png', bytes: await png(320, 400) }],
      { cookie },
    );
    const result = await outcome(() => create.action(args(request)));
    expect(result.status).toBe(400);
    const answer = answerOf(result.data);
    expect(answer.result.error?.['']).toEqual(['Error saving product. Please try again.']);
    expect(fieldErrorNames(result.data)).toEqual(['category', 'description', 'name', 'price']);
    // Blank boxes come back as no value, which the form shows blank.
    expect(answer.result.initialValue).toMatchObject({ name: ' ', price: '12,5x', sizes: ['M', 'L'] });
    expect(answer.result.initialValue?.stock).toEqual({ 'M|White': '7' });
    expect(answer.images).toHaveLength(1);
    await expectStoredFiles(answer.images[0]);
    expect(await db().select().from(products).where(eq(products.name, ' '))).toEqual([]);
  });

  it('refuses a text file renamed .png, naming it, and saves nothing', async () => {
    const before = await db().$count(products);
    const request = multipart(
      '/admin/products/new',
      fields({ name: 'Renamed Text' }),
      [{ name: 'notes.png', bytes: textFile }],
      { cookie },
    );
    const result = await outcome(() => create.action(args(request)));
    expect(result.status).toBe(400);
    const answer = answerOf(result.data);
    expect(answer.result.error?.['']).toEqual([CATALOG_MESSAGES.saveProduct]);
    expect(answer.uploadErrors).toEqual([
      '"notes.png" was not uploaded. The file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF).',
    ]);
    expect(answer.result.initialValue?.name).toBe('Renamed Text');
    expect(await db().$count(products)).toBe(before);
  });

  it('refuses an image over 10MB, naming it', async () => {
    const huge = await bigPng(10 * 1024 * 1024 + 10);
    expect(huge.length).toBeGreaterThan(10 * 1024 * 1024);
    const request = multipart('/admin/products/new', fields(), [{ name: 'huge.png', bytes: huge }], { cookie });
    const result = await outcome(() => create.action(args(request)));
    expect(result.status).toBe(400);
    expect(answerOf(result.data).uploadErrors).toEqual([
      '"huge.png" is larger than 10MB. Please choose an image of up to 10MB.',
    ]);
  });

  it('moves and removes images without saving (the buttons without JavaScript)', async () => {
    const first = await uploadPng('first.png');
    const second = await uploadPng('second.png');
    const down = await outcome(() =>
      create.action(
        args(
          multipart(
            '/admin/products/new',
            fields({ intent: 'image-down:0', image: [imageInputValue(first), imageInputValue(second)] }),
            [],
            { cookie },
          ),
        ),
      ),
    );
    expect(down.status).toBe(200);
    expect(answerOf(down.data).images.map((i) => i.key)).toEqual([second.key, first.key]);
    // Not a save: what was typed comes back unjudged.
    expect(answerOf(down.data).result).toMatchObject({ initialValue: { name: 'Agbada Shirt' } });
    expect(answerOf(down.data).result.error).toBeUndefined();
    const removed = await outcome(() =>
      create.action(
        args(
          multipart(
            '/admin/products/new',
            fields({ intent: 'image-remove:1', image: [imageInputValue(first), imageInputValue(second)] }),
            [],
            { cookie },
          ),
        ),
      ),
    );
    expect(answerOf(removed.data).images.map((i) => i.key)).toEqual([first.key]);
    expect(await db().$count(products, eq(products.name, 'Agbada Shirt'))).toBe(1);
  });

  it('refuses a stored image whose files are not in storage, and an unknown intent', async () => {
    const fake: StoredImage = { key: 'products/1700000000000_ghost', width: 100, height: 100, widths: [320] };
    const result = await outcome(() =>
      create.action(args(multipart('/admin/products/new', fields({ image: imageInputValue(fake) }), [], { cookie }))),
    );
    expect(result.status).toBe(400);
    expect(answerOf(result.data).uploadErrors).toEqual([IMAGE_LOST]);
    const unknown = await outcome(() =>
      create.action(args(multipart('/admin/products/new', fields({ intent: 'publish' }), [], { cookie }))),
    );
    expect(unknown.status).toBe(400);
  });
});
