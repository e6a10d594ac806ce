/**
 * The statements on carts and cart_lines that other modules need, so that app/server/cart/ is the one place
 * those tables are written (decision 0018): the account cart's unit count inside the session lookup (auth.server.ts),
 * the cart as checkout prices it (place-order.server.ts) and taking bought lines out once an order is paid
 * (confirm-payment.server.ts). Also the product rules a cart line must meet (optionProblem, productLimitSql),
 * shared by adds, the sign-in merge and checkout. Nothing here reads the request or the session, so
 * auth.server.ts imports it without an import cycle.
 */
import { asc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { cartLines, carts, products } from '~/db/schema';
import { CART_MESSAGES, DEFAULT_MAX_UNITS_PER_PRODUCT } from '~/lib/cart/cart-rules';
import type { Database } from '../db.server';
import { firstImageSql } from '../catalog/image-sql.server';
import { columnRef } from '../sql-rows.server';

export type Offer = { sizes: string[]; colors: string[] };

/** Does the product offer this size and colour? A product without sizes (colours) takes ''. */
export function optionProblem(product: Offer, size: string, color: string): string | null {
  if (product.sizes.length > 0) {
    if (!size) return CART_MESSAGES.selectSize;
    if (!product.sizes.includes(size)) return CART_MESSAGES.badSize;
  } else if (size) return CART_MESSAGES.badSize;
  if (product.colors.length > 0) {
    if (!color) return CART_MESSAGES.selectColor;
    if (!product.colors.includes(color)) return CART_MESSAGES.badColor;
  } else if (color) return CART_MESSAGES.badColor;
  return null;
}

/**
 * The store's most units of one product per order, read inside the statement that needs it: the saved value
 * of the moment (another process may have just changed it), at no extra query.
 */
export const productLimitSql = sql`coalesce((select max_units_per_product from store_settings where id = 1),
  ${DEFAULT_MAX_UNITS_PER_PRODUCT})`;

/**
 * Units in the account cart of `userId`, a column of the outer query (the session lookup's users.id): a
 * subquery, so the header's count costs no statement of its own.
 */
export function accountCartUnits(userId: Column): SQL<number> {
  return sql`coalesce((select sum(cl.quantity) from ${cartLines} cl join ${carts} c on c.id = cl.cart_id
    where c.user_id = ${columnRef(userId)}), 0)::int`.mapWith(Number);
}

type Reader = Pick<Database, 'select'>;

/** A cart line with today's product data and first image: what the cart page and checkout both read. */
export const cartLineColumns = {
  productId: cartLines.productId,
  size: cartLines.size,
  color: cartLines.color,
  quantity: cartLines.quantity,
  name: products.name,
  price: products.price,
  inStock: products.inStock,
  sizes: products.sizes,
  colors: products.colors,
  // What a promo code's collection and category limits look at (app/lib/promo/promo.ts).
  collectionId: products.collectionId,
  category: products.category,
  // A product on sale (decision 0034) may be left out by a code; the price charged is always products.price.
  onSale: sql<boolean>`${products.compareAtPrice} is not null`.mapWith(Boolean),
  image: firstImageSql(products.id),
};

/** Cart lines oldest first (then by product and option, so the order is total). */
export const cartLineOrder = [
  asc(cartLines.addedAt),
  asc(cartLines.productId),
  asc(cartLines.size),
  asc(cartLines.color),
];

/**
 * The account cart as checkout prices it: every line with today's product data, the store's per-product limit
 * (read in the same statement) and the product's first image for the order's snapshot, oldest line first; each line
 * also carries the cart's promo code (decision 0023).
 */
export async function checkoutCartLines(tx: Reader, userId: string) {
  return tx
    .select({ ...cartLineColumns, limit: sql`${productLimitSql}::int`.mapWith(Number), promoCode: carts.promoCode })
    .from(carts)
    .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(carts.userId, userId))
    .orderBy(...cartLineOrder);
}

export type CheckoutCartLine = Awaited<ReturnType<typeof checkoutCartLines>>[number];

/** A line of a paid order; a deleted product's (productId null) was never in anyone's cart any more. */
export type BoughtLine = { productId: string | null; size: string; color: string; quantity: number };

/**
 * Paying clears the cart (docs/requirements.md#8-payments). What was bought leaves the account's cart; anything added
 * meanwhile (in another tab, or more of the same line) stays. The cart's promo code goes too, so the next cart starts
 * without one (decision 0023). Runs in the payment's transaction (`tx`), one statement.
 */
export async function removeBoughtLines(
  tx: Pick<Database, 'execute'>,
  userId: string,
  items: readonly BoughtLine[],
): Promise<void> {
  const bought = JSON.stringify(
    items
      .filter((item) => item.productId)
      .map((item) => ({ product_id: item.productId, size: item.size, color: item.color, quantity: item.quantity })),
  );
  // The cart row is updated first (the lines read its id from it), as an add locks it before its lines; its changed
  // time moves like any cart change's (cart-row.server.ts touchCartSql), so what stays in it is a new cart.
  await tx.execute(sql`
    with bought as (
      select * from json_to_recordset(${bought}::json) as b(product_id text, size text, color text, quantity int)
    ),
    cart as (
      update carts set promo_code = null, updated_at = now() where user_id = ${userId} returning id
    ),
    gone as (
      delete from cart_lines cl using bought b
      where cl.cart_id = (select id from cart) and cl.product_id = b.product_id and cl.size = b.size
        and cl.color = b.color and cl.quantity <= b.quantity
      returning cl.product_id
    )
    update cart_lines cl set quantity = cl.quantity - b.quantity
    from bought b
    where cl.cart_id = (select id from cart) and cl.product_id = b.product_id and cl.size = b.size
      and cl.color = b.color and cl.quantity > b.quantity`);
}
