/** The wishlist's rules and words, shared by the /wishlist action, the heart and the page (decision 0005). */
import { z } from 'zod';
import { isId } from './ids';

/** A visitor's list in this browser (SPEC.md's local heart), merged into the account at sign-in. */
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

const productId = z.string({ error: WISHLIST_MESSAGES.badProduct }).refine(isId, WISHLIST_MESSAGES.badProduct);

export const wishlistActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.enum(['add', 'remove', 'toggle']), productId }),
    // The browser's list after sign-in; ids that are not well formed are skipped, not fatal (an old browser list).
    z.object({ intent: z.literal('merge'), productIds: z.array(z.string().max(40)).max(WISHLIST_MAX * 2) }),
  ],
  { error: WISHLIST_MESSAGES.badIntent },
);
export type WishlistAction = z.infer<typeof wishlistActionSchema>;

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
