/**
 * A buyer's review of one order line (decision 0040): allowed only for the customer's own order once it is
 * delivered, once per line. Every check is made in the statement that reads the line, and again by the unique index
 * on (order_id, position) when the review is written, so a forged post or two posts at once leave one review.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { reviews } from '~/db/schema';
import { isId, newId } from '~/lib/ids';
import type { StoredImage } from '~/lib/images';
import { REVIEW_MESSAGES } from '~/lib/reviews/review-form';
import { reviewAuthor } from '~/lib/reviews/reviews';
import { storedImageSchema } from '../catalog/image-sql.server';
import { db } from '../db.server';
import { isUniqueViolation } from '../db-errors.server';
import { checkedRows } from '../sql-rows.server';

/** The order line a review is about, as its form shows it. */
export type ReviewLine = {
  orderId: string;
  position: number;
  productId: string;
  name: string;
  size: string;
  color: string;
  image: StoredImage | null;
  author: string;
};

export type ReviewRefusal = { kind: 'refused'; status: 403 | 404 | 409 | 410; message: string };
export type LineLookup = { kind: 'ok'; line: ReviewLine } | ReviewRefusal;

const lineRow = z.object({
  owned: z.boolean(),
  status: z.string(),
  reviewed: z.boolean(),
  line: z
    .object({
      productId: z.string().nullable(),
      name: z.string(),
      size: z.string(),
      color: z.string(),
      image: storedImageSchema.nullable(),
      firstName: z.string(),
      lastName: z.string(),
    })
    .nullable(),
});

const refused = (status: ReviewRefusal['status'], message: string): ReviewRefusal => ({
  kind: 'refused',
  status,
  message,
});

/** The line `position` of `orderId`, when `userId` may review it now; else why not (another's order says nothing). */
export async function reviewableLine(userId: string, orderId: string, position: number): Promise<LineLookup> {
  if (!isId(orderId) || !Number.isInteger(position) || position < 0) return refused(404, REVIEW_MESSAGES.notFound);
  const rows = await db().execute(sql`
    select o.user_id = ${userId} as owned, o.status,
      exists (select 1 from reviews r where r.order_id = o.id and r.position = i.position) as reviewed,
      case when o.user_id = ${userId} then json_build_object('productId', i.product_id, 'name', i.name,
        'size', i.size, 'color', i.color, 'image', i.image,
        'firstName', coalesce(o.shipping_address->>'firstName', ''),
        'lastName', coalesce(o.shipping_address->>'lastName', '')) end as line
    from orders o join order_items i on i.order_id = o.id and i.position = ${position}
    where o.id = ${orderId}`);
  const [row] = checkedRows(lineRow, rows);
  if (!row) return refused(404, REVIEW_MESSAGES.notFound);
  if (!row.owned || !row.line) return refused(403, REVIEW_MESSAGES.notYours);
  if (row.status !== 'delivered') return refused(409, REVIEW_MESSAGES.notDelivered);
  if (row.reviewed) return refused(409, REVIEW_MESSAGES.reviewed);
  const { productId, firstName, lastName, ...shown } = row.line;
  if (!productId) return refused(410, REVIEW_MESSAGES.productGone);
  return { kind: 'ok', line: { orderId, position, productId, ...shown, author: reviewAuthor(firstName, lastName) } };
}

export type ReviewInput = { rating: number; title: string; body: string; photos: StoredImage[] };

/**
 * Writes the review, pending the admin's approval. The insert itself checks again that the order is the customer's
 * and delivered (a line checked a moment ago may not be any more), and the unique index refuses a second review.
 */
export async function submitReview(
  line: ReviewLine,
  userId: string,
  input: ReviewInput,
): Promise<{ kind: 'saved'; id: string } | ReviewRefusal> {
  const id = newId();
  try {
    const rows = await db().execute(sql`
      insert into reviews (id, product_id, order_id, position, user_id, rating, title, body, photos, author)
      select ${id}, i.product_id, o.id, i.position, o.user_id, ${input.rating}, ${input.title}, ${input.body},
        ${JSON.stringify(input.photos)}::jsonb, ${line.author}
      from orders o join order_items i on i.order_id = o.id and i.position = ${line.position}
      where o.id = ${line.orderId} and o.user_id = ${userId} and o.status = 'delivered'
        and i.product_id is not null
      returning id`);
    if (!rows.length) return refused(409, REVIEW_MESSAGES.notDelivered);
    return { kind: 'saved', id };
  } catch (error) {
    if (isUniqueViolation(error, 'reviews_order_line_idx')) return refused(409, REVIEW_MESSAGES.reviewed);
    throw error;
  }
}

/** The lines of an order already reviewed, for the order page's "Reviewed". */
export async function reviewedPositions(orderId: string): Promise<number[]> {
  if (!isId(orderId)) return [];
  const rows = await db().select({ position: reviews.position }).from(reviews).where(eq(reviews.orderId, orderId));
  return rows.map((row) => row.position);
}
