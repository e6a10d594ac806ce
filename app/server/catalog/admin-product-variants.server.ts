/**
 * A product's variants as the admin's product form writes them (decision 0034): one row per size × colour of the
 * product's grid, stock null where it is not tracked, each with its SKU (typed, or made by the database's trigger
 * when left blank). Also what the form asks before a save: the SKUs another product has, and the sizes about to be
 * taken away that still hold stock or cart lines.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { cartLines, productVariants } from '~/db/schema';
import type { VariantInput } from '~/lib/catalog/admin-catalog-product';
import { stockCellKey } from '~/lib/catalog/admin-catalog-product';
import type { SizeInUse } from '~/lib/catalog/admin-product-sizes';
import { db } from '../db.server';
import type { Tx } from '../admin/crud.server';

/** A SKU typed for the product was taken by another product's variant as the save ran (the unique index said so). */
export class SkuTakenError extends Error {}

/** Whether `error` (or what caused it: Drizzle wraps the driver's error) is the unique index on lower(sku). */
export function isSkuTaken(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, constraint_name } = cause as { code?: unknown; constraint_name?: unknown };
    if (code === '23505' && constraint_name === 'product_variants_sku_idx') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The SKUs of a product's variants per cell key (`M|Black`), for its edit form. */
export async function variantSkus(productId: string): Promise<Record<string, string>> {
  const rows = await db()
    .select({ size: productVariants.size, color: productVariants.color, sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return Object.fromEntries(rows.map((row) => [stockCellKey(row.size, row.color), row.sku]));
}

/** The first typed SKU (as typed) another product's variant already has, ignoring case; null when none. */
export async function takenSku(productId: string | null, cells: readonly VariantInput[]): Promise<string | null> {
  const typed = cells.map((cell) => cell.sku ?? '').filter(Boolean);
  if (!typed.length) return null;
  const rows = await db()
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        inArray(
          sql`lower(${productVariants.sku})`,
          typed.map((sku) => sku.toLowerCase()),
        ),
        productId ? ne(productVariants.productId, productId) : undefined,
      ),
    )
    .limit(1);
  const [row] = rows;
  return row ? (typed.find((sku) => sku.toLowerCase() === row.sku.toLowerCase()) ?? row.sku) : null;
}

/**
 * The sizes a save would take away from a product (those not in `kept`) that still hold tracked stock or cart lines:
 * the form asks before it takes them (removalQuestion). Order lines are never among them: they keep their own copy.
 */
export async function sizesInUse(productId: string, kept: readonly string[]): Promise<SizeInUse[]> {
  const notKept = (column: typeof productVariants.size | typeof cartLines.size) =>
    kept.length ? sql`${column} <> all(${sql.param([...kept])}::text[])` : sql`true`;
  const [stock, carts] = await Promise.all([
    db()
      .select({ size: productVariants.size, n: sql<number>`sum(${productVariants.stock})::int` })
      .from(productVariants)
      .where(
        and(eq(productVariants.productId, productId), notKept(productVariants.size), sql`${productVariants.stock} > 0`),
      )
      .groupBy(productVariants.size),
    db()
      .select({ size: cartLines.size, n: sql<number>`count(*)::int` })
      .from(cartLines)
      .where(and(eq(cartLines.productId, productId), notKept(cartLines.size)))
      .groupBy(cartLines.size),
  ]);
  const sizes = [...new Set([...stock, ...carts].map((row) => row.size))].filter(Boolean).sort();
  return sizes.map((size) => ({
    size,
    stock: stock.find((row) => row.size === size)?.n ?? 0,
    carts: carts.find((row) => row.size === size)?.n ?? 0,
  }));
}

/**
 * Writes the stock grid: every cell gets its row (decision 0034), so every size × colour has a SKU. A cell's stock
 * is written only when the admin changed it (`was` differs), so units sold while the form was open are not put
 * back; a blank cell is not tracked (stock null). A SKU typed differently from the row's is written ('' makes the
 * trigger write the generated one). Rows outside the grid (a size or colour that was unticked) are removed.
 */
export async function writeVariants(tx: Tx, productId: string, cells: VariantInput[]) {
  const existing = await tx
    .select({ size: productVariants.size, color: productVariants.color, sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .for('update');
  const rowOf = new Map(existing.map((row) => [stockCellKey(row.size, row.color), row]));
  const inGrid = new Set(cells.map((cell) => stockCellKey(cell.size, cell.color)));
  const removals = existing.filter((row) => !inGrid.has(stockCellKey(row.size, row.color)));
  if (removals.length) {
    await tx
      .delete(productVariants)
      .where(
        and(
          eq(productVariants.productId, productId),
          or(...removals.map((row) => and(eq(productVariants.size, row.size), eq(productVariants.color, row.color)))),
        ),
      );
  }
  for (const cell of cells) {
    const row = rowOf.get(stockCellKey(cell.size, cell.color));
    const key = and(
      eq(productVariants.productId, productId),
      eq(productVariants.size, cell.size),
      eq(productVariants.color, cell.color),
    );
    const stockChanged = !(cell.was !== undefined && cell.stock === cell.was);
    const skuChanged = cell.sku !== undefined && cell.sku !== row?.sku;
    if (!row) {
      await tx
        .insert(productVariants)
        .values({ productId, size: cell.size, color: cell.color, stock: cell.stock, sku: cell.sku ?? '' });
    } else if (stockChanged || skuChanged) {
      await tx
        .update(productVariants)
        .set({ ...(stockChanged ? { stock: cell.stock } : {}), ...(skuChanged ? { sku: cell.sku } : {}) })
        .where(key);
    }
  }
}
