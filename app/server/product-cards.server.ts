/**
 * The one query shape for product cards, shared by every listing (home, shop, collection, related):
 * card columns plus the first image, fetched in the same statement so a grid costs one query.
 */
import { asc, sql, type SQL } from 'drizzle-orm';
import { products } from '~/db/schema';
import type { ProductCardData } from '~/lib/catalog-types';
import type { StoredImage } from '~/lib/images';
import { db } from './db.server';

export const cardColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  category: products.category,
  inStock: products.inStock,
  firstSize: sql<string>`coalesce(${products.sizes}[1], '')`.as('first_size'),
  firstColor: sql<string>`coalesce(${products.colors}[1], '')`.as('first_color'),
  // Drizzle renders ${products.id} unqualified ("id") in a one-table select, which inside this
  // subquery would mean pi.id; so the outer column is named with its table explicitly.
  image: sql<StoredImage | null>`(
    select json_build_object('key', pi.key, 'width', pi.width, 'height', pi.height, 'widths', pi.widths, 'alt', pi.alt)
    from product_images pi where pi.product_id = "products"."id" order by pi.position limit 1
  )`.as('image'),
};

type CardQuery = { where?: SQL; orderBy?: SQL[]; limit: number; offset?: number };

export async function productCards({
  where,
  orderBy = [asc(products.name), asc(products.id)],
  limit,
  offset = 0,
}: CardQuery): Promise<ProductCardData[]> {
  return db()
    .select(cardColumns)
    .from(products)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}
