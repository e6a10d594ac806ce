/** The collection pages' actions: create, edit and delete with valid and invalid input, image rules, audit entries. */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, collections, products } from '~/db/schema';
import { imageInputValue } from '~/lib/catalog/admin-catalog';
import type { StoredImage } from '~/lib/images';
import { db } from '~/server/db.server';
import { getCollection, listAdminCollections } from '~/server/catalog/admin-collections.server';
import { contentVersion } from '~/server/http/http-cache.server';
import { multipart, png } from '../../../tests/admin-catalog-helpers';
import { createCollection, createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

const edit = await routeModule<typeof import('~/routes/admin/collection-edit')>('routes/admin/collection-edit.tsx');
const create = await routeModule<typeof import('~/routes/admin/collection-new')>('routes/admin/collection-new.tsx');
const list = await routeModule<typeof import('~/routes/admin/collections')>('routes/admin/collections.tsx');

const dataDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/cat-collections-test-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  return dir;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let cookie = '';
beforeAll(async () => {
  cookie = (await createUser({ admin: true })).cookie;
});

/**
 * What the form comes back with: Conform's reply (the form as typed, blank values left out, and the messages by
 * field, '' for the whole form), the image as posted and the file refused.
 */
type FormAnswer = {
  result: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> };
  image: StoredImage | null;
  uploadErrors: string[];
};
const answerOf = (data: unknown) => data as FormAnswer;
const savedId = (location: string | null) =>
  /\/admin\/collections\/edit\/([0-9a-z]{14})\?saved=1$/.exec(location ?? '')?.[1] ?? '';
const auditFor = (id: string) => db().select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);

describe('/admin/collections/new', () => {
  it('creates a collection with an image stored under collections/ as WebP variants', async () => {
    const bytes = await png(1400, 700);
    const result = await outcome(() =>
      create.action(
        args(
          multipart(
            '/admin/collections/new',
            { intent: 'save', name: 'Harmattan Edit', description: 'Layers for dry season.', featured: 'on' },
            [{ name: 'Hero Shot.png', bytes }],
            { cookie },
          ),
        ),
      ),
    );
    expect(result.status).toBe(302);
    const id = savedId(result.location);
    const collection = await getCollection(id);
    expect(collection).toMatchObject({
      name: 'Harmattan Edit',
      description: 'Layers for dry season.',
      featured: true,
      image: { width: 1400, height: 700, widths: [320, 640, 960, 1280] },
    });
    expect(collection!.image!.key).toMatch(/^collections\/\d{13}_hero-shot$/);
    const meta = await sharp(path.join(dataDir, 'uploads', `${collection!.image!.key}-640.webp`)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 320]);
    const [entry] = await auditFor(id);
    expect(entry).toMatchObject({
      action: 'collection.create',
      before: null,
      after: expect.objectContaining({ name: 'Harmattan Edit', featured: true }),
    });
  });

  it('requires name and description, shows the SPEC text and keeps what was typed', async () => {
    const result = await outcome(() =>
      create.action(
        args(
          multipart(
            '/admin/collections/new',
            { intent: 'save', name: '  ', description: 'Only this', featured: 'on' },
            [],
            { cookie },
          ),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(answerOf(result.data).result).toMatchObject({
      error: { '': ['Error saving collection. Please try again.'], name: ['Please enter a name.'] },
      initialValue: { name: '  ', description: 'Only this', featured: 'on' },
    });
    const noDescription = await outcome(() =>
      create.action(args(multipart('/admin/collections/new', { intent: 'save', name: 'Named' }, [], { cookie }))),
    );
    expect(answerOf(noDescription.data).result.error).toEqual({
      '': ['Error saving collection. Please try again.'],
      description: ['Please enter a description.'],
    });
  });

  it('refuses a text file renamed .jpg as its image, naming the file', async () => {
    const result = await outcome(() =>
      create.action(
        args(
          multipart(
            '/admin/collections/new',
            { intent: 'save', name: 'X', description: 'Y' },
            [{ name: 'cover.jpg', bytes: Buffer.from('hello'), type: 'image/jpeg' }],
            { cookie },
          ),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(answerOf(result.data).uploadErrors[0]).toMatch(/^"cover\.jpg" was not uploaded\./);
    expect(await db().$count(collections, eq(collections.name, 'X'))).toBe(0);
  });

  it('answers 400 for an unknown intent', async () => {
    const result = await outcome(() =>
      create.action(
        args(
          multipart('/admin/collections/new', { intent: 'image-up:0', name: 'X', description: 'Y' }, [], { cookie }),
        ),
      ),
    );
    expect(result.status).toBe(400);
  });
});

describe('/admin/collections/edit/:id', () => {
  it('saves changes, keeps the image it had, records before and after', async () => {
    const image = { key: 'collections/seed_cover', width: 800, height: 600, widths: [320, 640] };
    const collection = await createCollection({ name: 'Old Name', image });
    const version = contentVersion();
    const result = await outcome(() =>
      edit.action(
        args(
          multipart(
            `/admin/collections/edit/${collection.id}`,
            { intent: 'save', name: 'New Name', description: 'New words.', image: imageInputValue(image) },
            [],
            { cookie },
          ),
          { id: collection.id },
        ),
      ),
    );
    expect([result.status, result.location]).toEqual([302, `/admin/collections/edit/${collection.id}?saved=1`]);
    expect(await getCollection(collection.id)).toMatchObject({
      name: 'New Name',
      description: 'New words.',
      featured: false,
      image: { key: 'collections/seed_cover' },
    });
    expect(contentVersion()).toBe(version + 1);
    const [entry] = await auditFor(collection.id);
    expect(entry).toMatchObject({
      action: 'collection.update',
      before: expect.objectContaining({ name: 'Old Name' }),
      after: expect.objectContaining({ name: 'New Name' }),
    });
  });

  it('removes the image (no JavaScript: the Remove button posts the form) and then saves without one', async () => {
    const image = { key: 'collections/seed_other', width: 800, height: 600, widths: [320] };
    const collection = await createCollection({ image });
    const removed = await outcome(() =>
      edit.action(
        args(
          multipart(
            `/admin/collections/edit/${collection.id}`,
            { intent: 'image-remove:0', name: 'Kept', description: 'Typed', image: imageInputValue(image) },
            [],
            { cookie },
          ),
          { id: collection.id },
        ),
      ),
    );
    expect(removed.status).toBe(200);
    expect(answerOf(removed.data)).toMatchObject({
      image: null,
      result: { initialValue: { name: 'Kept', description: 'Typed' } },
    });
    const saved = await outcome(() =>
      edit.action(
        args(
          multipart(
            `/admin/collections/edit/${collection.id}`,
            { intent: 'save', name: 'Kept', description: 'Typed' },
            [],
            { cookie },
          ),
          { id: collection.id },
        ),
      ),
    );
    expect(saved.status).toBe(302);
    expect((await getCollection(collection.id))!.image).toBeNull();
  });

  it('refuses bad input and answers 404 for a missing collection', async () => {
    const collection = await createCollection({ name: 'Stays' });
    const bad = await outcome(() =>
      edit.action(
        args(
          multipart(
            `/admin/collections/edit/${collection.id}`,
            { intent: 'save', name: 'Stays', description: '' },
            [],
            { cookie },
          ),
          { id: collection.id },
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(answerOf(bad.data).result.error?.['']).toEqual(['Error saving collection. Please try again.']);
    const missing = await outcome(() =>
      edit.loader(args(get('/admin/collections/edit/zzzzzzzzzzzzzz', cookie), { id: 'zzzzzzzzzzzzzz' })),
    );
    expect(missing.status).toBe(404);
  });
});

describe('/admin/collections (list and delete)', () => {
  it('lists with product counts and deletes after confirmation; its products stay, without a collection', async () => {
    const collection = await createCollection({ name: 'Going Away', description: 'd'.repeat(150) });
    const members = [
      await createProduct({ collectionId: collection.id }),
      await createProduct({ collectionId: collection.id }),
    ];
    const row = (await listAdminCollections()).find((c) => c.id === collection.id);
    expect(row).toMatchObject({ productCount: 2 });
    expect(row!.description).toHaveLength(101);

    const unconfirmed = await outcome(() =>
      list.action(args(post('/admin/collections', { intent: 'delete', id: collection.id }, { cookie }))),
    );
    expect([unconfirmed.status, unconfirmed.location]).toEqual([302, `/admin/collections?confirm=${collection.id}`]);
    const asking = await outcome(() => list.loader(args(get(`/admin/collections?confirm=${collection.id}`, cookie))));
    expect((asking.data as { confirm: unknown }).confirm).toEqual({ id: collection.id, name: 'Going Away' });

    const version = contentVersion();
    const confirmed = await outcome(() =>
      list.action(
        args(post('/admin/collections', { intent: 'delete', id: collection.id, confirmed: 'yes' }, { cookie })),
      ),
    );
    expect([confirmed.status, confirmed.location]).toEqual([302, '/admin/collections?deleted=1']);
    // The storefront's stored pages (decision 0007) are dropped, so the collection page goes at once.
    expect(contentVersion()).toBe(version + 1);
    expect(await getCollection(collection.id)).toBeNull();
    for (const member of members) {
      const [stays] = await db()
        .select({ collectionId: products.collectionId })
        .from(products)
        .where(eq(products.id, member.id));
      expect(stays).toEqual({ collectionId: null });
    }
    const [entry] = await auditFor(collection.id);
    expect(entry).toMatchObject({ action: 'collection.delete', after: null });
    expect((entry.before as { productIds: string[] }).productIds.sort()).toEqual(members.map((m) => m.id).sort());
  });

  it('shows the SPEC text when the collection is gone, and refuses an unknown intent', async () => {
    const gone = await outcome(() =>
      list.action(
        args(post('/admin/collections', { intent: 'delete', id: 'zzzzzzzzzzzzzz', confirmed: 'yes' }, { cookie })),
      ),
    );
    expect(gone).toMatchObject({
      status: 404,
      data: { result: { error: { '': ['Error deleting collection. Please try again.'] } } },
    });
    const unknown = await outcome(() =>
      list.action(args(post('/admin/collections', { intent: 'rename' }, { cookie }))),
    );
    expect(unknown.status).toBe(400);
  });
});
