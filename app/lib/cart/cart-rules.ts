/**
 * The cart rules of docs/requirements.md#6-cart, pure so the server (the authority), the cart page's
 * optimistic view and the tests all share one definition: a line is productId-size-color; adding
 * the same line adds quantities; a quantity of 0 removes the line; totals are in kobo.
 * Stock caps are ours (docs/architecture.md#1-principles): a line never holds more than is left.
 */
import type { StoredImage } from '../images';

/** A line holds at most this many of one size and colour, tracked stock or not. */
export const MAX_LINE_QUANTITY = 99;
/** The store setting's starting value (store_settings.max_units_per_product): most units of one product per order. */
export const DEFAULT_MAX_UNITS_PER_PRODUCT = 10;

export type CartKey = { productId: string; size: string; color: string };
export type CartItem = CartKey & { quantity: number };
export type PricedLine = CartItem & { price: number };

/** A cart line as the cart page shows it: the stored line joined with today's product data. */
export type CartLineView = CartKey & {
  id: string;
  quantity: number;
  name: string;
  price: number;
  image: StoredImage | null;
  /** How many this line may hold now (stock left, at most MAX_LINE_QUANTITY). */
  available: number;
  /** False when the product is switched off, the variant sold out, or the size/colour withdrawn. */
  purchasable: boolean;
};

export type CartView = { lines: CartLineView[]; subtotal: number; itemCount: number };

export const lineId = ({ productId, size, color }: CartKey) => `${productId}-${size}-${color}`;

const sameLine = (a: CartKey, b: CartKey) => a.productId === b.productId && a.size === b.size && a.color === b.color;

/** Add: merge into the line with the same product, size and colour, or append a new line. */
export function addItem<T extends CartItem>(lines: T[], item: T): T[] {
  const existing = lines.find((line) => sameLine(line, item));
  if (!existing) return [...lines, item];
  return lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + item.quantity } : line));
}

/** Update: the quantity has a minimum of 0, and a line at 0 is removed. */
export function updateQuantity<T extends CartItem>(lines: T[], id: string, quantity: number): T[] {
  const next = Math.max(0, Math.trunc(quantity));
  if (next === 0) return removeItem(lines, id);
  return lines.map((line) => (lineId(line) === id ? { ...line, quantity: next } : line));
}

export function removeItem<T extends CartItem>(lines: T[], id: string): T[] {
  return lines.filter((line) => lineId(line) !== id);
}

/**
 * The size a line is added in: the one chosen, or, for a product sold in exactly one size, that size when none was
 * posted (its page shows no picker: docs/requirements.md#6-cart).
 */
export const sizeToAdd = (sizes: readonly string[], size: string) => (!size && sizes.length === 1 ? sizes[0] : size);

/** subtotal = sum of price × quantity (kobo); itemCount = sum of quantities. */
export function cartTotals(lines: readonly PricedLine[]): { subtotal: number; itemCount: number } {
  let subtotal = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotal += line.price * line.quantity;
    itemCount += line.quantity;
  }
  return { subtotal, itemCount };
}

/** How many one line may hold: the variant's stock (null = not tracked), never above the per-line limit. */
export function lineCap(stock: number | null): number {
  if (stock === null) return MAX_LINE_QUANTITY;
  return Math.max(0, Math.min(stock, MAX_LINE_QUANTITY));
}

/** The quantity after adding `adding` to a line holding `current`, capped; `capped` says whether any was held back. */
export function cappedAdd(current: number, adding: number, cap: number): { quantity: number; capped: boolean } {
  const wanted = current + adding;
  return wanted > cap ? { quantity: Math.max(current, cap), capped: true } : { quantity: wanted, capped: false };
}

export type UpdatePlan = { kind: 'remove' } | { kind: 'refuse' } | { kind: 'set'; quantity: number; capped: boolean };

/**
 * Setting a line's quantity: 0 removes it; a line whose product or variant can no longer be bought
 * only can be removed; otherwise the quantity is capped by what is left.
 */
export function planUpdate({
  requested,
  cap,
  purchasable,
}: {
  requested: number;
  cap: number;
  purchasable: boolean;
}): UpdatePlan {
  if (requested <= 0) return { kind: 'remove' };
  if (!purchasable || cap <= 0) return { kind: 'refuse' };
  return requested > cap
    ? { kind: 'set', quantity: cap, capped: true }
    : { kind: 'set', quantity: requested, capped: false };
}

/** The shopper-facing reason a line could not take the quantity asked for. */
export function capMessage({
  cap,
  inCart,
  size,
  color,
}: {
  cap: number;
  inCart: number;
  size: string;
  color: string;
}): string {
  if (cap >= MAX_LINE_QUANTITY) return `You can have up to ${MAX_LINE_QUANTITY} of this item; your cart has ${inCart}.`;
  const what = size && color ? ' in this size and colour' : size ? ' in this size' : color ? ' in this colour' : '';
  return `Only ${cap} left${what}; your cart has ${inCart}.`;
}

/**
 * The shopper-facing refusal when one product (every size and colour together) would go over the store's
 * per-order limit; `inCart` is how many of it the cart holds now.
 */
export function productLimitMessage({ limit, inCart }: { limit: number; inCart: number }): string {
  return (
    `You can buy at most ${limit} of this item per order, counting every size and colour; ` + `your cart has ${inCart}.`
  );
}

/** Total quantity per product across its lines (sizes and colours), for the per-order limit. */
export function unitsPerProduct(lines: readonly CartItem[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return totals;
}

export const CART_MESSAGES = {
  added: 'Product added to cart!',
  updated: 'Cart updated.',
  removed: 'Item removed from your cart.',
  cleared: 'Your cart is now empty.',
  selectSize: 'Please select a size',
  selectColor: 'Please select a color',
  addFailed: 'Error adding product to cart',
  unknownProduct: 'This product could not be found.',
  outOfStock: 'This product is out of stock.',
  badSize: 'This size is not available for this product.',
  badColor: 'This colour is not available for this product.',
  notInCart: 'That item is no longer in your cart.',
  failed: 'Your cart could not be updated. Please try again.',
} as const;

export function soldOutMessage(size: string, color: string): string {
  if (size && color) return 'This size and colour is sold out.';
  if (size) return 'This size is sold out.';
  if (color) return 'This colour is sold out.';
  return CART_MESSAGES.outOfStock;
}

const CAP_PATTERN = new RegExp(
  String.raw`^(Only \d{1,3} left( in this (size and colour|size|colour))?|You can have up to \d{1,3} of this item)` +
    String.raw`; your cart has \d{1,3}\.$`,
);
const SOLD_OUT_PATTERN = /^This (size and colour|size|colour) is sold out\.$/;
const PRODUCT_LIMIT_PATTERN =
  /^You can buy at most \d{1,2} of this item per order, counting every size and colour; your cart has \d{1,4}\.$/;
const KNOWN = new Set<string>(Object.values(CART_MESSAGES));

/**
 * Without JavaScript the action redirects with its message in the query string. Only texts the
 * action itself can produce are shown, so a crafted link cannot put words in the store's mouth.
 */
export function knownCartMessage(text: string | null | undefined): string | null {
  if (!text || text.length > 200) return null;
  return KNOWN.has(text) || CAP_PATTERN.test(text) || SOLD_OUT_PATTERN.test(text) || PRODUCT_LIMIT_PATTERN.test(text)
    ? text
    : null;
}

export const isSuccessMessage = (text: string) =>
  text === CART_MESSAGES.added ||
  text === CART_MESSAGES.updated ||
  text === CART_MESSAGES.removed ||
  text === CART_MESSAGES.cleared;
