/**
 * The cart, kept in PostgreSQL: a visitor's is found through the `cart` cookie (decision 0003), a signed-in
 * customer's by its `user_id` on every device (decision 0005; cart-merge.server.ts merges the two at sign-in).
 * This folder is the only code that writes carts and cart_lines (cart-store.server.ts has what other modules need).
 * A GET never creates a cart; the first add does. The rules are lib/cart/cart-rules.ts; here they are
 * applied in single statements or row-locked transactions, so quick repeated clicks never lose an add
 * and a line never holds more than the variant's stock.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { cartLines, carts, products, productVariants } from '~/db/schema';
import type { PromoView } from '~/lib/promo/cart-promo';
import type { CartAction } from '~/lib/cart/cart-schema';
import {
  CART_MESSAGES,
  type CartLineView,
  type CartView,
  capMessage,
  cartTotals,
  lineCap,
  lineId,
  MAX_LINE_QUANTITY,
  planUpdate,
  productLimitMessage,
  sizeToAdd,
  soldOutMessage,
  type CartKey,
} from '~/lib/cart/cart-rules';
import { DROP_WORDS } from '~/lib/catalog/drops';
import { isId } from '~/lib/ids';
import { notOpenSql } from '../catalog/drops.server';
import type { Shopper } from '../http/request-context.server';
import { db, preparedOnce } from '../db.server';
import { logger } from '../logger.server';
import { checkedRows } from '../sql-rows.server';
import { cartLineColumns, cartLineOrder, optionProblem, productLimitSql } from './cart-store.server';
import { applyPromoCode, cartPromo, removePromoCode } from './cart-promo.server';
import { currentCartId, ensureCart, touchCart, touchCartSql } from './cart-row.server';
import { cartPromoSql } from '../promo/promo-codes.server';

export type { CartLineView, CartView };

export type CartResult = {
  ok: boolean;
  status: number;
  message: string;
  /** The line the action touched and its quantity afterwards (0 = gone). */
  lineId?: string;
  quantity?: number;
  /** Set-Cookie header value when the action created (or refreshed) the cart cookie. */
  setCookie?: string;
};

/**
 * Sum of quantities in the request's cart: the header badge. A signed-in customer's count comes with the
 * session lookup (no query of its own); a visitor's costs one query, and none without a cart cookie.
 */
export async function getCartCount({ session, visitorCartId }: Shopper): Promise<number> {
  if (session) return session.cartCount;
  if (!visitorCartId) return 0;
  const [row] = await visitorCartCount().execute({ cartId: visitorCartId });
  return row?.count ?? 0;
}

/** The visitor's count is asked on every page they open, stored ones included (decision 0021). */
const visitorCartCount = preparedOnce((database) =>
  database
    .select({ count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .where(eq(cartLines.cartId, sql.placeholder('cartId')))
    .prepare('visitor_cart_count'),
);

/** The cart's lines joined with today's product data and the cart's promo code, in one query. */
async function cartRows(shopper: Shopper) {
  const cartId = currentCartId(shopper);
  if (!cartId) return [];
  return db()
    .select({
      ...cartLineColumns,
      stock: productVariants.stock,
      promoCode: carts.promoCode,
      // The code with its uses, in this same statement: no extra one for a cart with a code (cart-promo.server.ts).
      promo: cartPromoSql(carts.promoCode, shopper.user?.id ?? null),
    })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(
      productVariants,
      and(
        eq(productVariants.productId, cartLines.productId),
        eq(productVariants.size, cartLines.size),
        eq(productVariants.color, cartLines.color),
      ),
    )
    .where(eq(cartLines.cartId, cartId))
    .orderBy(...cartLineOrder);
}

function cartView(rows: Awaited<ReturnType<typeof cartRows>>): CartView {
  const lines = rows.map((row): CartLineView => {
    const available = lineCap(row.stock);
    const offered = optionProblem(row, row.size, row.color) === null;
    return {
      id: lineId(row),
      productId: row.productId,
      size: row.size,
      color: row.color,
      quantity: row.quantity,
      name: row.name,
      price: row.price,
      image: row.image,
      available,
      purchasable: row.inStock && offered && available > 0,
    };
  });
  return { lines, ...cartTotals(lines) };
}

/** The cart page's lines joined with today's product data, in one query. */
export async function getCart(shopper: Shopper): Promise<CartView> {
  return cartView(await cartRows(shopper));
}

/**
 * The cart as the cart and checkout pages show it: its lines, and its promo code checked against them and the
 * database now (decision 0023), read in the same statement as the lines (cartRows).
 */
export async function getCartWithPromo(shopper: Shopper): Promise<{ cart: CartView; promo: PromoView | null }> {
  const rows = await cartRows(shopper);
  const code = rows[0]?.promoCode ?? null;
  const promo = code ? cartPromo(code, rows[0].promo, rows, shopper.user?.id ?? null) : null;
  return { cart: cartView(rows), promo };
}

/** Applies one validated POST /cart action. Bad input is answered, never thrown. */
export async function applyCartAction(shopper: Shopper, action: CartAction): Promise<CartResult> {
  switch (action.intent) {
    case 'add':
      return addToCart(shopper, action);
    case 'update':
      return updateLine(shopper, action);
    case 'remove':
      return removeLine(shopper, action);
    case 'clear':
      return clearCart(shopper);
    case 'promo':
      return applyPromoCode(shopper, action.promoCode);
    case 'remove-promo':
      return removePromoCode(shopper);
  }
}

const refuse = (status: number, message: string, extra: Partial<CartResult> = {}): CartResult => ({
  ok: false,
  status,
  message,
  ...extra,
});

type LimitRefusal = {
  ip: string | null;
  userId: string | null;
  item: CartKey;
  wanted: number;
  inCart: number;
  limit: number;
  intent: 'add' | 'update';
};

/** The owner should see hoarding attempts in the logs: who, from where, which product and how many. */
function refuseOverLimit(
  { ip, userId, item, wanted, inCart, limit, intent }: LimitRefusal,
  extra: Partial<CartResult>,
): CartResult {
  const { productId, size, color } = item;
  logger.warn(
    { ip, userId, productId, size, color, quantity: wanted, inCart, limit },
    `cart ${intent} refused: over the per-product limit`,
  );
  return refuse(400, productLimitMessage({ limit, inCart }), extra);
}

/** The add statement's one row: the line's quantity after it (null: nothing added) and why. */
const savedRow = z.object({
  quantity: z.number().nullable(),
  previous: z.number().nullable(),
  cap: z.number().nullable(),
  others: z.number(),
  limit: z.number(),
  fits: z.boolean(),
});

async function addToCart(shopper: Shopper, asked: CartKey & { quantity: number }): Promise<CartResult> {
  const { productId, color, quantity } = asked;
  if (!isId(productId)) return refuse(404, CART_MESSAGES.unknownProduct);
  // A product sold in one size needs no choice: no size posted means that one (sizeToAdd, in SQL for the join).
  const variantSize = sql`coalesce(nullif(${asked.size}, ''),
    case when cardinality(${products.sizes}) = 1 then ${products.sizes}[1] else '' end)`;
  const [product] = await db()
    .select({
      sizes: products.sizes,
      colors: products.colors,
      inStock: products.inStock,
      stock: productVariants.stock,
      notOpen: notOpenSql(),
    })
    .from(products)
    .leftJoin(
      productVariants,
      and(
        eq(productVariants.productId, products.id),
        sql`${productVariants.size} = ${variantSize}`,
        eq(productVariants.color, color),
      ),
    )
    .where(eq(products.id, productId));
  if (!product) return refuse(404, CART_MESSAGES.unknownProduct);
  // A drop not open yet (decision 0036): its page offers no button, so this is a forged post or an old page.
  if (product.notOpen) return refuse(400, DROP_WORDS.notOpen);
  const size = sizeToAdd(product.sizes, asked.size);
  const item = { ...asked, size };
  const problem = optionProblem(product, size, color);
  if (problem) return refuse(400, problem);
  if (!product.inStock) return refuse(400, CART_MESSAGES.outOfStock);
  if (lineCap(product.stock) === 0) return refuse(400, soldOutMessage(size, color));

  const id = lineId(item);
  // Updating the cart row locks it, so adds to one cart run one after another: `prev` is exact and
  // the message says truly whether the cap held anything back. The cap is read again inside the
  // statement, so stock sold meanwhile is respected; the upsert itself never loses an add.
  const { user } = shopper;
  // The product's other lines (sizes, colours) count towards the store's per-order limit; the cart row lock
  // makes that sum exact too. Over the limit nothing is added: the shopper is told, and the owner can see it.
  const { cart, row } = await db().transaction(async (tx) => {
    const cart = await ensureCart(tx, shopper);
    const saved = await tx.execute(sql`
      with cap as (
        select least(coalesce(v.stock, ${MAX_LINE_QUANTITY}), ${MAX_LINE_QUANTITY}) as n
        from products p left join product_variants v on v.product_id = p.id and v.size = ${size} and v.color = ${color}
        where p.id = ${productId} and p.in_stock and not ${notOpenSql(sql.raw('p'))}
      ), prev as (
        select quantity from cart_lines
        where cart_id = ${cart.id} and product_id = ${productId} and size = ${size} and color = ${color}
      ), others as (
        select coalesce(sum(quantity), 0)::int as n from cart_lines
        where cart_id = ${cart.id} and product_id = ${productId} and (size, color) <> (${size}, ${color})
      ), lim as (
        select ${productLimitSql}::int as n
      ), fits as (
        select (select n from others) + greatest(coalesce((select quantity from prev), 0),
          least(coalesce((select quantity from prev), 0) + ${quantity}::int, (select n from cap)))
          <= (select n from lim) as ok
      ), saved as (
        insert into cart_lines as cl (cart_id, product_id, size, color, quantity)
        select ${cart.id}, ${productId}, ${size}, ${color}, least(${quantity}::int, cap.n)
        from cap where cap.n > 0 and (select ok from fits)
        on conflict (cart_id, product_id, size, color) do update
          set quantity = greatest(cl.quantity, least(cl.quantity + ${quantity}::int, (select n from cap)))
        returning cl.quantity
      )
      select (select quantity from saved) as quantity, (select quantity from prev) as previous,
        (select n from cap) as cap, (select n from others) as others, (select n from lim) as "limit",
        coalesce((select ok from fits), false) as fits`);
    const [row] = checkedRows(savedRow, saved);
    return { cart, row };
  });
  if (row.quantity === null && row.cap !== null && row.cap > 0 && !row.fits) {
    const inCart = row.others + (row.previous ?? 0);
    const refusal = {
      ip: shopper.ip,
      userId: user?.id ?? null,
      item,
      wanted: quantity,
      inCart,
      limit: row.limit,
      intent: 'add' as const,
    };
    return refuseOverLimit(refusal, { setCookie: cart.setCookie });
  }
  if (row.quantity === null || row.cap === null)
    return refuse(400, soldOutMessage(size, color), { setCookie: cart.setCookie });
  const before = row.previous ?? 0;
  const extra = { lineId: id, quantity: row.quantity, setCookie: cart.setCookie };
  if (before + quantity <= row.cap) return { ok: true, status: 200, message: CART_MESSAGES.added, ...extra };
  // Capped: say how many fit. Something added is still a success; nothing added is not.
  const message = capMessage({ cap: row.cap, inCart: row.quantity, size, color });
  return row.quantity > before ? { ok: true, status: 200, message, ...extra } : refuse(400, message, extra);
}

/** The line an update locks, with what the checks need: today's product, its stock and the product's other lines. */
const lockedLineRow = z.object({
  quantity: z.number(),
  inStock: z.boolean(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  stock: z.number().nullable(),
  limit: z.number(),
  others: z.number(),
  notOpen: z.boolean(),
});

async function updateLine(shopper: Shopper, item: CartKey & { quantity: number }): Promise<CartResult> {
  if (item.quantity === 0) return removeLine(shopper, item);
  const cartId = currentCartId(shopper);
  const id = lineId(item);
  if (!cartId || !isId(item.productId)) return refuse(400, CART_MESSAGES.notInCart, { lineId: id, quantity: 0 });
  const userId = shopper.user?.id ?? null;
  return db().transaction(async (tx) => {
    // The cart row first, as an add takes it: the product's other lines cannot change under the limit check.
    await tx.execute(sql`select 1 from carts where id = ${cartId} for update`);
    const locked = await tx.execute(sql`
      select cl.quantity, p.in_stock as "inStock", p.sizes, p.colors, v.stock, ${productLimitSql}::int as "limit",
        (select coalesce(sum(o.quantity), 0)::int from cart_lines o
          where o.cart_id = cl.cart_id and o.product_id = cl.product_id and (o.size, o.color) <> (cl.size, cl.color))
          as others, ${notOpenSql(sql.raw('p'))} as "notOpen"
      from cart_lines cl
      join products p on p.id = cl.product_id
      left join product_variants v on v.product_id = cl.product_id and v.size = cl.size and v.color = cl.color
      where cl.cart_id = ${cartId} and cl.product_id = ${item.productId} and cl.size = ${item.size}
        and cl.color = ${item.color}
      for update of cl`);
    const [line] = checkedRows(lockedLineRow, locked);
    if (!line) return refuse(400, CART_MESSAGES.notInCart, { lineId: id, quantity: 0 });
    // A line of a drop not open yet (the drop was set after it was added) may be lowered, never raised (decision 0036).
    if (line.notOpen && item.quantity > line.quantity)
      return refuse(400, DROP_WORDS.notOpen, { lineId: id, quantity: line.quantity });
    const cap = lineCap(line.stock);
    const purchasable = line.inStock && optionProblem(line, item.size, item.color) === null;
    const plan = planUpdate({ requested: item.quantity, cap, purchasable });
    if (plan.kind === 'refuse') {
      const message = line.inStock ? soldOutMessage(item.size, item.color) : CART_MESSAGES.outOfStock;
      return refuse(400, message, { lineId: id, quantity: line.quantity });
    }
    if (plan.kind === 'remove') {
      await tx.delete(cartLines).where(lineWhere(cartId, item));
      await touchCart(tx, cartId);
      return { ok: true, status: 200, message: CART_MESSAGES.removed, lineId: id, quantity: 0 };
    }
    // Lowering is always allowed (a limit lowered after adding must be reachable from the cart); raising past
    // it is not.
    if (plan.quantity > line.quantity && line.others + plan.quantity > line.limit) {
      const refusal = {
        ip: shopper.ip,
        userId,
        item,
        wanted: item.quantity,
        inCart: line.others + line.quantity,
        limit: line.limit,
        intent: 'update' as const,
      };
      return refuseOverLimit(refusal, { lineId: id, quantity: line.quantity });
    }
    await tx.update(cartLines).set({ quantity: plan.quantity }).where(lineWhere(cartId, item));
    await touchCart(tx, cartId);
    const message = plan.capped
      ? capMessage({ cap, inCart: plan.quantity, size: item.size, color: item.color })
      : CART_MESSAGES.updated;
    return { ok: true, status: 200, message, lineId: id, quantity: plan.quantity };
  });
}

/**
 * Idempotent: removing a line that is already gone (another tab) is still "removed". One statement that touches the
 * cart row first (its changed time, and the lock an add takes first too), then deletes.
 */
async function removeLine(shopper: Shopper, item: CartKey): Promise<CartResult> {
  const cartId = currentCartId(shopper);
  if (cartId)
    await db().execute(sql`with touched as (${touchCartSql(cartId)})
      delete from cart_lines where cart_id in (select id from touched) and product_id = ${item.productId}
        and size = ${item.size} and color = ${item.color}`);
  return { ok: true, status: 200, message: CART_MESSAGES.removed, lineId: lineId(item), quantity: 0 };
}

async function clearCart(shopper: Shopper): Promise<CartResult> {
  const cartId = currentCartId(shopper);
  if (cartId)
    await db().execute(sql`with touched as (${touchCartSql(cartId)})
      delete from cart_lines where cart_id in (select id from touched)`);
  return { ok: true, status: 200, message: CART_MESSAGES.cleared };
}

const lineWhere = (cartId: SQL, { productId, size, color }: CartKey) =>
  and(
    eq(cartLines.cartId, cartId),
    eq(cartLines.productId, productId),
    eq(cartLines.size, size),
    eq(cartLines.color, color),
  );
