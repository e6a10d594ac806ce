/**
 * Which cart a request means, and making it: what the line actions (cart.server.ts) and the promo code's
 * (cart-promo.server.ts) share, apart so neither imports the other.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { carts } from '~/db/schema';
import type { Shopper } from '../http/request-context.server';
import type { Database } from '../db.server';
import { newCartId, serializeCartId } from './cart-cookie.server';

/**
 * The shopper's cart, as a SQL expression to compare cart ids with: the signed-in customer's account
 * cart (a subquery on carts.user_id, so it costs no extra query), otherwise the visitor's cookie cart.
 * null = no cart to read.
 */
export function currentCartId({ user, visitorCartId }: Shopper): SQL | null {
  if (user) return sql`(select ${carts.id} from ${carts} where ${carts.userId} = ${user.id})`;
  return visitorCartId ? sql`${visitorCartId}` : null;
}

/**
 * Marks the cart changed (carts.updated_at) and locks its row: every change to a cart's lines or code does, so the
 * abandoned-cart mail waits for a cart left alone and goes at most once per change (abandoned-cart.server.ts). Adds
 * and the promo code touch it in ensureCart, the sign-in merge in its upsert, a payment in removeBoughtLines.
 */
export const touchCartSql = (cartId: SQL) => sql`update carts set updated_at = now() where id = ${cartId} returning id`;

export async function touchCart(tx: Pick<Database, 'execute'>, cartId: SQL): Promise<void> {
  await tx.execute(touchCartSql(cartId));
}

/** What a cart row may be given as it is made or touched: the promo code the shopper applied (decision 0023). */
type CartChanges = { promoCode?: string | null };

/**
 * The request's cart, made on the first add (or the first promo code applied). A well-formed cookie naming no cart
 * (forged, or swept away) gets a fresh random id rather than the one offered, so nobody can choose another's cart id.
 * The cookie is re-sent on every add so an active cart keeps its 60 days. A signed-in customer's cart
 * is the account's (one per user, made on the first add), with no cookie at all. `changes` are written in the same
 * statement.
 */
export async function ensureCart(
  tx: Pick<Database, 'insert' | 'update'>,
  { user, visitorCartId: cookieId }: Shopper,
  changes: CartChanges = {},
): Promise<{ id: string; setCookie?: string }> {
  if (user) {
    const [own] = await tx
      .insert(carts)
      .values({ id: newCartId(), userId: user.id, ...changes })
      .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: new Date(), ...changes } })
      .returning({ id: carts.id });
    return { id: own.id };
  }
  if (cookieId) {
    const [found] = await tx
      .update(carts)
      .set({ updatedAt: new Date(), ...changes })
      .where(eq(carts.id, cookieId))
      .returning({ id: carts.id });
    if (found) return { id: found.id, setCookie: await serializeCartId(found.id) };
  }
  const id = newCartId();
  await tx.insert(carts).values({ id, ...changes });
  return { id, setCookie: await serializeCartId(id) };
}
