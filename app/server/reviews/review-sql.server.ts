/**
 * A product's approved reviews as one JSON column of the product page's own statement (decision 0040): the page
 * stays within its three statements. The average and count cover every approved review, the items one page of them,
 * newest first, each with the size and colour of the order line it reviews. In short (average and count), they are
 * a column of the product cards' statement too (decision 0049).
 */
import { is, SQL, sql, type Column } from 'drizzle-orm';
import { z } from 'zod';
import { REVIEWS_PAGE_SIZE, type ProductRating, type ProductReviews } from '~/lib/reviews/reviews';
import { storedImageSchema } from '../catalog/image-sql.server';
import { checked, columnRef } from '../sql-rows.server';

export const productReviewsSchema = z.object({
  average: z.number().nullable(),
  count: z.number(),
  page: z.number(),
  items: z.array(
    z.object({
      id: z.string(),
      rating: z.number(),
      title: z.string(),
      body: z.string(),
      author: z.string(),
      size: z.string(),
      color: z.string(),
      photos: z.array(storedImageSchema),
      reply: z.string().nullable(),
      createdAt: z.string(),
      date: z.string(),
    }),
  ),
}) satisfies z.ZodType<ProductReviews>;

/** The JSON of productReviewsSchema for the product whose id is `productId` (a column of the outer statement). */
export function productReviewsJson(productId: SQL, page: number): SQL {
  const offset = (page - 1) * REVIEWS_PAGE_SIZE;
  return sql`(
    select json_build_object(
      'count', count(*)::int,
      'average', round(avg(ra.rating), 1)::float8,
      'page', ${page}::int,
      'items', coalesce((
        select json_agg(json_build_object('id', x.id, 'rating', x.rating, 'title', x.title, 'body', x.body,
          'author', x.author, 'size', x.size, 'color', x.color, 'photos', x.photos, 'reply', x.reply,
          'createdAt', to_json(x.created_at) #>> '{}',
          'date', to_char(x.created_at at time zone 'Africa/Lagos', 'FMDD Mon YYYY'))
          order by x.created_at desc, x.id desc)
        from (
          select r.id, r.rating, r.title, r.body, r.author, r.photos, r.reply, r.created_at, i.size, i.color
          from reviews r join order_items i on i.order_id = r.order_id and i.position = r.position
          where r.product_id = ${productId} and r.status = 'approved'
          order by r.created_at desc, r.id desc
          limit ${REVIEWS_PAGE_SIZE} offset ${offset}
        ) x
      ), '[]'::json)
    )
    from reviews ra where ra.product_id = ${productId} and ra.status = 'approved'
  )`;
}

const productRatingSchema = z.object({ average: z.number(), count: z.number() }) satisfies z.ZodType<ProductRating>;

/**
 * A product card's stars (decision 0049): the average and count of the product's approved reviews, or null without
 * any, as a subquery of the cards' own statement (so a grid still costs one query; reviews_product_status_idx).
 * `productId` is the outer select's product id column, or an SQL expression for it.
 */
export function productRatingSql(productId: Column | SQL): SQL<ProductRating | null> {
  const id = is(productId, SQL) ? productId : columnRef(productId);
  return sql`(select case when count(*) = 0 then null
      else json_build_object('average', round(avg(rr.rating), 1)::float8, 'count', count(*)::int) end
    from reviews rr where rr.product_id = ${id} and rr.status = 'approved')`.mapWith(
    checked(productRatingSchema.nullable()),
  );
}
