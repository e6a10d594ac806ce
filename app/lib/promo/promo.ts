/**
 * Promo codes (decision 0023): whether a code applies to a cart and what it takes off, said plainly when it
 * does not. Pure, so the cart, the checkout and the order the server places decide alike; the server's answer, from
 * the code and the uses as the database holds them inside the order's transaction, is the one charged
 * (app/server/promo/promo-codes.server.ts). The amount itself is taken off by order-totals.ts, which caps it.
 */
import { formatNaira } from '../money';
import { formatOrderDateTime } from '../orders/orders';
import type { Discount, PricedItem } from '../orders/order-totals';

export const PROMO_KINDS = ['percent', 'fixed', 'free-delivery'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
export type PromoRedemptionState = 'reserved' | 'used' | 'released' | 'over-limit';

/** Longest code the admin may write and a shopper may type. */
export const PROMO_CODE_MAX = 32;

/** A code as the database keeps it (promo_codes). */
export type PromoRules = {
  id: string;
  code: string;
  kind: PromoKind;
  percentOff: number | null;
  amountOff: number | null;
  minSubtotal: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  collectionIds: readonly string[];
  categories: readonly string[];
  /**
   * Leaves lines of products on sale (a compare-at price, decision 0034) out of what the code applies to. Absent
   * is off, the column's default.
   */
  excludeSale?: boolean;
  active: boolean;
};

/**
 * Uses that count against the limits: paid ones and those reserved by unpaid orders still open. `byCustomer` is null
 * when nobody is signed in (a visitor's cart): the per-customer limit is then checked at checkout.
 */
export type PromoUsage = { taken: number; byCustomer: number | null };

/**
 * A cart line as the code sees it: its price, what it belongs to, and whether its product is on sale (has a
 * compare-at price; absent: not on sale).
 */
export type PromoLine = PricedItem & { collectionId: string | null; category: string; onSale?: boolean };

export type PromoRefusalReason =
  | 'unknown'
  | 'inactive'
  | 'not-started'
  | 'expired'
  | 'minimum'
  | 'used-up'
  | 'used-by-you'
  | 'not-for-items'
  | 'not-for-sale-items';

export type PromoOutcome =
  | { kind: 'applied'; promo: PromoRules; discount: Discount; message: string }
  | { kind: 'refused'; reason: PromoRefusalReason; message: string };

/** How a code is compared: without case or surrounding spaces (the database's unique index is on lower(code)). */
export const promoCodeKey = (code: string) => code.trim().toLowerCase();

/**
 * The items a code's collection and category limits let it discount (every item without limits), less those on sale
 * when the code leaves them out.
 */
export function eligibleLines<T extends PromoLine>(promo: PromoRules, lines: readonly T[]): T[] {
  const limited = inLimits(promo, lines);
  return promo.excludeSale ? limited.filter((line) => !line.onSale) : limited;
}

/** The items within the code's collection and category limits, on sale or not. */
function inLimits<T extends PromoLine>(promo: PromoRules, lines: readonly T[]): T[] {
  if (promo.collectionIds.length === 0 && promo.categories.length === 0) return [...lines];
  return lines.filter(
    (line) =>
      (line.collectionId !== null && promo.collectionIds.includes(line.collectionId)) ||
      promo.categories.some((category) => category.toLowerCase() === line.category.toLowerCase()),
  );
}

const sum = (lines: readonly PricedItem[]) => lines.reduce((total, line) => total + line.unitPrice * line.quantity, 0);

const refuse = (reason: PromoRefusalReason, message: string) => ({ kind: 'refused', reason, message }) as const;

/**
 * Why `promo` cannot be used at all at `now`, whatever the items: switched off, not started, expired, or its uses
 * taken. Null when it is open. An order paid again after its release asks only this (its discount is already fixed:
 * app/server/promo/promo-codes.server.ts `reclaimPromoUse`).
 */
export function promoClosed(
  promo: PromoRules,
  usage: PromoUsage,
  now: Date,
): Extract<PromoOutcome, { kind: 'refused' }> | null {
  const shown = promo.code.toUpperCase();
  if (!promo.active) return refuse('inactive', PROMO_MESSAGES.inactive(shown));
  if (promo.startsAt && now < promo.startsAt)
    return refuse('not-started', PROMO_MESSAGES.notStarted(shown, promo.startsAt));
  if (promo.endsAt && now >= promo.endsAt) return refuse('expired', PROMO_MESSAGES.expired(shown, promo.endsAt));
  if (promo.maxUses !== null && usage.taken >= promo.maxUses) return refuse('used-up', PROMO_MESSAGES.usedUp(shown));
  if (promo.maxUsesPerCustomer !== null && usage.byCustomer !== null && usage.byCustomer >= promo.maxUsesPerCustomer)
    return refuse('used-by-you', PROMO_MESSAGES.usedByYou(shown));
  return null;
}

/**
 * What `promo` does for these lines at `now`, or why it does not apply (`typed` is what the shopper typed, for the
 * message; null promo: no such code). Percentages round down to whole kobo; a fixed amount is capped at the items it
 * applies to by order-totals.ts.
 */
export function evaluatePromo(
  typed: string,
  promo: PromoRules | null,
  lines: readonly PromoLine[],
  usage: PromoUsage,
  now: Date,
): PromoOutcome {
  if (!promo) return refuse('unknown', PROMO_MESSAGES.unknown(typed.trim().toUpperCase()));
  const closed = promoClosed(promo, usage, now);
  if (closed) return closed;
  const shown = promo.code.toUpperCase();
  const eligible = eligibleLines(promo, lines);
  if (eligible.length === 0)
    // Items it would take if they were not on sale: the shopper is told so, not that the code is for other items.
    return inLimits(promo, lines).length > 0
      ? refuse('not-for-sale-items', PROMO_MESSAGES.notForSaleItems(shown))
      : refuse('not-for-items', PROMO_MESSAGES.notForItems(shown));
  const eligibleSubtotal = sum(eligible);
  if (eligibleSubtotal < promo.minSubtotal)
    return refuse('minimum', PROMO_MESSAGES.minimum(shown, promo.minSubtotal, promo.minSubtotal - eligibleSubtotal));
  return {
    kind: 'applied',
    promo,
    discount: promoDiscount(promo, eligibleSubtotal),
    message: PROMO_MESSAGES.applied(shown),
  };
}

function promoDiscount(promo: PromoRules, eligibleSubtotal: number): Discount {
  switch (promo.kind) {
    case 'percent':
      return { goods: Math.floor((eligibleSubtotal * (promo.percentOff ?? 0)) / 100) };
    case 'fixed':
      return { goods: Math.min(promo.amountOff ?? 0, eligibleSubtotal) };
    case 'free-delivery':
      return { delivery: 'all' };
  }
}

/** '10% off', '₦5,000 off', 'Free delivery': what a code gives, for the admin list and the shopper. */
export function promoBenefit(promo: Pick<PromoRules, 'kind' | 'percentOff' | 'amountOff'>): string {
  if (promo.kind === 'percent') return `${promo.percentOff ?? 0}% off`;
  if (promo.kind === 'fixed') return `${formatNaira(promo.amountOff ?? 0)} off`;
  return 'Free delivery';
}

export const PROMO_MESSAGES = {
  unknown: (code: string) => `We don't know the code ${code}. Check the spelling and try again.`,
  inactive: (code: string) => `The code ${code} is switched off at the moment.`,
  notStarted: (code: string, at: Date) => `The code ${code} can be used from ${formatOrderDateTime(at)}.`,
  expired: (code: string, at: Date) => `The code ${code} expired on ${formatOrderDateTime(at)}.`,
  minimum: (code: string, minimum: number, missing: number) =>
    `The code ${code} needs ${formatNaira(minimum)} of eligible items in your cart: add ${formatNaira(missing)} more.`,
  usedUp: (code: string) => `The code ${code} has been used as many times as it allows.`,
  usedByYou: (code: string) => `You have already used the code ${code}.`,
  notForItems: (code: string) => `The code ${code} is not for the items in your cart.`,
  notForSaleItems: (code: string) => `The code ${code} does not apply to items on sale.`,
  applied: (code: string) => `The code ${code} is applied.`,
  removed: 'The promo code was removed.',
  empty: 'Enter a promo code.',
  tooLong: `A promo code is at most ${PROMO_CODE_MAX} characters.`,
  /** At Pay: the code stopped applying between the page and the order (expired, used up meanwhile). */
  changedAtPay: (reason: string) => `${reason} Your order was not placed; check the new total and press Pay again.`,
} as const;
