/**
 * The one query shape for product cards, shared by every listing (home, shop, collection, related):
 * card columns plus the first image and the reviews' stars, fetched in the same statement so a grid costs one query.
 */
import { asc, sql, type SQL } from 'drizzle-orm';
import { products } from '~/db/schema';
import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { db } from '../db.server';
import { productRatingSql } from '../reviews/review-sql.server';
import { upcomingOpeningSql } from './drops.server';
import { firstImageSql } from './image-sql.server';

export const cardColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  category: products.category,
  inStock: products.inStock,
  firstSize: sql<string>`coalesce(${products.sizes}[1], '')`.as('first_size'),
  firstColor: sql<string>`coalesce(${products.colors}[1], '')`.as('first_color'),
  image: firstImageSql(products.id).as('image'),
  dropsAt: upcomingOpeningSql.as('upcoming_drop'),
  rating: productRatingSql(products.id).as('rating'),
};

/** `colour`: the listing's colour filter, whose photo the cards show (decision 0034). */
type CardQuery = { where?: SQL; orderBy?: SQL[]; limit: number; offset?: number; colour?: string | null };

export async function productCards({
  where,
  orderBy = [asc(products.name), asc(products.id)],
  limit,
  offset = 0,
  colour = null,
}: CardQuery): Promise<ProductCardData[]> {
  return db()
    .select(colour ? { ...cardColumns, image: firstImageSql(products.id, colour).as('image') } : cardColumns)
    .from(products)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}
