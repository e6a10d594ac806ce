/**
 * The product page's data in two queries run side by side: the product with its images, variant
 * stock, collection, size guide (its size set's, else its category's: decision 0034) and a page of its approved
 * reviews (decision 0040) (JSON aggregation in one statement), and its related products
 * (docs/requirements.md#4-what-each-page-shows: same category, 8 fetched, itself excluded, 7 kept), which find the
 * category through a subquery so they need not wait for the first. Also the sitemap's listing, one query per table.
 */
import { and, desc, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { collections, products } from '~/db/schema';
import { RELATED_KEEP, RELATED_QUERY_LIMIT } from '~/lib/catalog/catalog-constants';
import type { ProductCardData, ProductDetail } from '~/lib/catalog/catalog-types';
import { isId } from '~/lib/ids';
import { db } from '../db.server';
import { storedImageJson, storedImageSchema } from './image-sql.server';
import { productCards } from './product-cards.server';
import type { ProductReviews } from '~/lib/reviews/reviews';
import { productReviewsJson, productReviewsSchema } from '../reviews/review-sql.server';
import { checkedRows } from '../sql-rows.server';

export type ProductPageData = { product: ProductDetail; related: ProductCardData[]; reviews: ProductReviews };

/**
 * Null for an unknown or malformed id (a malformed id is simply "not found"). `reviewsPage` is the page of approved
 * reviews shown (decision 0040), read in the product's own statement.
 */
export async function getProductPage(id: string, reviewsPage = 1): Promise<ProductPageData | null> {
  if (!isId(id)) return null;
  const [found, related] = await Promise.all([readProduct(id, reviewsPage), getRelatedProducts(id)]);
  return found ? { ...found, related } : null;
}

/** getProduct's row: the fields in the order the statement selects them. */
const productDetailRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  compareAtPrice: z.number().nullable(),
  category: z.string(),
  sizeSetId: z.string(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  inStock: z.boolean(),
  featured: z.boolean(),
  createdAt: z.string(),
  collection: z.object({ id: z.string(), name: z.string() }).nullable(),
  images: z.array(storedImageSchema.extend({ color: z.string().nullable() })),
  swatches: z.array(z.object({ name: z.string(), swatch: z.string() })),
  variants: z.array(z.object({ size: z.string(), color: z.string(), stock: z.number().nullable() })),
  fitNote: z.string(),
  sizeGuide: z
    .object({
      title: z.string(),
      measurements: z.array(z.string()),
      rows: z.array(z.object({ size: z.string(), cm: z.array(z.number().nullable()) })),
    })
    .nullable(),
  dropsAt: z.string().nullable(),
  ownDropsAt: z.string().nullable(),
  dropCap: z.number().nullable(),
}) satisfies z.ZodType<ProductDetail>;

export async function getProduct(id: string): Promise<ProductDetail | null> {
  return (await readProduct(id, 1))?.product ?? null;
}

async function readProduct(id: string, reviewsPage: number) {
  if (!isId(id)) return null;
  const rows = await db().execute(sql`
    select p.id, p.name, p.description, p.price, p.compare_at_price as "compareAtPrice", p.category,
      p.size_set_id as "sizeSetId", p.sizes, p.colors,
      p.in_stock as "inStock", p.featured, to_json(p.created_at) #>> '{}' as "createdAt",
      case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as collection,
      coalesce((
        select json_agg(${storedImageJson('pi')}::jsonb || jsonb_build_object('color', pi.color)
          order by pi.position, pi.id)
        from product_images pi where pi.product_id = p.id
      ), '[]'::json) as images,
      -- The swatches of its colours (decision 0034): read here, so the page costs no statement more.
      coalesce((
        select json_agg(json_build_object('name', k.name, 'swatch', k.swatch)) from colours k where k.name = any(p.colors)
      ), '[]'::json) as swatches,
      coalesce((
        select json_agg(json_build_object('size', v.size, 'color', v.color, 'stock', v.stock) order by v.size, v.color)
        from product_variants v where v.product_id = p.id
      ), '[]'::json) as variants,
      p.fit_note as "fitNote",
      (
        select json_build_object('title', coalesce(ss.name, g.category), 'measurements', g.measurements, 'rows', g.rows)
        from size_guides g left join size_sets ss on ss.id = g.size_set_id
        where g.size_set_id = p.size_set_id or g.category = p.category
        order by g.size_set_id is null
        limit 1
      ) as "sizeGuide",
      -- Its opening, the later of its own and its collection's (decision 0036).
      to_json(greatest(p.drops_at, c.drops_at)) #>> '{}' as "dropsAt",
      to_json(p.drops_at) #>> '{}' as "ownDropsAt", p.drop_cap as "dropCap",
      ${productReviewsJson(sql`p.id`, reviewsPage)} as reviews
    from products p
    left join collections c on c.id = p.collection_id
    where p.id = ${id}`);
  const [row] = checkedRows(productDetailRow.extend({ reviews: productReviewsSchema }), rows);
  if (!row) return null;
  const { reviews, ...product } = row;
  return { product, reviews };
}

/** Up to RELATED_KEEP products of the same category, newest first, never the product itself. */
export async function getRelatedProducts(id: string): Promise<ProductCardData[]> {
  const cards = await productCards({
    where: and(
      sql`${products.category} = (select p2.category from products p2 where p2.id = ${id})`,
      ne(products.id, id),
    ),
    orderBy: [desc(products.createdAt), desc(products.id)],
    limit: RELATED_QUERY_LIMIT,
  });
  return cards.slice(0, RELATED_KEEP);
}

export type SitemapEntry = { id: string; lastModified: Date };

/** Every product and collection for /sitemap.xml: one query per table, ids and dates only. */
export async function sitemapEntries(): Promise<{ products: SitemapEntry[]; collections: SitemapEntry[] }> {
  const [productRows, collectionRows] = await Promise.all([
    db()
      .select({ id: products.id, lastModified: products.createdAt })
      .from(products)
      .orderBy(desc(products.createdAt), desc(products.id)),
    db()
      .select({ id: collections.id, lastModified: collections.createdAt })
      .from(collections)
      .orderBy(desc(collections.createdAt), desc(collections.id)),
  ]);
  return { products: productRows, collections: collectionRows };
}
