/**
 * What the admin's product tests share (products, product-new, product-edit and uploads .test.ts): the route
 * modules, an uploads folder of the test file's own, an admin's cookie, the product form's fields and answers, and
 * an uploaded picture.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEFAULT_SIZE_SET_ID } from '~/lib/catalog/catalog-constants';
import type { StoredImage } from '~/lib/images';
import { multipart, png } from '../../../tests/admin-catalog-helpers';
import { createUser } from '../../../tests/factories';
import { args, outcome, routeModule } from '../../../tests/route-helpers';
import EditProductPage from './product-edit';
import { renderPage } from '../../../tests/render-page';

// Before the route modules read the settings: uploads of the test file using these go to a folder of its own.
export const dataDir = `${process.env.TMPDIR ?? '/tmp'}/cat-products-test-${process.pid}-${Date.now()}`;
process.env.DATA_DIR = dataDir;
export const uploadsDir = path.join(dataDir, 'uploads');

export const edit = await routeModule<typeof import('~/routes/admin/product-edit')>('routes/admin/product-edit.tsx');
export const list = await routeModule<typeof import('~/routes/admin/products')>('routes/admin/products.tsx');
export const create = await routeModule<typeof import('~/routes/admin/product-new')>('routes/admin/product-new.tsx');
export const uploads = await routeModule<typeof import('~/routes/admin/uploads')>('routes/admin/uploads.ts');

export let cookie = '';

/** For the calling test file: its uploads folder removed after it, and an admin's cookie. */
export function withAdminCatalog() {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(async () => {
    cookie = (await createUser({ admin: true })).cookie;
  });
}

export const fields = (changes: Record<string, string | string[]> = {}) => ({
  intent: 'save',
  name: 'Agbada Shirt',
  price: '25000.50',
  description: 'Wide sleeves, light cotton.',
  category: 'Shirts',
  collectionId: '',
  sizeSetId: DEFAULT_SIZE_SET_ID,
  sizes: ['M', 'L'],
  colors: ['White'],
  inStock: 'on',
  'stock.M|White': '5',
  'stock.L|White': '',
  ...changes,
});

export const textFile = Buffer.from('These are my notes, not a picture.\n');
export const savedId = (location: string | null) =>
  /\/admin\/products\/edit\/([0-9a-z]{14})\?saved=1$/.exec(location ?? '')?.[1] ?? '';
/**
 * What the form comes back with: Conform's reply (the form as typed, blank values left out, and the messages by
 * field, '' for the whole form), the images as posted and the files refused.
 */
export type FormAnswer = {
  result: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> };
  images: StoredImage[];
  uploadErrors: string[];
};
export const answerOf = (data: unknown) => data as FormAnswer;
export const fieldErrorNames = (data: unknown) =>
  Object.keys(answerOf(data).result.error ?? {})
    .filter((name) => name !== '')
    .sort();

export async function expectStoredFiles(image: StoredImage) {
  expect(image.key).toMatch(/^products\/\d{13}_[a-z0-9-]+$/);
  for (const w of image.widths) {
    const meta = await sharp(path.join(uploadsDir, `${image.key}-${w}.webp`)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(w);
    expect(meta.height).toBe(Math.round((w * image.height) / image.width));
  }
}

export async function uploadPng(name: string): Promise<StoredImage> {
  const bytes = await png(640, 800);
  const result = await outcome(() =>
    uploads.action(
      args(multipart('/admin/uploads', { folder: 'products' }, [{ field: 'file', name, bytes }], { cookie })),
    ),
  );
  expect(result.status).toBe(201);
  return JSON.parse(result.data as string) as StoredImage;
}

/** The edit page as a browser without JavaScript gets it: a POST runs the action, then the loader, and renders both. */
export async function editPage(request: Request, id: string): Promise<{ status: number; body: string }> {
  const path = '/admin/products/edit/:id';
  const page = await renderPage({ path, route: edit, Page: EditProductPage, request, params: { id } });
  if (page.location !== null) throw new Error(`redirected to ${page.location}`);
  return { status: page.status, body: page.markup };
}
