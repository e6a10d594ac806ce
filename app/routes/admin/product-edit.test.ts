/**
 * The product edit page: its action as a browser posts it (multipart, with and without files), and the page as a
 * browser without JavaScript gets it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, collections } from '~/db/schema';
import { imageInputValue } from '~/lib/catalog/admin-catalog';
import type { StoredImage } from '~/lib/images';
import { db } from '~/server/db.server';
import { getProduct } from '~/server/catalog/product.server';
import { multipart } from '../../../tests/admin-catalog-helpers';
import { createCollection, createProduct } from '../../../tests/factories';
import { args, get, outcome } from '../../../tests/route-helpers';
import { answerOf, cookie, edit, editPage, fieldErrorNames, fields, withAdminCatalog } from './products-test-helpers';

withAdminCatalog();

describe('/admin/products/edit/:id', () => {
  it('saves a new price, keeping the images it already had, with the audit before and after', async () => {
    const collection = await createCollection();
    const product = await createProduct({
      price: 15_000_00,
      imageCount: 2,
      sizes: ['S'],
      colors: ['Black'],
      stock: { 'S/Black': 3 },
    });
    const loaded = await outcome(() =>
      edit.loader(args(get(`/admin/products/edit/${product.id}`, cookie), { id: product.id })),
    );
    const state = loaded.data as { values: Record<string, unknown>; images: StoredImage[] };
    expect(state.values).toMatchObject({ price: '15000', stock: { 'S|Black': '3' }, stockWas: { 'S|Black': '3' } });
    const posted = {
      ...fields({ name: product.name, sizes: ['S'], colors: ['Black'], price: '9999', collectionId: collection.id }),
      'stock.S|Black': '3',
      'stockWas.S|Black': '3',
      image: state.images.map(imageInputValue).reverse(),
    };
    delete (posted as Record<string, unknown>)['stock.M|White'];
    const result = await outcome(() =>
      edit.action(args(multipart(`/admin/products/edit/${product.id}`, posted, [], { cookie }), { id: product.id })),
    );
    expect([result.status, result.location]).toEqual([302, `/admin/products/edit/${product.id}?saved=1`]);
    const saved = await getProduct(product.id);
    expect(saved).toMatchObject({ price: 9_999_00, collection: { id: collection.id } });
    expect(saved!.images.map((i) => i.key)).toEqual(state.images.map((i) => i.key).reverse());
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, product.id));
    expect(entry).toMatchObject({
      action: 'product.update',
      before: expect.objectContaining({ price: 15_000_00 }),
      after: expect.objectContaining({ price: 9_999_00 }),
    });
  });

  it('refuses bad input with the SPEC text and changes nothing', async () => {
    const product = await createProduct({ price: 15_000_00 });
    const result = await outcome(() =>
      edit.action(
        args(
          multipart(`/admin/products/edit/${product.id}`, fields({ price: '-5', category: 'Hats' }), [], { cookie }),
          { id: product.id },
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(answerOf(result.data).result).toMatchObject({
      error: { '': ['Error saving product. Please try again.'] },
      initialValue: { price: '-5', category: 'Hats' },
    });
    expect(fieldErrorNames(result.data)).toEqual(['category', 'price']);
    expect((await getProduct(product.id))!.price).toBe(15_000_00);
  });

  it('refuses more than 12 images, and a collection deleted while the form was open, beside their fields', async () => {
    const product = await createProduct({ imageCount: 13 });
    const images = (await getProduct(product.id))!.images;
    const gone = await createCollection();
    await db().delete(collections).where(eq(collections.id, gone.id));
    const result = await outcome(() =>
      edit.action(
        args(
          multipart(
            `/admin/products/edit/${product.id}`,
            fields({ image: images.map(imageInputValue), collectionId: gone.id }),
            [],
            { cookie },
          ),
          { id: product.id },
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(answerOf(result.data).result.error).toEqual({
      '': ['Error saving product. Please try again.'],
      images: ['A product can have at most 12 images.'],
      collectionId: ['That collection no longer exists. Please choose another.'],
    });
    expect((await getProduct(product.id))!.name).toBe(product.name);
  });

  it('answers 404 for a product that does not exist', async () => {
    const result = await outcome(() =>
      edit.action(
        args(multipart('/admin/products/edit/zzzzzzzzzzzzzz', fields(), [], { cookie }), { id: 'zzzzzzzzzzzzzz' }),
      ),
    );
    expect(result.status).toBe(404);
    expect(
      (
        await outcome(() =>
          edit.loader(args(get('/admin/products/edit/zzzzzzzzzzzzzz', cookie), { id: 'zzzzzzzzzzzzzz' })),
        )
      ).status,
    ).toBe(404);
  });
});

describe('the edit page without JavaScript', () => {
  it('shows the product as saved, its stock grid named per cell', async () => {
    const product = await createProduct({ sizes: ['S'], colors: ['Black'], stock: { 'S/Black': 3 }, featured: true });
    const page = await editPage(get(`/admin/products/edit/${product.id}`, cookie), product.id);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<form id="product" noValidate=""[^>]* encType="multipart\/form-data" method="post">/);
    expect(page.body).toMatch(/<input id="name"[^>]* required="" maxLength="200" name="name" value="[^"]+"\/>/);
    expect(page.body).toMatch(/<input type="number"[^>]* name="stock\.S\|Black" value="3"\/>/);
    expect(page.body).toContain('<input type="hidden" name="stockWas.S|Black" value="3"/>');
    expect(page.body).toMatch(/<input id="featured" type="checkbox"[^>]* name="featured" checked=""\/>/);
  });

  it('comes back from a refused save with the messages beside the fields and everything as typed', async () => {
    const product = await createProduct({ sizes: ['S'], colors: ['Black'] });
    const page = await editPage(
      multipart(
        `/admin/products/edit/${product.id}`,
        fields({ name: '', price: 'cheap', sizes: ['S'], colors: ['Black'], 'stock.S|Black': 'lots' }),
        [],
        { cookie },
      ),
      product.id,
    );
    expect(page.status).toBe(400);
    expect(page.body).toMatch(/<p role="alert"[^>]*>Error saving product\. Please try again\.<\/p>/);
    expect(page.body).toContain('<p id="name-error" class="mt-1 text-sm text-sale">Please enter a name.</p>');
    expect(page.body).toContain('value="cheap"');
    expect(page.body).toContain('value="lots"');
    expect(page.body).toContain('Stock must be a whole number from 0 to 100,000, or blank for not tracked.');
    expect(page.body).toMatch(/<input id="inStock" type="checkbox"[^>]* name="inStock" checked=""\/>/);
    expect(page.body).toMatch(/<input id="featured" type="checkbox"[^>]* name="featured"\/>/);
  });
});
