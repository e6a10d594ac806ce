/**
 * "Email me when it's back" (issue 18): the words the product page shows, without zod so the page's scripts can
 * read them (back-in-stock.ts builds the form's schema from them for the server).
 */
import { INVALID_EMAIL } from './form-words';

/** At most this many open requests per address: one address cannot be signed up for a flood of mails. */
export const BACK_IN_STOCK_MAX_OPEN = 20;

export const BACK_IN_STOCK_MESSAGES = {
  added: "Thank you: we'll email you once when it's back.",
  already: "You're already on the list: we'll email you once when it's back.",
  inStock: 'This size and colour is in stock now: add it to your cart.',
  tooMany: `That address is already waiting for ${BACK_IN_STOCK_MAX_OPEN} pieces; we'll email as they come back.`,
  needEmail: 'Please enter your email address, or sign in.',
  failed: 'Sorry, we could not save that. Please try again.',
} as const;
export type BackInStockOutcome = keyof typeof BACK_IN_STOCK_MESSAGES;

const SUCCESS = new Set<string>([BACK_IN_STOCK_MESSAGES.added, BACK_IN_STOCK_MESSAGES.already]);
const KNOWN = new Set<string>([...Object.values(BACK_IN_STOCK_MESSAGES), INVALID_EMAIL]);

/** The redirect back to the product carries the message; only the store's own words are shown (as knownCartMessage). */
export const knownBackInStockMessage = (text: string | null | undefined): string | null =>
  text && KNOWN.has(text) ? text : null;

export const isBackInStockSuccess = (text: string) => SUCCESS.has(text);
