/**
 * /admin/size-sets against real PostgreSQL (decision 0034): sets added, edited, made the default and deleted with their
 * audit rows; a name taken without case, a repeated or too long size refused; a size products sell cannot leave its
 * set, and products follow the set's order; the default set and a set in use are not deleted.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, sizeSets } from '~/db/schema';
import { DEFAULT_SIZE_SET_ID } from '~/lib/catalog/catalog-constants';
import { SIZE_SET_MESSAGES } from '~/lib/catalog/admin-size-sets';
import { db } from '~/server/db.server';
import { createProduct, createUser } from '../../../tests/factories';
import { args, outcome, post, routeModule } from '../../../tests/route-helpers';

const list = await routeModule<typeof import('~/routes/admin/size-sets')>('routes/admin/size-sets.tsx');
const create = await routeModule<typeof import('~/routes/admin/size-set-new')>('routes/admin/size-set-new.tsx');
const edit = await routeModule<typeof import('~/routes/admin/size-set-edit')>('routes/admin/size-set-edit.tsx');

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

type Answer = { result: { error?: Record<string, string[]> } };
const errorsOf = (data: unknown) => (data as Answer).result.error ?? {};

const createSet = (fields: Record<string, string>) =>
  outcome(() =>
    create.action(args(post('/admin/size-sets/new', { intent: 'save', ...fields }, { cookie: admin.cookie }))),
  );
const editSet = (id: string, fields: Record<string, string>) =>
  outcome(() =>
    edit.action(
      args(post(`/admin/size-sets/edit/${id}`, { intent: 'save', ...fields }, { cookie: admin.cookie }), { id }),
    ),
  );
const deleteSet = (id: string) =>
  outcome(() =>
    list.action(args(post('/admin/size-sets', { intent: 'delete', id, confirmed: 'yes' }, { cookie: admin.cookie }))),
  );
const savedId = (location: string | null) =>
  /\/admin\/size-sets\/edit\/([0-9a-z]{14})\?saved=1$/.exec(location ?? '')?.[1] ?? '';
const setRow = async (id: string) => (await db().select().from(sizeSets).where(eq(sizeSets.id, id)))[0];

describe('size sets', () => {
  it('adds a set with its sizes in order, last in the list, with an audit row', async () => {
    const created = await createSet({ name: 'Shoes (UK)', sizeList: '5, 6\n7 ,8\n\n9' });
    expect(created.status).toBe(302);
    const id = savedId(created.location);
    const row = await setRow(id);
    expect(row).toMatchObject({ name: 'Shoes (UK)', sizes: ['5', '6', '7', '8', '9'], isDefault: false });
    const positions = (await db().select({ position: sizeSets.position }).from(sizeSets)).map((r) => r.position);
    expect(row.position).toBe(Math.max(...positions));
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({ action: 'sizeSet.create', entityType: 'sizeSet', before: null });
  });

  it('refuses a name another set has (without case), a repeated size and a size over 20 characters', async () => {
    const taken = await createSet({ name: 'clothing', sizeList: 'A, B' });
    expect(taken.status).toBe(409);
    expect(errorsOf(taken.data).name).toEqual([SIZE_SET_MESSAGES.nameTaken('clothing')]);
    const repeated = await createSet({ name: 'Rings', sizeList: 'M, L, m' });
    expect(repeated.status).toBe(400);
    expect(errorsOf(repeated.data).sizeList).toEqual([SIZE_SET_MESSAGES.duplicate('m')]);
    const long = await createSet({ name: 'Rings', sizeList: 'x'.repeat(21) });
    expect(errorsOf(long.data).sizeList).toEqual([SIZE_SET_MESSAGES.sizeTooLong]);
    const none = await createSet({ name: 'Rings', sizeList: ' , ' });
    expect(errorsOf(none.data).sizeList).toEqual([SIZE_SET_MESSAGES.sizesRequired]);
  });

  it('makes a set the default, which takes the mark from the one before', async () => {
    const id = savedId((await createSet({ name: 'Kids', sizeList: '2Y, 4Y, 6Y' })).location);
    expect((await editSet(id, { name: 'Kids', sizeList: '2Y, 4Y, 6Y', isDefault: 'on' })).status).toBe(302);
    expect((await setRow(id)).isDefault).toBe(true);
    expect((await setRow(DEFAULT_SIZE_SET_ID)).isDefault).toBe(false);
    // Back to Clothing, so the other tests of this file see the store's own default.
    await editSet(DEFAULT_SIZE_SET_ID, { name: 'Clothing', sizeList: 'XS,S,M,L,XL,XXL', isDefault: 'on' });
    expect((await setRow(id)).isDefault).toBe(false);
    expect((await setRow(DEFAULT_SIZE_SET_ID)).isDefault).toBe(true);
  });

  it('refuses to take out a size a product sells, naming it; products follow a new order', async () => {
    const id = savedId((await createSet({ name: 'Gloves', sizeList: 'S, M, L' })).location);
    const product = await createProduct({ name: 'Wool gloves', sizeSetId: id, sizes: ['S', 'L'] });
    const refused = await editSet(id, { name: 'Gloves', sizeList: 'S, M' });
    expect(refused.status).toBe(409);
    expect(errorsOf(refused.data).sizeList).toEqual([SIZE_SET_MESSAGES.sizeSold('L', ['Wool gloves'])]);
    expect((await setRow(id)).sizes).toEqual(['S', 'M', 'L']);
    // A size no product sells goes; the product's sizes take the set's new order.
    expect((await editSet(id, { name: 'Gloves', sizeList: 'L, S, XL' })).status).toBe(302);
    expect((await setRow(id)).sizes).toEqual(['L', 'S', 'XL']);
    const [after] = await db().select().from(products).where(eq(products.id, product.id));
    expect(after.sizes).toEqual(['L', 'S']);
  });

  it('deletes a set no product uses, and refuses the default set and one in use', async () => {
    const used = savedId((await createSet({ name: 'Belts', sizeList: '80, 90, 100' })).location);
    await createProduct({ name: 'Leather belt', sizeSetId: used, sizes: ['90'] });
    const inUse = await deleteSet(used);
    expect(inUse.status).toBe(409);
    expect(JSON.stringify(inUse.data)).toContain(SIZE_SET_MESSAGES.inUse(1));
    const isDefault = await deleteSet(DEFAULT_SIZE_SET_ID);
    expect(isDefault.status).toBe(409);
    expect(JSON.stringify(isDefault.data)).toContain(SIZE_SET_MESSAGES.isDefault);
    expect(await setRow(DEFAULT_SIZE_SET_ID)).toBeDefined();

    const spare = savedId((await createSet({ name: 'Spare', sizeList: 'A' })).location);
    const deleted = await deleteSet(spare);
    expect(deleted.status).toBe(302);
    expect(await setRow(spare)).toBeUndefined();
  });
});
