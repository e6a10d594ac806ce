/**
 * A whole collection put on sale, or its sale ended, in one step (decision 0034, docs/requirements.md#12-admin-area).
 * One transaction holds the collection's row, the prices of every product in it and one audit entry listing each
 * product's prices before and after; once it commits, contentChanged() drops the storefront's stored pages, as every
 * catalog write does (decision 0007). Carts and checkout read prices live: a shopper who saw the old price at checkout
 * is refused at Pay with the new total (docs/architecture.md#5-checkout-and-payment).
 */
import type { SubmissionResult } from '@conform-to/react';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { collections } from '~/db/schema';
import { formErrorResult } from '~/lib/admin/admin-form';
import {
  collectionSaleSchema,
  saleNotice,
  SALE_MESSAGES,
  type CollectionSaleInput,
} from '~/lib/catalog/admin-sale-price';
import { isId } from '~/lib/ids';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { readPostedSubmission, type Tx } from '../admin/crud.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { logger } from '../logger.server';
import { checkedRows } from '../sql-rows.server';
import { SMALL_POST_LIMIT } from './admin-upload-files.server';

const changedRow = z.object({
  id: z.string(),
  priceBefore: z.number(),
  compareAtBefore: z.number().nullable(),
  price: z.number(),
  compareAtPrice: z.number().nullable(),
});
type Changed = z.infer<typeof changedRow>;

/**
 * Every product of the collection at `percent` off its price before the sale: that is its compare-at price when it has
 * one (a sale already running is re-priced, not stacked), else its price, which becomes the compare-at price. The new
 * price is rounded to whole naira; a product whose price would not come down at all (a price of a few naira) is left
 * as it is.
 */
const putOnSale = (tx: Tx, collectionId: string, percent: number) =>
  tx.execute(sql`
    with target as (
      select id, price, compare_at_price, coalesce(compare_at_price, price) as full_price
      from products where collection_id = ${collectionId}
      for update
    ), priced as (
      select t.*, (round(t.full_price * (100 - ${percent}::int) / 10000.0) * 100)::int as sale_price from target t
    )
    update products p set compare_at_price = s.full_price, price = s.sale_price
    from priced s
    where p.id = s.id and s.sale_price < s.full_price
      and (p.price, p.compare_at_price) is distinct from (s.sale_price, s.full_price)
    returning p.id, s.price as "priceBefore", s.compare_at_price as "compareAtBefore", p.price,
      p.compare_at_price as "compareAtPrice"`);

/** Every product of the collection on sale back at its price before the sale. */
const endSale = (tx: Tx, collectionId: string) =>
  tx.execute(sql`
    with target as (
      select id, price, compare_at_price from products
      where collection_id = ${collectionId} and compare_at_price is not null
      for update
    )
    update products p set price = t.compare_at_price, compare_at_price = null
    from target t
    where p.id = t.id
    returning p.id, t.price as "priceBefore", t.compare_at_price as "compareAtBefore", p.price,
      p.compare_at_price as "compareAtPrice"`);

/** How many products changed; null when there is no such collection. */
export async function changeCollectionSale(
  actor: AuditActor,
  collectionId: string,
  input: CollectionSaleInput,
): Promise<number | null> {
  if (!isId(collectionId)) return null;
  const changed = await db().transaction(async (tx): Promise<Changed[] | null> => {
    // The collection's row first: a product moved into it meanwhile waits, and a deleted collection changes nothing.
    const [found] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.id, collectionId))
      .for('update');
    if (!found) return null;
    const rows = checkedRows(
      changedRow,
      input.intent === 'put-on-sale'
        ? await putOnSale(tx, collectionId, input.percent)
        : await endSale(tx, collectionId),
    );
    const prices = (row: Changed, when: 'before' | 'after') =>
      when === 'before'
        ? { id: row.id, price: row.priceBefore, compareAtPrice: row.compareAtBefore }
        : { id: row.id, price: row.price, compareAtPrice: row.compareAtPrice };
    await recordAudit(tx, actor, {
      action: input.intent === 'put-on-sale' ? 'collection.sale' : 'collection.endSale',
      entityType: 'collection',
      entityId: collectionId,
      before: { products: rows.map((row) => prices(row, 'before')) },
      after: {
        ...(input.intent === 'put-on-sale' ? { percent: input.percent } : {}),
        products: rows.map((row) => prices(row, 'after')),
      },
    });
    return rows;
  });
  if (changed === null) return null;
  if (changed.length > 0) contentChanged();
  return changed.length;
}

/** The collection's products and how many of them are on sale, for its edit page. */
export async function collectionSaleCounts(collectionId: string): Promise<{ products: number; onSale: number }> {
  if (!isId(collectionId)) return { products: 0, onSale: 0 };
  const [row] = checkedRows(
    z.object({ products: z.number(), onSale: z.number() }),
    await db().execute(sql`select count(*)::int as products,
        (count(*) filter (where compare_at_price is not null))::int as "onSale"
      from products where collection_id = ${collectionId}`),
  );
  return row ?? { products: 0, onSale: 0 };
}

/** What one post of the collection's sale form came to: done (with the edit page's notice), or the form back. */
export type CollectionSaleOutcome =
  | { kind: 'done'; notice: string }
  | { kind: 'form'; status: number; result: SubmissionResult<string[]> }
  | { kind: 'not-found' };

export async function submitCollectionSale(
  request: Request,
  actor: AuditActor,
  collectionId: string,
): Promise<CollectionSaleOutcome> {
  const posted = await readPostedSubmission(request, SMALL_POST_LIMIT, collectionSaleSchema);
  if (!posted) return { kind: 'form', status: 413, result: formErrorResult(SALE_MESSAGES.failed) };
  const { submission } = posted;
  if (submission.status !== 'success') return { kind: 'form', status: 400, result: submission.reply() };
  const input = submission.value;
  let count: number | null;
  try {
    count = await changeCollectionSale(actor, collectionId, input);
  } catch (error) {
    logger.error({ err: error, collectionId }, 'changing a collection sale failed');
    return { kind: 'form', status: 500, result: submission.reply({ formErrors: [SALE_MESSAGES.failed] }) };
  }
  if (count === null) return { kind: 'not-found' };
  const percent = input.intent === 'put-on-sale' ? input.percent : undefined;
  return { kind: 'done', notice: saleNotice({ ended: input.intent === 'end-sale', count, percent }) };
}
