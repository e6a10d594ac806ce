/**
 * Data of the home and about pages. The home page has a budget of two queries (the root loader
 * adds one): every product list in ONE statement (a `union all` of card selects tagged with
 * a `list` column), and every collection in another.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { collections, productImages, products } from '~/db/schema';
import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { HOME_FEATURED_LIMIT, HOME_NEWEST_LIMIT } from '~/lib/catalog/catalog-constants';
import { ID_ALPHABET } from '~/lib/ids';
import type { AboutPage, HomePage } from '~/lib/store/home-types';
import { db } from '../db.server';
import { collectionSummaryColumns } from './listing.server';
import { cardColumns, productCards } from './product-cards.server';

export const HOME_RECOMMENDED_LIMIT = 8;
export const ABOUT_MOSAIC_LIMIT = 5;

type ListName = 'featured' | 'newest' | 'recommended';

const newestFirst = [desc(products.createdAt), desc(products.id)];

/** A card select for one list: its tag, and its rank inside the list (union all keeps no order), from `rankFrom` on. */
function cardList(list: ListName, rankOrder: ReturnType<typeof sql>, rankFrom = 0) {
  return db()
    .select({
      ...cardColumns,
      list: sql<ListName>`${list}::text`.as('list'),
      rank: sql<number>`(${rankFrom} + row_number() over (order by ${rankOrder}))::int`.as('rank'),
    })
    .from(products);
}

/**
 * A point in the order of product ids that moves every day. Ids are random (ids.ts), so the products that
 * follow it are a fresh sample each day, the same all day, and the primary key index finds them without
 * reading the whole catalog (ordering every product by a hash of its id cost 15 ms at 10,000 products).
 */
export function dailyPivot(day: Date): string {
  const digest = createHash('sha256').update(day.toISOString().slice(0, 10)).digest();
  return Array.from(digest.subarray(0, 14), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

const featuredIds = () =>
  db()
    .select({ id: products.id })
    .from(products)
    .where(eq(products.featured, true))
    .orderBy(...newestFirst)
    .limit(HOME_FEATURED_LIMIT);
const newestIds = () =>
  db()
    .select({ id: products.id })
    .from(products)
    .orderBy(...newestFirst)
    .limit(HOME_NEWEST_LIMIT);

export async function getHomePage(today = new Date()): Promise<HomePage> {
  const newestOrder = sql`${products.createdAt} desc, ${products.id} desc`;
  const featured = cardList('featured', newestOrder)
    .where(eq(products.featured, true))
    .orderBy(...newestFirst)
    .limit(HOME_FEATURED_LIMIT);
  const newest = cardList('newest', newestOrder)
    .orderBy(...newestFirst)
    .limit(HOME_NEWEST_LIMIT);
  /**
   * Recommended: eight in-stock products that neither the featured nor the newest grid already shows, the
   * first ones at or after today's pivot in id order, wrapping around to the start of the order: the
   * second select ranks after the first, and the page keeps the first eight.
   */
  const pivot = dailyPivot(today);
  const candidate = and(
    eq(products.inStock, true),
    notInArray(products.id, featuredIds()),
    notInArray(products.id, newestIds()),
  );
  const idOrder = sql`${products.id}`;
  const recommended = cardList('recommended', idOrder)
    .where(and(candidate, gte(products.id, pivot)))
    .orderBy(asc(products.id))
    .limit(HOME_RECOMMENDED_LIMIT);
  const wrapped = cardList('recommended', idOrder, HOME_RECOMMENDED_LIMIT)
    .where(and(candidate, lt(products.id, pivot)))
    .orderBy(asc(products.id))
    .limit(HOME_RECOMMENDED_LIMIT);

  const [rows, collectionRows] = await Promise.all([
    unionAll(featured, newest, recommended, wrapped),
    db().select(collectionSummaryColumns).from(collections).orderBy(desc(collections.createdAt), desc(collections.id)),
  ]);

  const lists: Record<ListName, ProductCardData[]> = { featured: [], newest: [], recommended: [] };
  for (const { list, rank: _rank, ...card } of [...rows].sort((a, b) => a.rank - b.rank)) lists[list].push(card);
  lists.recommended = lists.recommended.slice(0, HOME_RECOMMENDED_LIMIT);
  return { ...lists, collections: collectionRows, featuredCollections: collectionRows.filter((c) => c.featured) };
}

/**
 * The about page: the featured products (5, newest first, as on the home page) and, for the
 * mosaic, a second picture of the newest products that have one (the first picture is already on
 * their cards), falling back to the first picture. Two queries.
 */
export async function getAboutPage(): Promise<AboutPage> {
  const pick = db()
    .selectDistinctOn([products.createdAt, products.id], {
      productId: products.id,
      productName: products.name,
      key: productImages.key,
      width: productImages.width,
      height: productImages.height,
      widths: productImages.widths,
      alt: productImages.alt,
    })
    .from(products)
    .innerJoin(productImages, and(eq(productImages.productId, products.id), inArray(productImages.position, [0, 1])))
    // distinct on keeps the first row per product: position 1 before position 0.
    .orderBy(desc(products.createdAt), desc(products.id), desc(productImages.position))
    .limit(ABOUT_MOSAIC_LIMIT);

  const [featured, mosaic] = await Promise.all([
    productCards({ where: eq(products.featured, true), orderBy: newestFirst, limit: HOME_FEATURED_LIMIT }),
    pick,
  ]);
  return { featured, mosaic: mosaic.map((m) => ({ ...m, alt: m.alt || m.productName })) };
}
