/**
 * The admin's moderation of reviews (decision 0040): pending ones first, then the rest newest first; approve, hide
 * or reply, each audited in the same transaction, and the stored pages dropped so the product page shows the change
 * within a second (http-cache.server.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { reviews } from '~/db/schema';
import { REVIEW_STATUSES, type AdminReview, type ReviewStatus } from '~/lib/reviews/reviews';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { storedImageSchema } from '../catalog/image-sql.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { checkedRows } from '../sql-rows.server';

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

const adminReviewRow = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  orderId: z.string(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  author: z.string(),
  size: z.string(),
  color: z.string(),
  photos: z.array(storedImageSchema),
  status: z.enum(REVIEW_STATUSES),
  reply: z.string().nullable(),
  createdAt: z.string(),
  total: z.number(),
  pending: z.number(),
}) satisfies z.ZodType<AdminReview & { total: number; pending: number }>;

export type AdminReviewPage = { reviews: AdminReview[]; page: number; pageCount: number; pending: number };

export async function listReviewsForAdmin(page = 1): Promise<AdminReviewPage> {
  const rows = await db().execute(sql`
    select r.id, r.product_id as "productId", p.name as "productName", r.order_id as "orderId", r.rating, r.title,
      r.body, r.author, i.size, i.color, r.photos, r.status, r.reply,
      to_json(r.created_at) #>> '{}' as "createdAt",
      (count(*) over ())::int as total,
      (select count(*) from reviews q where q.status = 'pending')::int as pending
    from reviews r
    join products p on p.id = r.product_id
    join order_items i on i.order_id = r.order_id and i.position = r.position
    order by r.status = 'pending' desc, r.created_at desc, r.id desc
    limit ${ADMIN_REVIEWS_PAGE_SIZE} offset ${(page - 1) * ADMIN_REVIEWS_PAGE_SIZE}`);
  const checked = checkedRows(adminReviewRow, rows);
  const total = checked[0]?.total ?? 0;
  const pending = checked[0]?.pending ?? (await pendingReviewCount());
  return {
    reviews: checked.map(({ total: _total, pending: _pending, ...review }) => review),
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE)),
    pending,
  };
}

export async function pendingReviewCount(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.status, 'pending'));
  return row?.count ?? 0;
}

export type ModerationAction = { intent: 'approve' | 'hide' } | { intent: 'reply'; reply: string };

/** Approves, hides or answers one review; `not-found` for an unknown id. */
export async function moderateReview(
  actor: AuditActor,
  id: string,
  action: ModerationAction,
  now = new Date(),
): Promise<{ kind: 'updated' | 'not-found' }> {
  const result = await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ status: reviews.status, reply: reviews.reply })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for('update');
    if (!before) return { kind: 'not-found' } as const;
    const change: { status?: ReviewStatus; moderatedAt?: Date; reply?: string; repliedAt?: Date } =
      action.intent === 'reply'
        ? { reply: action.reply, repliedAt: now }
        : { status: action.intent === 'approve' ? 'approved' : 'hidden', moderatedAt: now };
    await tx.update(reviews).set(change).where(eq(reviews.id, id));
    await recordAudit(tx, actor, {
      action: `review.${action.intent === 'approve' ? 'approved' : action.intent === 'hide' ? 'hidden' : 'replied'}`,
      entityType: 'review',
      entityId: id,
      before,
      after: { status: change.status ?? before.status, reply: change.reply ?? before.reply },
    });
    return { kind: 'updated' } as const;
  });
  // An approved review (or a reply under one) changes the product page and its JSON-LD.
  if (result.kind === 'updated') contentChanged();
  return result;
}
