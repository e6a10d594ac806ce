/**
 * The wishlist's rules and words that the browser needs too (the heart, the browser list): no zod here, so
 * the product page's JavaScript does not carry the schema library (wishlist.ts adds the action's schema).
 */
import { isId } from '../ids';

/**
 * A visitor's list in this browser (the original brief's local heart,
 * docs/requirements.md#17-changes-from-the-original-brief), merged into the account at sign-in.
 */
export const WISHLIST_STORAGE_KEY = 'pj-wishlist';
export const WISHLIST_MAX = 100;

export const WISHLIST_MESSAGES = {
  saved: 'Saved to your wishlist.',
  removed: 'Removed from your wishlist.',
  signIn: 'Please sign in to save products to your account.',
  unknownProduct: 'This product could not be found.',
  full: `Your wishlist is full (${WISHLIST_MAX} products). Remove something to save this one.`,
  failed: 'Your wishlist could not be updated. Please try again.',
  badIntent: 'Unknown wishlist action.',
  badProduct: 'Please choose a product.',
} as const;

/** The browser list as stored: an array of well-formed ids, newest last; anything else reads as empty. */
export function parseStoredWishlist(raw: string | null): string[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value) ? [...new Set(value.filter(isId))].slice(-WISHLIST_MAX) : [];
  } catch {
    return [];
  }
}

/** ?ids=a,b,c on /wishlist: the visitor's list, for which the page loads cards. */
export function parseIdsParam(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').filter(isId))].slice(0, WISHLIST_MAX);
}
