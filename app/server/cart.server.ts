import { eq, sql } from 'drizzle-orm';
import { cartLines } from '~/db/schema';
import { db } from './db.server';
import { readCartId } from './cart-cookie.server';

/** Sum of quantities in the request's cart: the header badge. */
export async function getCartCount(request: Request): Promise<number> {
  const cartId = await readCartId(request);
  if (!cartId) return 0;
  const [row] = await db()
    .select({ count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return row?.count ?? 0;
}
