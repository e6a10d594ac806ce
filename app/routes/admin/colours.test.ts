/**
 * The colour pages' actions (decision 0034): create, edit and delete, names unique without case, and the refusals
 * that keep the names products and orders keep: no rename and no delete while a product uses the colour.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, colours } from '~/db/schema';
import { COLOUR_MESSAGES, COLOUR_SCREEN } from '~/lib/catalog/admin-colours';
import { db } from '~/server/db.server';
import { getColour, listAdminColours } from '~/server/catalog/admin-colours.server';
import { contentVersion } from '~/server/http/http-cache.server';
import { createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

const edit = await routeModule<typeof import('~/routes/admin/colour-edit')>('routes/admin/colour-edit.tsx');
const create = await routeModule<typeof import('~/routes/admin/colour-new')>('routes/admin/colour-new.tsx');
const list = await routeModule<typeof import('~/routes/admin/colours')>('routes/admin/colours.tsx');

let cookie = '';
beforeAll(async () => {
  cookie = (await createUser({ admin: true })).cookie;
});

type Answer = { result: { error?: Record<string, string[]> } };
const errorsOf = (data: unknown) => (data as Answer).result.error ?? {};
const savedId = (location: string | null) =>
  /\/admin\/colours\/edit\/([0-9a-z]{14})\?saved=1$/.exec(location ?? '')?.[1] ?? '';

const save = (url: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  outcome(() => (params.id ? edit : create).action(args(post(url, { intent: 'save', ...fields }, { cookie }), params)));
const addColour = async (name: string, swatch = '#336699') =>
  savedId((await save('/admin/colours/new', { name, swatch })).location);
const remove = (id: string) =>
  outcome(() => list.action(args(post('/admin/colours', { intent: 'delete', id, confirmed: 'yes' }, { cookie }))));

describe('/admin/colours', () => {
  it('lists the eight starting colours with their swatches and how many products use each', async () => {
    await createProduct({ colors: ['Navy', 'Red'] });
    const rows = await listAdminColours();
    expect(rows.slice(0, 8).map((row) => row.name)).toEqual([
      'Black',
      'White',
      'Gray',
      'Navy',
      'Red',
      'Blue',
      'Green',
      'Brown',
    ]);
    expect(rows.find((row) => row.name === 'Navy')).toMatchObject({ swatch: '#1f2a44', productCount: 1 });
    const page = await outcome(() => list.loader(args(get('/admin/colours', cookie))));
    expect(page.status).toBe(200);
  });

  it('creates a colour, its swatch stored in lower case, with an audit entry', async () => {
    const id = await addColour('  Olive   Green ', '#6B8E23');
    expect(await getColour(id)).toMatchObject({ name: 'Olive Green', swatch: '#6b8e23', productCount: 0 });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'colour.create', after: expect.objectContaining({ name: 'Olive Green' }) });
  });

  it('refuses a name another colour has, without case, on the name', async () => {
    const result = await save('/admin/colours/new', { name: 'nAVY', swatch: '#000000' });
    expect(result.status).toBe(409);
    expect(errorsOf(result.data).name).toEqual([COLOUR_MESSAGES.nameTaken('nAVY')]);
  });

  it('refuses a blank or long name, a comma and a swatch that is not #rrggbb', async () => {
    const result = await save('/admin/colours/new', { name: 'Sand, light', swatch: 'red' });
    expect(result.status).toBe(400);
    expect(errorsOf(result.data)).toMatchObject({
      name: [COLOUR_MESSAGES.nameComma],
      swatch: [COLOUR_MESSAGES.swatch],
      '': [COLOUR_SCREEN.messages.saveError],
    });
    const long = await save('/admin/colours/new', { name: 'x'.repeat(31), swatch: '#000000' });
    expect(errorsOf(long.data).name).toEqual([COLOUR_MESSAGES.nameLength]);
  });

  it('renames a colour no product uses, and changes the swatch of one in use', async () => {
    const id = await addColour('Sand');
    expect((await save(`/admin/colours/edit/${id}`, { name: 'Desert Sand', swatch: '#c2b280' }, { id })).status).toBe(
      302,
    );
    expect(await getColour(id)).toMatchObject({ name: 'Desert Sand', swatch: '#c2b280' });
    await createProduct({ colors: ['Desert Sand'] });
    expect((await save(`/admin/colours/edit/${id}`, { name: 'Desert Sand', swatch: '#d2c290' }, { id })).status).toBe(
      302,
    );
    expect((await getColour(id))?.swatch).toBe('#d2c290');
  });

  it('drops the stored pages when a swatch changes: the shop paints the new one at once', async () => {
    const id = await addColour('Coral', '#ff7f50');
    const before = contentVersion();
    await save(`/admin/colours/edit/${id}`, { name: 'Coral', swatch: '#ff6347' }, { id });
    expect(contentVersion()).toBeGreaterThan(before);
  });

  it('refuses to rename a colour a product uses, even only its case', async () => {
    const id = await addColour('Mustard');
    await createProduct({ colors: ['Mustard'] });
    for (const name of ['Gold', 'mustard']) {
      const result = await save(`/admin/colours/edit/${id}`, { name, swatch: '#e1ad01' }, { id });
      expect(result.status).toBe(409);
      expect(errorsOf(result.data).name).toEqual([COLOUR_MESSAGES.renameInUse(1)]);
    }
    expect(await getColour(id)).toMatchObject({ name: 'Mustard', swatch: '#336699' });
  });

  it('deletes a colour no product uses, and refuses one in use with its words', async () => {
    const unused = await addColour('Lilac');
    expect((await remove(unused)).location).toBe('/admin/colours?deleted=1');
    expect(await getColour(unused)).toBeNull();

    const used = await addColour('Teal');
    await createProduct({ colors: ['Black', 'Teal'] });
    await createProduct({ colors: ['Teal'] });
    const result = await remove(used);
    expect(result.status).toBe(409);
    expect(errorsOf(result.data)['']).toEqual([COLOUR_MESSAGES.deleteInUse('Teal', 2)]);
    expect(await db().select().from(colours).where(eq(colours.id, used))).toHaveLength(1);
  });
});
