/**
 * Sign-in (and sign-up) merges the visitor's cart into the account's cart (decision 0005): the same
 * product+size+colour adds quantities, capped by stock exactly as an add is (lib/cart/cart-rules.ts); lines that
 * can no longer be bought are dropped with a note, and no product goes over the store's per-order limit (every
 * size and colour together; what does not fit stays behind, with a note). A promo code the visitor applied comes
 * across unless the account's cart already has one (decision 0023). The visitor cart is deleted afterwards,
 * so merging twice changes nothing, and its cookie is expired.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cartLines, carts } from '~/db/schema';
import {
  cappedAdd,
  capMessage,
  CART_MESSAGES,
  lineCap,
  productLimitMessage,
  soldOutMessage,
} from '~/lib/cart/cart-rules';
import { db } from '../db.server';
import { isProduction } from '../env.server';
import { logger } from '../logger.server';
import { checkedRows } from '../sql-rows.server';
import { newCartId } from './cart-cookie.server';
import { optionProblem, productLimitSql } from './cart-store.server';

export type MergeNote = { productId: string; name: string; size: string; color: string; message: string };

export type MergeResult = {
  /** Lines of the visitor's cart now in the account's cart (added to an existing line or new). */
  merged: number;
  /** What did not come across as it was: dropped lines and capped quantities, in words for the shopper. */
  notes: MergeNote[];
  /** Set-Cookie value expiring the visitor's cart cookie; present when the request carried one. */
  clearCookie?: string;
};

/** A line of the visitor's cart with today's product, its stock and the account cart's matching line. */
const visitorLineRow = z.object({
  productId: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  name: z.string(),
  inStock: z.boolean(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  stock: z.number().nullable(),
  existing: z.number().nullable(),
  /** The store's limit, and the units of this product (every size and colour) already in the account's cart. */
  limit: z.number(),
  accountUnits: z.number(),
});
type VisitorLine = z.output<typeof visitorLineRow>;

/** Expires the visitor's `cart` cookie (same name, path and flags as cart-cookie.server.ts sets it). */
export function expiredCartCookie(): string {
  return `cart=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${isProduction() ? '; Secure' : ''}`;
}

const describe = (line: Pick<VisitorLine, 'name' | 'size' | 'color'>) => {
  const options = [line.size, line.color].filter(Boolean).join(', ');
  return options ? `${line.name} (${options})` : line.name;
};

/**
 * Merges a visitor cart (the id from the `cart` cookie) into `userId`'s account cart. Safe to call when
 * there is no visitor cart, and twice in a row: the second call finds nothing to merge.
 */
export async function mergeVisitorCart(
  visitorId: string | null,
  userId: string,
  ip: string | null,
): Promise<MergeResult> {
  if (!visitorId) return { merged: 0, notes: [] };
  const clearCookie = expiredCartCookie();
  return db().transaction(async (tx) => {
    // Lock the visitor cart first: a concurrent merge (two sign-ins at once) waits here, then finds it gone.
    const [visitor] = await tx
      .select({ id: carts.id, promoCode: carts.promoCode })
      .from(carts)
      .where(and(eq(carts.id, visitorId), isNull(carts.userId)))
      .for('update');
    if (!visitor) return { merged: 0, notes: [], clearCookie };
    // The account's cart, made if it has none yet; updating its row also queues any add running for it. The
    // visitor's promo code comes across when the account's cart has none.
    const [account] = await tx
      .insert(carts)
      .values({ id: newCartId(), userId, promoCode: visitor.promoCode })
      .onConflictDoUpdate({
        target: carts.userId,
        set: { updatedAt: new Date(), promoCode: sql`coalesce(carts.promo_code, excluded.promo_code)` },
      })
      .returning({ id: carts.id });

    // Lines of deleted products are already gone (cart_lines cascade), so every row here has its product.
    const rows = await tx.execute(sql`
      select vl.product_id as "productId", vl.size, vl.color, vl.quantity, p.name, p.in_stock as "inStock",
        p.sizes, p.colors, v.stock, al.quantity as existing, ${productLimitSql}::int as "limit",
        (select coalesce(sum(a.quantity), 0)::int from cart_lines a
          where a.cart_id = ${account.id} and a.product_id = vl.product_id) as "accountUnits"
      from cart_lines vl
      join products p on p.id = vl.product_id
      left join product_variants v on v.product_id = vl.product_id and v.size = vl.size and v.color = vl.color
      left join cart_lines al
        on al.cart_id = ${account.id} and al.product_id = vl.product_id and al.size = vl.size and al.color = vl.color
      where vl.cart_id = ${visitor.id}
      order by vl.created_at, vl.product_id, vl.size, vl.color`);
    const lines = checkedRows(visitorLineRow, rows);

    const notes: MergeNote[] = [];
    const keep: { productId: string; size: string; color: string; quantity: number }[] = [];
    const units = new Map<string, number>();
    for (const line of lines) {
      const note = (message: string) =>
        notes.push({
          productId: line.productId,
          name: line.name,
          size: line.size,
          color: line.color,
          message: `${describe(line)}: ${message}`,
        });
      if (!line.inStock) {
        note(`${CART_MESSAGES.outOfStock} It was removed from your cart.`);
        continue;
      }
      const problem = optionProblem(line, line.size, line.color);
      if (problem) {
        note(`${problem} It was removed from your cart.`);
        continue;
      }
      const cap = lineCap(line.stock);
      if (cap === 0) {
        note(`${soldOutMessage(line.size, line.color)} It was removed from your cart.`);
        continue;
      }
      const existing = line.existing ?? 0;
      const inCart = units.get(line.productId) ?? line.accountUnits;
      const fits = Math.min(line.quantity, Math.max(0, line.limit - inCart));
      const { quantity, capped } = cappedAdd(existing, fits, cap);
      units.set(line.productId, inCart + quantity - existing);
      if (fits < line.quantity) {
        note(productLimitMessage({ limit: line.limit, inCart: inCart + quantity - existing }));
        const held = {
          productId: line.productId,
          size: line.size,
          color: line.color,
          quantity: line.quantity,
          inCart,
          limit: line.limit,
        };
        logger.warn({ ip, userId, ...held }, 'cart merge held back units: over the per-product limit');
      } else if (capped) note(capMessage({ cap, inCart: quantity, size: line.size, color: line.color }));
      if (quantity === 0) continue;
      if (quantity > existing || line.existing === null)
        keep.push({ productId: line.productId, size: line.size, color: line.color, quantity });
    }

    if (keep.length) {
      await tx
        .insert(cartLines)
        .values(keep.map((line) => ({ cartId: account.id, ...line })))
        .onConflictDoUpdate({
          target: [cartLines.cartId, cartLines.productId, cartLines.size, cartLines.color],
          set: { quantity: sql`excluded.quantity` },
        });
    }
    await tx.delete(carts).where(eq(carts.id, visitor.id));
    return { merged: keep.length, notes, clearCookie };
  });
}
