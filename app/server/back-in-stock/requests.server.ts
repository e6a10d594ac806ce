/**
 * "Email me when it's back" requests (issue 18): a shopper asks for a sold-out size and colour, the admin sees how
 * many wait per variant. The one mail each request gets is sent by ./notify.server.ts when the stock returns.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { backInStockRequests } from '~/db/schema';
import { BACK_IN_STOCK_MAX_OPEN, BACK_IN_STOCK_MESSAGES, type BackInStockInput } from '~/lib/back-in-stock';
import { CART_MESSAGES } from '~/lib/cart-rules';
import { PRODUCT_MAX_SWATCHES } from '~/lib/catalog-constants';
import { stockCellKey } from '~/lib/admin-catalog-product';
import { getProduct } from '../catalog/product.server';
import { db } from '../db.server';

export type BackInStockAsker = { email: string; userId: string | null };

/**
 * Records the request when the chosen size and colour is sold out (tracked stock 0 of a product on sale). Answers
 * the words the product page shows: the refusals are the cart's own for an unknown product, size or colour.
 */
export async function askBackInStock(
  { productId, size, color }: Omit<BackInStockInput, 'email'>,
  asker: BackInStockAsker,
): Promise<string> {
  const product = await getProduct(productId);
  if (!product) return CART_MESSAGES.unknownProduct;
  if (product.sizes.length ? !product.sizes.includes(size) : size !== '') return CART_MESSAGES.badSize;
  const colors = product.colors.slice(0, PRODUCT_MAX_SWATCHES);
  if (colors.length ? !colors.includes(color) : color !== '') return CART_MESSAGES.badColor;
  if (!product.inStock) return CART_MESSAGES.outOfStock;
  const stock = product.variants.find((v) => v.size === size && v.color === color)?.stock ?? null;
  if (stock === null || stock > 0) return BACK_IN_STOCK_MESSAGES.inStock;

  const email = asker.email.trim();
  const open = await db().execute<{ open: number; same: number }>(sql`
    select count(*)::int as open,
      count(*) filter (where product_id = ${productId} and size = ${size} and color = ${color})::int as same
    from back_in_stock_requests where notified_at is null and lower(email) = lower(${email})`);
  if (open[0].same > 0) return BACK_IN_STOCK_MESSAGES.already;
  if (open[0].open >= BACK_IN_STOCK_MAX_OPEN) return BACK_IN_STOCK_MESSAGES.tooMany;
  // The open-request index (variant + lower(email), notified_at null) settles two asks racing each other.
  const added = await db()
    .insert(backInStockRequests)
    .values({
      productId,
      size,
      color,
      email,
      mailbox: email.toLowerCase(),
      userId: asker.userId,
      confirmedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: backInStockRequests.id });
  return added.length ? BACK_IN_STOCK_MESSAGES.added : BACK_IN_STOCK_MESSAGES.already;
}

/** How many requests wait per cell of the product's stock grid (keyed as the grid's cells: stockCellKey). */
export async function waitingPerVariant(productId: string): Promise<Record<string, number>> {
  const rows = await db()
    .select({ size: backInStockRequests.size, color: backInStockRequests.color, n: sql<number>`count(*)::int` })
    .from(backInStockRequests)
    .where(and(eq(backInStockRequests.productId, productId), isNull(backInStockRequests.notifiedAt)))
    .groupBy(backInStockRequests.size, backInStockRequests.color);
  return Object.fromEntries(rows.map((row) => [stockCellKey(row.size, row.color), row.n]));
}
