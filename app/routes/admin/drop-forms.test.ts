/**
 * The drop's fields of the admin's product and collection forms (decision 0036): the opening typed in Lagos time is
 * saved as the moment it names and shown back as typed, the cap too; blank clears them; a malformed one is refused.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collections, products } from '~/db/schema';
import { DROP_MESSAGES } from '~/lib/catalog/admin-drops';
import { DEFAULT_SIZE_SET_ID } from '~/lib/catalog/catalog-constants';
import { db } from '~/server/db.server';
import { multipart } from '../../../tests/admin-catalog-helpers';
import { createCollection, createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, routeModule } from '../../../tests/route-helpers';

const productEdit = await routeModule<typeof import('~/routes/admin/product-edit')>('routes/admin/product-edit.tsx');
const collectionEdit = await routeModule<typeof import('~/routes/admin/collection-edit')>(
  'routes/admin/collection-edit.tsx',
);

const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/drop-forms-test-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  return dir;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let cookie = '';
beforeAll(async () => {
  cookie = (await createUser({ admin: true })).cookie;
});

const productForm = (fields: Record<string, string>) => ({
  intent: 'save',
  name: 'Drop Parka',
  price: '50000',
  description: 'Opens at a stated minute.',
  category: 'Outerwear',
  sizeSetId: DEFAULT_SIZE_SET_ID,
  sizes: 'M',
  colors: 'Black',
  inStock: 'on',
  ...fields,
});

describe('the admin drop fields', () => {
  it('a product: saved in Lagos time with its cap, shown back as typed, cleared when blank', async () => {
    const product = await createProduct({ sizes: ['M'], colors: ['Black'] });
    const url = `/admin/products/edit/${product.id}`;
    const save = (fields: Record<string, string>) =>
      outcome(() => productEdit.action(args(multipart(url, productForm(fields), [], { cookie }), { id: product.id })));
    expect((await save({ dropsAt: '2099-12-12T18:00', dropCap: '2' })).location).toMatch(/\?saved=1$/);
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row.dropsAt).toEqual(new Date('2099-12-12T17:00:00Z'));
    expect(row.dropCap).toBe(2);
    const page = await outcome(() => productEdit.loader(args(get(url, cookie), { id: product.id })));
    expect((page.data as { values: { dropsAt: string; dropCap: string } }).values).toMatchObject({
      dropsAt: '2099-12-12T18:00',
      dropCap: '2',
    });

    const refused = await save({ dropsAt: '12/12/2099 6pm', dropCap: '0' });
    expect(refused.status).toBe(400);
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      dropsAt: [DROP_MESSAGES.time],
      dropCap: [DROP_MESSAGES.cap],
    });

    expect((await save({})).location).toMatch(/\?saved=1$/);
    const [cleared] = await db().select().from(products).where(eq(products.id, product.id));
    expect([cleared.dropsAt, cleared.dropCap]).toEqual([null, null]);
  });

  it('a collection: its opening saved in Lagos time', async () => {
    const collection = await createCollection();
    const url = `/admin/collections/edit/${collection.id}`;
    const form = { intent: 'save', name: 'Midnight Drop', description: 'All at once.', dropsAt: '2099-01-01T00:30' };
    const answer = await outcome(() =>
      collectionEdit.action(args(multipart(url, form, [], { cookie }), { id: collection.id })),
    );
    expect(answer.location).toMatch(/\?saved=1$/);
    const [row] = await db().select().from(collections).where(eq(collections.id, collection.id));
    expect(row.dropsAt).toEqual(new Date('2098-12-31T23:30:00Z'));
  });
});
