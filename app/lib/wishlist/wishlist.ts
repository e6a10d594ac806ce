/**
 * The wishlist's rules and words, shared by the /wishlist action, the heart and the page (decision 0005): the
 * action's schema here (parsed with Conform's parseWithZod, decision 0019), everything the browser needs too in
 * wishlist-rules.ts (kept free of zod).
 */
import { z } from 'zod';
import { isId } from '../ids';
import { WISHLIST_MAX, WISHLIST_MESSAGES } from './wishlist-rules';

export * from './wishlist-rules';

const productId = z.string({ error: WISHLIST_MESSAGES.badProduct }).refine(isId, WISHLIST_MESSAGES.badProduct);

export const wishlistActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.enum(['add', 'remove', 'toggle']), productId }),
    // The browser's list after sign-in; ids that are not well formed are skipped, not fatal (an old browser list).
    // Conform's parseWithZod reads an empty field as missing: the default keeps an empty id one more skipped id.
    z.object({
      intent: z.literal('merge'),
      productIds: z.array(z.string().max(40).default('')).max(WISHLIST_MAX * 2),
    }),
  ],
  { error: WISHLIST_MESSAGES.badIntent },
);
export type WishlistAction = z.infer<typeof wishlistActionSchema>;
