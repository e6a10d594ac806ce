/**
 * The admin side of collections: the list with product counts, the options of the product form and the
 * writes (each one transaction with its audit entry, then contentChanged() so the storefront's stored pages go).
 *
 * A deleted collection's products stay, without a collection: products.collection_id is
 * `on delete set null` (migration 0001), so the database does it inside the delete's transaction.
 * Image files are kept when a collection is deleted or its image replaced, as for products: a file may
 * still be referenced elsewhere (e.g. a hero slide picked from it), and keeping a few files is harmless.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { collections, products } from '~/db/schema';
import type { CollectionInput } from '~/lib/admin-catalog';
import type { CollectionSummary } from '~/lib/catalog-types';
import { isId } from '~/lib/ids';
import type { StoredImage } from '~/lib/images';
import { recordAudit, type AuditActor } from '../audit.server';
import { db, type Database } from '../db.server';
import { contentChanged } from '../http-cache.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type AdminCollectionRow = {
  id: string;
  name: string;
  /** At most 101 characters: enough for the list to cut at 100 and show that it did. */
  description: string;
  image: StoredImage | null;
  featured: boolean;
  createdAt: string;
  productCount: number;
};

/** Every collection, newest first (a store has tens of them, not thousands: no pages). */
export async function listAdminCollections(): Promise<AdminCollectionRow[]> {
  return db().execute<AdminCollectionRow>(sql`
    select c.id, c.name, left(ltrim(c.description), 101) as description, c.image, c.featured,
      to_json(c.created_at) #>> '{}' as "createdAt",
      (select count(*)::int from products p where p.collection_id = c.id) as "productCount"
    from collections c
    order by c.created_at desc, c.id desc`);
}

export type CollectionOption = { id: string; name: string };

/** For the product form's select and the list's filter. */
export async function collectionOptions(): Promise<CollectionOption[]> {
  return db()
    .select({ id: collections.id, name: collections.name })
    .from(collections)
    .orderBy(asc(collections.name), desc(collections.createdAt));
}

export async function getCollection(id: string): Promise<CollectionSummary | null> {
  if (!isId(id)) return null;
  const [row] = await db()
    .select({
      id: collections.id,
      name: collections.name,
      description: collections.description,
      image: collections.image,
      featured: collections.featured,
    })
    .from(collections)
    .where(eq(collections.id, id));
  return row ?? null;
}

export async function collectionExists(id: string): Promise<boolean> {
  return (await getCollection(id)) !== null;
}

async function snapshot(tx: Tx, id: string) {
  const [row] = await tx.select().from(collections).where(eq(collections.id, id));
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

export async function createCollection(actor: AuditActor, input: CollectionInput): Promise<string> {
  const id = await db().transaction(async (tx) => {
    const [row] = await tx.insert(collections).values(input).returning({ id: collections.id });
    await recordAudit(tx, actor, {
      action: 'collection.create',
      entityType: 'collection',
      entityId: row.id,
      before: null,
      after: await snapshot(tx, row.id),
    });
    return row.id;
  });
  contentChanged();
  return id;
}

/** False when there is no such collection. */
export async function updateCollection(actor: AuditActor, id: string, input: CollectionInput): Promise<boolean> {
  if (!isId(id)) return false;
  const found = await db().transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.id, id))
      .for('update');
    if (!locked) return false;
    const before = await snapshot(tx, id);
    await tx.update(collections).set(input).where(eq(collections.id, id));
    await recordAudit(tx, actor, {
      action: 'collection.update',
      entityType: 'collection',
      entityId: id,
      before,
      after: await snapshot(tx, id),
    });
    return true;
  });
  if (found) contentChanged();
  return found;
}

/** False when there is no such collection. The audit entry lists the products that lost it. */
export async function deleteCollection(actor: AuditActor, id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const found = await db().transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.id, id))
      .for('update');
    if (!locked) return false;
    const before = await snapshot(tx, id);
    const members = await tx.select({ id: products.id }).from(products).where(eq(products.collectionId, id));
    await tx.delete(collections).where(eq(collections.id, id));
    await recordAudit(tx, actor, {
      action: 'collection.delete',
      entityType: 'collection',
      entityId: id,
      before: { ...before, productIds: members.map((p) => p.id) },
      after: null,
    });
    return true;
  });
  if (found) contentChanged();
  return found;
}
