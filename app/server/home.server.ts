/**
 * Data of the home and about pages. The home page has a budget of two queries (the root loader
 * adds one): every product list in ONE statement (a `union all` of three card selects tagged with
 * a `list` column), and every collection in another.
 */
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { collections, productImages, products } from '~/db/schema';
import type { ProductCardData } from '~/lib/catalog-types';
import { HOME_FEATURED_LIMIT, HOME_NEWEST_LIMIT } from '~/lib/catalog-constants';
import type { AboutPage, HomePage } from '~/lib/home-types';
import { db } from './db.server';
import { cardColumns, productCards } from './product-cards.server';

export const HOME_RECOMMENDED_LIMIT = 8;
export const ABOUT_MOSAIC_LIMIT = 5;

type ListName = 'featured' | 'newest' | 'recommended';

const newestFirst = [desc(products.createdAt), desc(products.id)];

/** A card select for one list: its tag, and its rank inside the list (union all keeps no order). */
function cardList(list: ListName, rankOrder: ReturnType<typeof sql>) {
  return db()
    .select({
      ...cardColumns,
      list: sql<ListName>`${list}::text`.as('list'),
      rank: sql<number>`row_number() over (order by ${rankOrder})::int`.as('rank'),
    })
    .from(products);
}

const featuredIds = () =>
  db().select({ id: products.id }).from(products).where(eq(products.featured, true)).orderBy(...newestFirst).limit(HOME_FEATURED_LIMIT);
const newestIds = () => db().select({ id: products.id }).from(products).orderBy(...newestFirst).limit(HOME_NEWEST_LIMIT);

export async function getHomePage(): Promise<HomePage> {
  const newestOrder = sql`${products.createdAt} desc, ${products.id} desc`;
  /**
   * Recommended: in-stock products that neither the featured nor the newest grid already shows,
   * picked by a hash of the id and today's date, so the choice rotates daily yet stays the same
   * all day (stable between reloads and cache-friendly). Eight of them.
   */
  const dailyOrder = sql`md5(${products.id} || current_date::text), ${products.id}`;

  const featured = cardList('featured', newestOrder).where(eq(products.featured, true)).orderBy(...newestFirst).limit(HOME_FEATURED_LIMIT);
  const newest = cardList('newest', newestOrder).orderBy(...newestFirst).limit(HOME_NEWEST_LIMIT);
  const recommended = cardList('recommended', dailyOrder)
    .where(and(eq(products.inStock, true), notInArray(products.id, featuredIds()), notInArray(products.id, newestIds())))
    .orderBy(dailyOrder)
    .limit(HOME_RECOMMENDED_LIMIT);

  const [rows, collectionRows] = await Promise.all([
    unionAll(featured, newest, recommended),
    db()
      .select({ id: collections.id, name: collections.name, description: collections.description, image: collections.image, featured: collections.featured })
      .from(collections)
      .orderBy(desc(collections.createdAt), desc(collections.id)),
  ]);

  const lists: Record<ListName, ProductCardData[]> = { featured: [], newest: [], recommended: [] };
  for (const { list, rank: _rank, ...card } of [...rows].sort((a, b) => a.rank - b.rank)) lists[list].push(card);
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
