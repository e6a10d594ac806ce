/**
 * The one computation of an order's money (docs/requirements.md#15-limits-and-constants), for the cart, the checkout
 * summary, the order the server writes and what Paystack charges: subtotal, delivery, discount and total, in whole
 * kobo and never negative. Pure, so the page and the server compute alike; the server's answer, from database prices
 * and zones, is the one charged.
 *
 * Discounts plug in as two parts: on the goods (a percentage or a fixed amount off) and on the delivery (free
 * delivery); each is capped at what it discounts, so no discount makes the subtotal, the delivery or the total
 * negative. The free-delivery threshold compares the goods before any code: a code never raises what an order costs
 * (with "after", 1% off a ₦50,000 cart at a ₦50,000 threshold brought the ₦2,600 fee back and cost ₦2,100 more).
 */
export type PricedItem = { unitPrice: number; quantity: number };

/** Kobo off the goods and off the delivery ('all': free delivery, whatever it costs); each capped at what it discounts. */
export type Discount = { goods?: number; delivery?: number | 'all' };

export type OrderTotals = {
  subtotal: number;
  /** What delivery (or pickup) costs this order: the quote's fee, or 0 past the free-delivery threshold. */
  delivery: number;
  /** True when the threshold made delivery free. */
  freeDelivery: boolean;
  /** Everything taken off: goods and delivery. */
  discount: number;
  total: number;
};

const wholeKobo = (value: number, what: string) => {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a non-negative whole number of kobo, got ${value}`);
  return value;
};

export function orderTotals(
  items: readonly PricedItem[],
  {
    deliveryFee,
    freeDeliveryOver = null,
    discount = {},
  }: { deliveryFee: number; freeDeliveryOver?: number | null; discount?: Discount },
): OrderTotals {
  let subtotal = 0;
  for (const item of items) {
    wholeKobo(item.unitPrice, 'A price');
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0)
      throw new RangeError(`A quantity must be a positive whole number, got ${item.quantity}`);
    subtotal += item.unitPrice * item.quantity;
  }
  wholeKobo(subtotal, 'The subtotal');
  wholeKobo(deliveryFee, 'The delivery fee');
  if (freeDeliveryOver !== null) wholeKobo(freeDeliveryOver, 'The free-delivery threshold');
  const goodsOff = Math.min(wholeKobo(discount.goods ?? 0, 'A discount'), subtotal);
  const freeDelivery = freeDeliveryOver !== null && subtotal >= freeDeliveryOver;
  const delivery = freeDelivery ? 0 : deliveryFee;
  const deliveryOff =
    discount.delivery === 'all' ? delivery : Math.min(wholeKobo(discount.delivery ?? 0, 'A discount'), delivery);
  const total = subtotal + delivery - goodsOff - deliveryOff;
  wholeKobo(total, 'The order total');
  return { subtotal, delivery, freeDelivery, discount: goodsOff + deliveryOff, total };
}

/** What the cart knows of delivery before any address: the one fee every address pays, if there is one. */
export type CartDeliveryTerms = { fee: number | null; freeDeliveryOver: number | null };

/** Totals as far as they are known: delivery and total null while delivery depends on the address. */
export type KnownTotals = { subtotal: number; delivery: number | null; discount: number; total: number | null };

/**
 * The cart's summary (docs/requirements.md#4-what-each-page-shows): a store whose every address pays one fee (no
 * zones, the brief's flat ₦2,600) shows it and the total as before; otherwise delivery is calculated at checkout,
 * unless the subtotal already reached free delivery, or a free-delivery code applies: both hold for every address.
 * While the fee is unknown, a free-delivery code's discount counts the goods part only (the fee it waives is not
 * known yet); delivery then shows 0 and the total is known.
 */
export function cartOrderTotals(
  items: readonly PricedItem[],
  terms: CartDeliveryTerms,
  discount: Discount = {},
): KnownTotals {
  const { freeDeliveryOver } = terms;
  const free = orderTotals(items, { deliveryFee: 0, freeDeliveryOver, discount });
  if (terms.fee === null && !free.freeDelivery && discount.delivery !== 'all')
    return { subtotal: free.subtotal, delivery: null, discount: free.discount, total: null };
  const known = orderTotals(items, { deliveryFee: terms.fee ?? 0, freeDeliveryOver, discount });
  return { subtotal: known.subtotal, delivery: known.delivery, discount: known.discount, total: known.total };
}
