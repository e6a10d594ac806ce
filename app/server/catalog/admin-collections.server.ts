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
import { z } from 'zod';
import { collections, products } from '~/db/schema';
import type { AdminCollectionRow, CollectionInput } from '~/lib/catalog/admin-catalog';
import type { CollectionSummary } from '~/lib/catalog/catalog-types';
import { isId } from '~/lib/ids';
import { storedImageSchema } from './image-sql.server';
import { collectionSummaryColumns } from './listing.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { checkedRows } from '../sql-rows.server';
import { auditedWrites } from '../admin/crud.server';

export type { AdminCollectionRow };

/** listAdminCollections' row: createdAt is already text (to_json), the image the stored JSON, checked. */
const listRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image: storedImageSchema.nullable(),
  featured: z.boolean(),
  createdAt: z.string(),
  productCount: z.number(),
}) satisfies z.ZodType<AdminCollectionRow>;

/** Every collection, newest first (a store has tens of them, not thousands: no pages). */
export async function listAdminCollections(): Promise<AdminCollectionRow[]> {
  const rows = await db().execute(sql`
    select c.id, c.name, left(ltrim(c.description), 101) as description, c.image, c.featured,
      to_json(c.created_at) #>> '{}' as "createdAt",
      (select count(*)::int from products p where p.collection_id = c.id) as "productCount"
    from collections c
    order by c.created_at desc, c.id desc`);
  return checkedRows(listRow, rows);
}

export type CollectionOption = { id: string; name: string };

/** For the product form's select and the list's filter. */
export async function collectionOptions(): Promise<CollectionOption[]> {
  return db()
    .select({ id: collections.id, name: collections.name })
    .from(collections)
    .orderBy(asc(collections.name), desc(collections.createdAt));
}

/** The collection as its edit page shows it, with its drop's opening time (decision 0036). */
export async function getCollection(id: string): Promise<(CollectionSummary & { dropsAt: Date | null }) | null> {
  if (!isId(id)) return null;
  const [row] = await db()
    .select({ ...collectionSummaryColumns, dropsAt: collections.dropsAt })
    .from(collections)
    .where(eq(collections.id, id));
  return row ?? null;
}

export async function collectionExists(id: string): Promise<boolean> {
  return (await getCollection(id)) !== null;
}

const writes = auditedWrites({
  table: collections,
  entity: 'collection',
  columns: (input: CollectionInput) => input,
  // The audit entry of a delete lists the products that lost the collection.
  deleteDetails: async (tx, id) => ({
    productIds: (await tx.select({ id: products.id }).from(products).where(eq(products.collectionId, id))).map(
      (p) => p.id,
    ),
  }),
  afterCommit: contentChanged,
});

export const createCollection = writes.create;
/** False when there is no such collection. */
export const updateCollection = writes.update;
/** False when there is no such collection. The audit entry lists the products that lost it. */
export const deleteCollection = writes.remove;

/** The collection's name, for the list's delete question; null when there is none. */
export async function getCollectionName(id: string): Promise<string | null> {
  return (await getCollection(id))?.name ?? null;
}
