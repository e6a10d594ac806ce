/**
 * The promo code a shopper keeps on the cart (decision 0023), applied from the cart or the checkout page.
 * Whether it applies is asked again, of the cart's lines and the database, every time a page shows it, and by the order
 * itself at Pay (place-order.server.ts), which alone decides what is charged. A code nobody knows is refused at once
 * and not kept; a known code that does not apply yet (minimum not reached, not started) is kept with its reason shown,
 * so it applies once the cart qualifies.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { cartLines, carts, products } from '~/db/schema';
import { PROMO_CART_MESSAGES, promoView, unknownCodeMessage, type PromoView } from '~/lib/promo/cart-promo';
import { PROMO_MESSAGES, type PromoLine } from '~/lib/promo/promo';
import { countWrongGuess, guessAllowed } from '../accounts/sign-in-throttle.server';
import { db } from '../db.server';
import type { Shopper } from '../http/request-context.server';
import { checkPromo, promoFromJson } from '../promo/promo-codes.server';
import type { CartResult } from './cart.server';
import { currentCartId, ensureCart } from './cart-row.server';
import { cartLineColumns } from './cart-store.server';

/** A cart line as far as a code looks at it (cartLineColumns has these). */
type PricedRow = { price: number; quantity: number; collectionId: string | null; category: string; onSale: boolean };

const promoLines = (rows: readonly PricedRow[]): PromoLine[] =>
  rows.map((row) => ({
    unitPrice: row.price,
    quantity: row.quantity,
    collectionId: row.collectionId,
    category: row.category,
    onSale: row.onSale,
  }));

/** The cart's code as its pages show it, checked against its lines now, from what the lines' query read with them. */
export function cartPromo(code: string, read: unknown, rows: readonly PricedRow[], userId: string | null): PromoView {
  return promoView(code, promoFromJson(code, read, promoLines(rows), userId));
}

/**
 * Keeps `typed` on the shopper's cart (made if there is none, as an add makes it) when such a code exists, and says
 * what it does for the cart as it is. 200 whenever the cart changed, so the page reloads its summary.
 */
export async function applyPromoCode(shopper: Shopper, typed: string): Promise<CartResult> {
  const code = typed.trim();
  // Unknown codes are counted per address (or per cart without one): 5 an hour, then a wait that doubles.
  const guesser = shopper.ip ?? shopper.visitorCartId ?? shopper.user?.id ?? 'unknown';
  if (!(await guessAllowed('promo', guesser)).allowed)
    return { ok: false, status: 429, message: PROMO_CART_MESSAGES.tooManyTries };
  const cartId = currentCartId(shopper);
  const rows = cartId
    ? await db()
        .select({
          price: products.price,
          quantity: cartLines.quantity,
          collectionId: products.collectionId,
          category: products.category,
          onSale: cartLineColumns.onSale,
        })
        .from(cartLines)
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(eq(cartLines.cartId, cartId))
    : [];
  const outcome = await checkPromo(db(), code, promoLines(rows), shopper.user?.id ?? null);
  if (outcome.kind === 'refused' && outcome.reason === 'unknown') {
    await countWrongGuess('promo', guesser);
    return { ok: false, status: 400, message: unknownCodeMessage(code) };
  }
  const cart = await ensureCart(db(), shopper, { promoCode: code });
  return { ok: outcome.kind === 'applied', status: 200, message: outcome.message, setCookie: cart.setCookie };
}

/** Idempotent: a cart without a code (or no cart) is fine too. */
export async function removePromoCode(shopper: Shopper): Promise<CartResult> {
  const cartId = currentCartId(shopper);
  // A change of the cart like any other (cart-row.server.ts touchCartSql): its changed time moves, once.
  if (cartId)
    await db()
      .update(carts)
      .set({ promoCode: null, updatedAt: sql`now()` })
      .where(and(eq(carts.id, cartId), isNotNull(carts.promoCode)));
  return { ok: true, status: 200, message: PROMO_MESSAGES.removed };
}
