/**
 * "Email me when it's back" (decision 0027): the words the product page and the confirmation page show,
 * without zod so the page's scripts can read them (back-in-stock.ts builds the form's schema from them for the
 * server).
 */
import { FORM_CAP_MESSAGE } from '../forms/form-caps';
import { INVALID_EMAIL } from '../forms/form-words';

/** At most this many open requests per mailbox: one address cannot be signed up for a flood of mails. */
export const BACK_IN_STOCK_MAX_OPEN = 20;

/** An anonymous request not confirmed within this many hours is dropped (its link stops working). */
export const BACK_IN_STOCK_CONFIRM_HOURS = 48;

/**
 * One answer whether the address is new, already waiting or at its cap (docs/requirements.md#14-messages): the page
 * never tells a stranger what an address has asked for. `added` is said only for a signed-in customer's own verified
 * address, confirmed at once; anyone else is asked to confirm by mail (`confirmByMail`).
 */
export const BACK_IN_STOCK_MESSAGES = {
  added: "Thank you: we'll email you once when it's back.",
  confirmByMail: "Almost done: open the link we emailed you to confirm, and we'll email you once when it's back.",
  inStock: 'This size and colour is in stock now: add it to your cart.',
  tooMany: `Your address is already waiting for ${BACK_IN_STOCK_MAX_OPEN} pieces; we'll email as they come back.`,
  needEmail: 'Please enter your email address, or sign in.',
  failed: 'Sorry, we could not save that. Please try again.',
  tooOften: FORM_CAP_MESSAGE,
  /** "Email me when it drops" (decision 0036): the same answers, in the drop's words. */
  dropAdded: "Thank you: we'll email you once when it drops.",
  dropConfirmByMail: "Almost done: open the link we emailed you to confirm, and we'll email you once when it drops.",
  dropOpen: 'It has dropped: add it to your cart.',
} as const;
export type BackInStockOutcome = keyof typeof BACK_IN_STOCK_MESSAGES;

/** What the confirmation page (/back-in-stock/confirm) says. */
export const BACK_IN_STOCK_CONFIRM_MESSAGES = {
  ask: 'Confirm you want one email when this piece is back in stock.',
  done: "Confirmed: we'll email you once when it's back.",
  askDrop: 'Confirm you want one email when this piece drops.',
  doneDrop: "Confirmed: we'll email you once when it drops.",
  invalid:
    `This link is not valid or has expired (links work for ${BACK_IN_STOCK_CONFIRM_HOURS} hours). ` +
    'Ask again from the product page.',
} as const;

const SUCCESS = new Set<string>([
  BACK_IN_STOCK_MESSAGES.added,
  BACK_IN_STOCK_MESSAGES.confirmByMail,
  BACK_IN_STOCK_MESSAGES.dropAdded,
  BACK_IN_STOCK_MESSAGES.dropConfirmByMail,
]);
const KNOWN = new Set<string>([...Object.values(BACK_IN_STOCK_MESSAGES), INVALID_EMAIL]);

/** The redirect back to the product carries the message; only the store's own words are shown (as knownCartMessage). */
export const knownBackInStockMessage = (text: string | null | undefined): string | null =>
  text && KNOWN.has(text) ? text : null;

export const isBackInStockSuccess = (text: string) => SUCCESS.has(text);

/** Why an alert mails: its size and colour came back in stock, or its product opens in a drop (decision 0036). */
export const ALERT_REASONS = ['restock', 'drop'] as const;
export type AlertReason = (typeof ALERT_REASONS)[number];
