/**
 * /admin/size-guides against real PostgreSQL (decision 0034): a guide written for a size set (its rows the set's sizes,
 * in order) or for a category, edited and deleted with audit rows; a second guide for the same set or category, a size
 * the set does not have, bad centimetres and what the guide is for refused; the new page's first step.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sizeGuides, sizeSets } from '~/db/schema';
import { SIZE_GUIDE_MESSAGES, type SizeGuideFormStart } from '~/lib/catalog/admin-size-guides';
import { DEFAULT_SIZE_SET_ID } from '~/lib/catalog/catalog-constants';
import type { guideSubjects } from '~/server/catalog/admin-size-guides.server';
import { db } from '~/server/db.server';
import { createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

const list = await routeModule<typeof import('~/routes/admin/size-guides')>('routes/admin/size-guides.tsx');
const create = await routeModule<typeof import('~/routes/admin/size-guide-new')>('routes/admin/size-guide-new.tsx');
const edit = await routeModule<typeof import('~/routes/admin/size-guide-edit')>('routes/admin/size-guide-edit.tsx');

const SHOES = 'shoeseu0000001';
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

type Answer = { result: { error?: Record<string, string[]> } };
const errorsOf = (data: unknown) => (data as Answer).result.error ?? {};

const createGuide = (fields: Record<string, string>) =>
  outcome(() =>
    create.action(args(post('/admin/size-guides/new', { intent: 'save', ...fields }, { cookie: admin.cookie }))),
  );
const editGuide = (id: string, fields: Record<string, string>) =>
  outcome(() =>
    edit.action(
      args(post(`/admin/size-guides/edit/${id}`, { intent: 'save', ...fields }, { cookie: admin.cookie }), { id }),
    ),
  );
type NewPage = {
  start: SizeGuideFormStart | null;
  subjects: Awaited<ReturnType<typeof guideSubjects>> | null;
  error?: string;
};
const newPage = async (query: string) =>
  (await outcome(() => create.loader(args(get(`/admin/size-guides/new${query}`, admin.cookie))))).data as NewPage;
const savedId = (location: string | null) =>
  /\/admin\/size-guides\/edit\/([0-9a-z]{14})\?saved=1$/.exec(location ?? '')?.[1] ?? '';
const guideRow = async (id: string) => (await db().select().from(sizeGuides).where(eq(sizeGuides.id, id)))[0];
const auditOf = async (id: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.entityId, id))).map((row) => row.action);

/** A shoe guide: foot length for 38 and 36 (posted out of order), nothing for the other sizes. */
const shoeFields = {
  subject: `set:${SHOES}`,
  'measurements[0]': 'Foot length',
  'rows[0].size': '38',
  'rows[0].cm[0]': '24.5',
  'rows[1].size': '36',
  'rows[1].cm[0]': '23',
  'rows[2].size': '37',
};

describe('size guides', () => {
  it("writes a size set's guide: only sizes with values, in the set's order, with an audit row", async () => {
    const created = await createGuide(shoeFields);
    expect(created.status).toBe(302);
    const id = savedId(created.location);
    expect(await guideRow(id)).toMatchObject({
      sizeSetId: SHOES,
      category: null,
      measurements: ['Foot length'],
      rows: [
        { size: '36', cm: [23] },
        { size: '38', cm: [24.5] },
      ],
    });
    expect(await auditOf(id)).toEqual(['sizeGuide.create']);
    // One guide per set: the second is refused, with the set named.
    const again = await createGuide(shoeFields);
    expect(again.status).toBe(409);
    expect(errorsOf(again.data)['']).toEqual([SIZE_GUIDE_MESSAGES.taken('Shoes (EU)')]);
    expect(await db().select().from(sizeGuides).where(eq(sizeGuides.sizeSetId, SHOES))).toHaveLength(1);
  });

  it('refuses a size the set does not have (it changed meanwhile) and a set that does not exist', async () => {
    const outside = await createGuide({ ...shoeFields, subject: `set:${DEFAULT_SIZE_SET_ID}` });
    expect(outside.status).toBe(409);
    expect(errorsOf(outside.data)['']).toEqual([SIZE_GUIDE_MESSAGES.setChanged('Clothing')]);
    const missing = await createGuide({ ...shoeFields, subject: 'set:nosuchset00001' });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.data)['']).toEqual([SIZE_GUIDE_MESSAGES.subject]);
    expect(await db().select().from(sizeGuides).where(eq(sizeGuides.sizeSetId, DEFAULT_SIZE_SET_ID))).toHaveLength(0);
  });

  it("writes a category's guide with the sizes the admin typed, edits it and deletes it", async () => {
    const fields = {
      subject: 'category:Outerwear',
      'measurements[0]': 'Chest',
      'measurements[3]': 'Sleeve',
      'rows[0].size': 'One',
      'rows[0].cm[0]': '100',
      'rows[0].cm[3]': '64.5',
      'rows[1].size': 'Two',
      'rows[1].cm[0]': '108',
    };
    const id = savedId((await createGuide(fields)).location);
    expect(await guideRow(id)).toMatchObject({
      sizeSetId: null,
      category: 'Outerwear',
      measurements: ['Chest', 'Sleeve'],
      rows: [
        { size: 'One', cm: [100, 64.5] },
        { size: 'Two', cm: [108, null] },
      ],
    });
    const edited = await editGuide(id, {
      ...fields,
      'rows[1].cm[0]': '110',
      'rows[2].size': 'Three',
      'rows[2].cm[3]': '66',
    });
    expect(edited.status).toBe(302);
    expect((await guideRow(id)).rows).toEqual([
      { size: 'One', cm: [100, 64.5] },
      { size: 'Two', cm: [110, null] },
      { size: 'Three', cm: [null, 66] },
    ]);
    const bad = await editGuide(id, { ...fields, 'rows[0].cm[0]': '300.5' });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.data)['rows[0].cm[0]']).toEqual([SIZE_GUIDE_MESSAGES.cm('One', 'Chest')]);
    expect((await guideRow(id)).rows[1].cm[0]).toBe(110);

    const asked = await outcome(() =>
      list.action(args(post('/admin/size-guides', { intent: 'delete', id }, { cookie: admin.cookie }))),
    );
    expect(asked.location).toBe(`/admin/size-guides?confirm=${id}`);
    const deleted = await outcome(() =>
      list.action(
        args(post('/admin/size-guides', { intent: 'delete', id, confirmed: 'yes' }, { cookie: admin.cookie })),
      ),
    );
    expect(deleted.location).toBe('/admin/size-guides?deleted=1');
    expect(await guideRow(id)).toBeUndefined();
    expect(await auditOf(id)).toEqual(['sizeGuide.create', 'sizeGuide.update', 'sizeGuide.delete']);
  });

  it('answers 404 for a guide that does not exist, and 400 for a post that is not a save', async () => {
    const missing = await editGuide('nosuchguide001', shoeFields);
    expect(missing.status).toBe(404);
    const notSave = await createGuide({ ...shoeFields, intent: 'publish' });
    expect(notSave.status).toBe(400);
  });

  it('asks first what a new guide is for, marking a set or category that has one, then shows its table', async () => {
    await createGuide({ ...shoeFields, subject: 'category:Shoes' });
    const { subjects } = await newPage('');
    expect(subjects?.categories.find((c) => c.name === 'Shoes')?.taken).toBe(true);
    expect(subjects?.categories.find((c) => c.name === 'Dresses')?.taken).toBe(false);
    expect(subjects?.sets.find((s) => s.id === 'waist000000001')?.taken).toBe(false);

    const { start } = await newPage('?for=set:waist000000001');
    const [waist] = await db().select().from(sizeSets).where(eq(sizeSets.id, 'waist000000001'));
    expect(start?.title).toBe('Waist (size set)');
    expect(start?.values.rows.map((row) => row.size)).toEqual(waist.sizes);

    expect((await newPage('?for=category:Hats')).error).toBe(SIZE_GUIDE_MESSAGES.subject);
  });
});
