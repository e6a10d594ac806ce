/**
 * The customer's wishlist (decision 0005): product ids saved per account, at most WISHLIST_MAX. Visitors keep
 * theirs in the browser; `mergeWishlist` takes that list in after sign-in. Cards come from productCards.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { products, wishlistItems } from '~/db/schema';
import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { isId } from '~/lib/ids';
import { WISHLIST_MAX } from '~/lib/wishlist/wishlist';
import { db } from '../db.server';
import { productCards } from '../catalog/product-cards.server';
import { checkedRows } from '../sql-rows.server';

export type WishlistChange = { ok: true; saved: boolean } | { ok: false; reason: 'unknown-product' | 'full' };

/** The saved product ids, newest first. */
export async function wishlistIds(userId: string): Promise<string[]> {
  const rows = await db()
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), wishlistItems.productId);
  return rows.map((row) => row.productId);
}

/** addToWishlist's one row: whether the product exists, and whether it is on the list now. */
const addedRow = z.object({ product: z.boolean(), saved: z.boolean() });

/** Saves a product (idempotent). Unknown products and a full list are refused. */
export async function addToWishlist(userId: string, productId: string): Promise<WishlistChange> {
  if (!isId(productId)) return { ok: false, reason: 'unknown-product' };
  const rows = await db().execute(sql`
    with added as (
      insert into wishlist_items (user_id, product_id)
      select ${userId}, p.id from products p
      where p.id = ${productId} and (select count(*) from wishlist_items where user_id = ${userId}) < ${WISHLIST_MAX}
      on conflict do nothing
      returning product_id
    )
    select exists (select 1 from products where id = ${productId}) as product,
      exists (select 1 from added)
        or exists (select 1 from wishlist_items where user_id = ${userId} and product_id = ${productId}) as saved`);
  const [row] = checkedRows(addedRow, rows);
  if (!row?.product) return { ok: false, reason: 'unknown-product' };
  if (!row.saved) return { ok: false, reason: 'full' };
  return { ok: true, saved: true };
}

/** Removes a product (idempotent: removing what is not there is still "removed"). */
export async function removeFromWishlist(userId: string, productId: string): Promise<WishlistChange> {
  if (isId(productId))
    await db()
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return { ok: true, saved: false };
}

/** Removes a saved product, or saves one that is not. */
export async function toggleWishlist(userId: string, productId: string): Promise<WishlistChange> {
  if (!isId(productId)) return { ok: false, reason: 'unknown-product' };
  const removed = await db()
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  return removed.length ? { ok: true, saved: false } : addToWishlist(userId, productId);
}

/**
 * Takes in the browser's list after sign-in: known products only, up to the limit, without duplicates.
 * Returns the whole list afterwards, so the page knows every saved product.
 */
export async function mergeWishlist(userId: string, productIds: string[]): Promise<string[]> {
  const ids = [...new Set(productIds.filter(isId))].slice(0, WISHLIST_MAX);
  if (ids.length) {
    // Oldest first, so the browser's last-saved product ends up newest; only new, known products count
    // against the limit.
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    await db().execute(sql`
      insert into wishlist_items (user_id, product_id, created_at)
      select ${userId}, fresh.id, now() + fresh.n * interval '1 microsecond'
      from (
        select x.id, row_number() over (order by x.ord) as n
        from unnest(array[${list}]::text[]) with ordinality as x(id, ord)
        join products p on p.id = x.id
        where not exists (select 1 from wishlist_items w where w.user_id = ${userId} and w.product_id = x.id)
      ) fresh
      where fresh.n <= ${WISHLIST_MAX} - (select count(*) from wishlist_items where user_id = ${userId})
      on conflict do nothing`);
  }
  return wishlistIds(userId);
}

/** The saved products as cards, newest first (one query). */
export async function listWishlist(userId: string): Promise<ProductCardData[]> {
  const savedAt = sql`(select w.created_at from wishlist_items w
    where w.user_id = ${userId} and w.product_id = "products"."id")`;
  return productCards({
    where: sql`${savedAt} is not null`,
    orderBy: [sql`${savedAt} desc`, sql`"products"."id"`],
    limit: WISHLIST_MAX,
  });
}

/** Cards for a visitor's browser list (public product data), in the order given; unknown ids are skipped. */
export async function cardsForIds(productIds: string[]): Promise<ProductCardData[]> {
  const ids = [...new Set(productIds.filter(isId))].slice(0, WISHLIST_MAX);
  if (!ids.length) return [];
  const cards = await productCards({ where: inArray(products.id, ids), limit: WISHLIST_MAX });
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
