/**
 * A cart's promo code as the cart and checkout pages show it (decision 0023): the code, whether it applies
 * now and why not, and the discount the page's totals take off (order-totals.ts). Decided on the server from the
 * database (app/lib/promo/promo.ts through app/server/promo); the pages only show it. Free of Zod, as the cart page
 * loads it (decision 0019).
 */
import type { Discount } from '../orders/order-totals';
import { PROMO_CODE_MAX, PROMO_MESSAGES, type PromoOutcome } from './promo';

export type PromoView = {
  /** The code as the admin wrote it when it is known, else as the cart holds it. */
  code: string;
  applied: boolean;
  /** "The code X is applied.", or the plain reason it is not (unknown, expired, minimum not reached…). */
  message: string;
  /** What the totals take off: nothing while the code does not apply. */
  discount: Discount;
};

export function promoView(typed: string, outcome: PromoOutcome): PromoView {
  if (outcome.kind === 'applied')
    return { code: outcome.promo.code, applied: true, message: outcome.message, discount: outcome.discount };
  return { code: typed, applied: false, message: outcome.message, discount: {} };
}

/** The discount a page's totals take off for the cart's code (none without one, or while it does not apply). */
export const promoDiscount = (promo: PromoView | null): Discount => (promo?.applied ? promo.discount : {});

/** What an admin may write as a code (app/lib/promo/admin-promo.ts): letters, digits, - and _. */
const CODE = `[A-Z0-9_-]{1,${PROMO_CODE_MAX}}`;
const MONEY = String.raw`₦\d{1,3}(,\d{3})*(\.\d{2})?`;
const WHEN = String.raw`\d{1,2} [A-Z][a-z]{2,8} \d{4} at \d{1,2}:\d{2}( [AaPp][Mm])?`;

export const PROMO_CART_MESSAGES = {
  /** An unknown code typed with characters no code has: not repeated back, so the message stays one of ours. */
  unknownOther: "We don't know that code. Check the spelling and try again.",
  /** Too many unknown codes from one address (cart-promo.server.ts): codes must not be found by trying them all. */
  tooManyTries: 'Too many codes tried that we do not know. Please wait a few minutes before trying another.',
} as const;

/** The reason an unknown code is refused, naming it when it could be a code at all. */
export const unknownCodeMessage = (typed: string) => {
  const shown = typed.trim().toUpperCase();
  return new RegExp(`^${CODE}$`).test(shown) ? PROMO_MESSAGES.unknown(shown) : PROMO_CART_MESSAGES.unknownOther;
};

/** A message of PROMO_MESSAGES that names only the code, with the code as a pattern. */
const shaped = (message: (code: string) => string) => {
  const hole = '\u0001';
  const text = message(hole).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${text.replace(hole, CODE)}$`);
};

const PROMO_PATTERNS = [
  shaped(PROMO_MESSAGES.unknown),
  shaped(PROMO_MESSAGES.inactive),
  shaped(PROMO_MESSAGES.usedUp),
  shaped(PROMO_MESSAGES.usedByYou),
  shaped(PROMO_MESSAGES.notForItems),
  shaped(PROMO_MESSAGES.notForSaleItems),
  shaped(PROMO_MESSAGES.applied),
  new RegExp(`^The code ${CODE} can be used from ${WHEN}\\.$`),
  new RegExp(`^The code ${CODE} expired on ${WHEN}\\.$`),
  new RegExp(`^The code ${CODE} needs ${MONEY} of eligible items in your cart: add ${MONEY} more\\.$`),
];
const FIXED = new Set<string>([
  PROMO_MESSAGES.removed,
  PROMO_MESSAGES.empty,
  PROMO_MESSAGES.tooLong,
  PROMO_CART_MESSAGES.unknownOther,
  PROMO_CART_MESSAGES.tooManyTries,
]);

/**
 * Without JavaScript the cart's promo form is answered by a redirect with its message in the query string (as the
 * other cart forms are, lib/cart/cart-rules.ts): only texts the action itself can give are shown.
 */
export function knownPromoMessage(text: string | null | undefined): string | null {
  if (!text || text.length > 200) return null;
  return FIXED.has(text) || PROMO_PATTERNS.some((pattern) => pattern.test(text)) ? text : null;
}
