/**
 * Stock that orders take and give back. A variant without a row, or with null stock, is not tracked and
 * never runs out. Decrements are conditional single statements: under concurrent checkouts PostgreSQL
 * re-checks `stock >= quantity` after each row lock, so the last unit can be taken exactly once.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { orderItems, productVariants } from '~/db/schema';
import { queueBackInStockCheck, type StockChange } from '../back-in-stock/notify.server';
import type { Database } from '../db.server';

export type Executor = Pick<Database, 'execute'>;

/**
 * An order's lines as stock sees them, in the order's own order: what checkout took, and what a release, a
 * cancellation or a late payment gives back or takes again.
 */
export async function orderStockLines(tx: Pick<Database, 'select'>, orderId: string): Promise<StockLine[]> {
  return tx
    .select({
      productId: orderItems.productId,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
      name: orderItems.name,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}
export type StockLine = { productId: string | null; size: string; color: string; quantity: number; name: string };

/** Lines in one fixed order, so two transactions lock variant rows in the same order and never deadlock. */
const inLockOrder = <T extends StockLine>(lines: readonly T[]) =>
  [...lines].sort((a, b) =>
    `${a.productId}\u0000${a.size}\u0000${a.color}`.localeCompare(`${b.productId}\u0000${b.size}\u0000${b.color}`),
  );

/** Takes every line's quantity or none: returns the first line that cannot be had (and what is left of it). */
export async function takeStock(
  tx: Pick<Database, 'execute' | 'select'>,
  lines: readonly StockLine[],
): Promise<{ line: StockLine; left: number } | null> {
  for (const line of inLockOrder(lines)) {
    if (!line.productId) return { line, left: 0 };
    const taken = await tx.execute(sql`
      update product_variants set stock = stock - ${line.quantity}
      where product_id = ${line.productId} and size = ${line.size} and color = ${line.color}
        and stock is not null and stock >= ${line.quantity}
      returning stock`);
    if (taken.length > 0) continue;
    const [tracked] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, line.productId),
          eq(productVariants.size, line.size),
          eq(productVariants.color, line.color),
        ),
      );
    if (tracked && tracked.stock !== null) return { line, left: tracked.stock };
  }
  return null;
}

/**
 * Gives the lines' quantities back to tracked variants (a deleted product has nothing to give back to), and queues
 * the back-in-stock mails of those products with the same transaction (decision 0027).
 */
export async function returnStock(tx: StockChange, lines: readonly StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    if (!line.productId) continue;
    await tx.execute(sql`
      update product_variants set stock = stock + ${line.quantity}
      where product_id = ${line.productId} and size = ${line.size} and color = ${line.color} and stock is not null`);
  }
  await queueBackInStockCheck(
    tx,
    lines.map((line) => line.productId),
  );
}

/** A line as the shopper is told about it: its name, with its size and colour. */
export function stockLineName(line: StockLine): string {
  const options = [line.size, line.color].filter(Boolean).join(', ');
  return options ? `${line.name} (${options})` : line.name;
}

/** The customer-facing words for a line that ran out while they were checking out. */
export function shortageMessage({ line, left }: { line: StockLine; left: number }): string {
  const what = stockLineName(line);
  return left > 0
    ? `Sorry, only ${left} of ${what} ${left === 1 ? 'is' : 'are'} left. Please update your cart and try again.`
    : `Sorry, ${what} has just sold out. Please remove it from your cart and try again.`;
}
