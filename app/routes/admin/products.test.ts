/**
 * The product pages' actions as a browser posts them (multipart, with and without files), and the upload
 * endpoint: real image, renamed text file, over 10MB, and bodies far over the limit.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, collections, productImages, products } from '~/db/schema';
import { CATALOG_MESSAGES, imageInputValue } from '~/lib/catalog/admin-catalog';
import type { StoredImage } from '~/lib/images';
import { db } from '~/server/db.server';
import { IMAGE_LOST } from '~/server/catalog/admin-product-form.server';
import { getProduct } from '~/server/catalog/product.server';
import { bigPng, multipart, png } from '../../../tests/admin-catalog-helpers';
import { createCollection, createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, post, ORIGIN, routeModule } from '../../../tests/route-helpers';

import EditProductPage from './product-edit';
import { renderPage } from '../../../tests/render-page';

const edit = await routeModule<typeof import('~/routes/admin/product-edit')>('routes/admin/product-edit.tsx');
const list = await routeModule<typeof import('~/routes/admin/products')>('routes/admin/products.tsx');
const create = await routeModule<typeof import('~/routes/admin/product-new')>('routes/admin/product-new.tsx');
const uploads = await routeModule<typeof import('~/routes/admin/uploads')>('routes/admin/uploads.ts');

// Before any module reads the settings: uploads of this file go to a folder of its own.
const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/cat-products-test-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  return dir;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const uploadsDir = path.join(dataDir, 'uploads');

let cookie = '';
beforeAll(async () => {
  cookie = (await createUser({ admin: true })).cookie;
});

const fields = (changes: Record<string, string | string[]> = {}) => ({
  intent: 'save',
  name: 'Agbada Shirt',
  price: '25000.50',
  description: 'Wide sleeves, light cotton.',
  category: 'Shirts',
  collectionId: '',
  sizes: ['M', 'L'],
  colors: ['White'],
  inStock: 'on',
  'stock.M|White': '5',
  'stock.L|White': '',
  ...changes,
});

const textFile = Buffer.from('These are my notes, not a picture.\n');
const savedId = (location: string | null) =>
  /\/admin\/products\/edit\/([0-9a-z]{14})\?saved=1$/.exec(location ?? '')?.[1] ?? '';
/**
 * What the form comes back with: Conform's reply (the form as typed, blank values left out, and the messages by
 * field, '' for the whole form), the images as posted and the files refused.
 */
type FormAnswer = {
  result: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> };
  images: StoredImage[];
  uploadErrors: string[];
};
const answerOf = (data: unknown) => data as FormAnswer;
const fieldErrorNames = (data: unknown) =>
  Object.keys(answerOf(data).result.error ?? {})
    .filter((name) => name !== '')
    .sort();

async function expectStoredFiles(image: StoredImage) {
  expect(image.key).toMatch(/^products\/\d{13}_[a-z0-9-]+$/);
  for (const w of image.widths) {
    const meta = await sharp(path.join(uploadsDir, `${image.key}-${w}.webp`)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(w);
    expect(meta.height).toBe(Math.round((w * image.height) / image.width));
  }
}

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
    expect(product!.variants).toEqual([{ size: 'M', color: 'White', stock: 5 }]);
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

async function uploadPng(name: string): Promise<StoredImage> {
  const bytes = await png(640, 800);
  const result = await outcome(() =>
    uploads.action(
      args(multipart('/admin/uploads', { folder: 'products' }, [{ field: 'file', name, bytes }], { cookie })),
    ),
  );
  expect(result.status).toBe(201);
  return JSON.parse(result.data as string) as StoredImage;
}

describe('/admin/uploads', () => {
  it('stores a real image as WebP variants with width and height and answers it as JSON', async () => {
    const image = await uploadPng('Look Book 01.png');
    expect(image).toMatchObject({ width: 640, height: 800, widths: [320, 640] });
    expect(image.key).toMatch(/^products\/\d{13}_look-book-01$/);
    await expectStoredFiles(image);
  });

  it('refuses a post without a file, or for an unknown folder', async () => {
    const none = await outcome(() =>
      uploads.action(args(multipart('/admin/uploads', { folder: 'products' }, [], { cookie }))),
    );
    expect([none.status, JSON.parse(none.data as string).error]).toEqual([400, 'Please choose an image file.']);
    const tiny = await png(10, 10);
    const folder = await outcome(() =>
      uploads.action(
        args(
          multipart('/admin/uploads', { folder: 'hero' }, [{ field: 'file', name: 'a.png', bytes: tiny }], { cookie }),
        ),
      ),
    );
    expect(folder.status).toBe(400);
  });

  it('refuses a renamed text file and an image over 10MB with a message naming the file', async () => {
    const text = await outcome(() =>
      uploads.action(
        args(
          multipart(
            '/admin/uploads',
            { folder: 'products' },
            [{ field: 'file', name: 'photo.jpg', bytes: textFile, type: 'image/jpeg' }],
            { cookie },
          ),
        ),
      ),
    );
    expect(text.status).toBe(400);
    expect(JSON.parse(text.data as string).error).toMatch(/^"photo\.jpg" was not uploaded\. The file is not an image/);
    const bytes = await bigPng(10 * 1024 * 1024 + 1);
    const huge = await outcome(() =>
      uploads.action(
        args(
          multipart('/admin/uploads', { folder: 'collections' }, [{ field: 'file', name: 'poster.png', bytes }], {
            cookie,
          }),
        ),
      ),
    );
    expect(huge.status).toBe(400);
    expect(JSON.parse(huge.data as string).error).toBe(
      '"poster.png" is larger than 10MB. Please choose an image of up to 10MB.',
    );
  });

  function streamedPost(declared: string | null, total: number) {
    const state = { sent: 0 };
    const chunk = new Uint8Array(1024 * 1024);
    const head = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.sent >= total) return controller.close();
        const part = state.sent === 0 ? head : chunk;
        state.sent += part.byteLength;
        controller.enqueue(part);
      },
    });
    const headers: Record<string, string> = {
      origin: ORIGIN,
      cookie,
      'content-type': 'multipart/form-data; boundary=b',
    };
    if (declared) headers['content-length'] = declared;
    return {
      request: new Request(`${ORIGIN}/admin/uploads`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit),
      state,
    };
  }

  it('refuses a 200 MB post by its declared length without reading it', async () => {
    const { request, state } = streamedPost(String(200 * 1024 * 1024), 200 * 1024 * 1024);
    const result = await outcome(() => uploads.action(args(request)));
    expect(result.status).toBe(413);
    expect(JSON.parse(result.data as string).error).toBe(
      'The image is larger than 10MB. Please choose an image of up to 10MB.',
    );
    expect(state.sent).toBeLessThan(2 * 1024 * 1024);
  });

  it('stops reading a post without a declared length once it passes the limit', async () => {
    const { request, state } = streamedPost(null, 200 * 1024 * 1024);
    const result = await outcome(() => uploads.action(args(request)));
    expect(result.status).toBe(413);
    expect(state.sent).toBeLessThan(30 * 1024 * 1024);
  });

  it('is for admins only, from this site only', async () => {
    const customer = await createUser();
    const asCustomer = await outcome(() =>
      uploads.action(args(multipart('/admin/uploads', { folder: 'products' }, [], { cookie: customer.cookie }))),
    );
    expect([asCustomer.status, asCustomer.location]).toEqual([302, '/']);
    const crossSite = multipart('/admin/uploads', { folder: 'products' }, [], { cookie });
    crossSite.headers.set('origin', 'https://evil.example');
    expect((await outcome(() => uploads.action(args(crossSite)))).status).toBe(403);
  });
});

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

describe('/admin/products (list and delete)', () => {
  it('lists products and asks before deleting when the post is not confirmed (no JavaScript)', async () => {
    const product = await createProduct({ name: 'Delete Me Tee' });
    const listed = await outcome(() => list.loader(args(get('/admin/products?q=delete+me', cookie))));
    expect((listed.data as { list: { rows: { id: string }[] } }).list.rows.map((r) => r.id)).toEqual([product.id]);

    const unconfirmed = await outcome(() =>
      list.action(
        args(post('/admin/products', { intent: 'delete', id: product.id, back: 'q=delete me&junk=1' }, { cookie })),
      ),
    );
    expect([unconfirmed.status, unconfirmed.location]).toEqual([
      302,
      `/admin/products?q=delete+me&confirm=${product.id}`,
    ]);
    const asking = await outcome(() => list.loader(args(get(`/admin/products?confirm=${product.id}`, cookie))));
    expect((asking.data as { confirm: unknown }).confirm).toEqual({ id: product.id, name: 'Delete Me Tee' });
    expect(await getProduct(product.id)).not.toBeNull();

    const confirmed = await outcome(() =>
      list.action(args(post('/admin/products', { intent: 'delete', id: product.id, confirmed: 'yes' }, { cookie }))),
    );
    expect([confirmed.status, confirmed.location]).toEqual([302, '/admin/products?deleted=1']);
    expect(await getProduct(product.id)).toBeNull();
    expect(await db().$count(productImages, eq(productImages.productId, product.id))).toBe(0);
  });

  it('shows the SPEC text when the product is already gone, and refuses an unknown intent', async () => {
    const gone = await outcome(() =>
      list.action(
        args(post('/admin/products', { intent: 'delete', id: 'zzzzzzzzzzzzzz', confirmed: 'yes' }, { cookie })),
      ),
    );
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ result: { error: { '': ['Error deleting product. Please try again.'] } } });
    const unknown = await outcome(() =>
      list.action(args(post('/admin/products', { intent: 'archive', id: 'zzzzzzzzzzzzzz' }, { cookie }))),
    );
    expect(unknown.status).toBe(400);
  });
});

/** The edit page as a browser without JavaScript gets it: a POST runs the action, then the loader, and renders both. */
async function editPage(request: Request, id: string): Promise<{ status: number; body: string }> {
  const path = '/admin/products/edit/:id';
  const page = await renderPage({ path, route: edit, Page: EditProductPage, request, params: { id } });
  if (page.location !== null) throw new Error(`redirected to ${page.location}`);
  return { status: page.status, body: page.markup };
}

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
