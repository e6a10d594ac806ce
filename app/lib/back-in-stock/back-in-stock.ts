/**
 * The "Email me when it's back" form's one schema (decision 0019), parsed by POST /back-in-stock. The product page
 * does not load it (the page's JavaScript budget): its field checks itself with the browser's own `type="email"`.
 * The email may be left blank by a signed-in customer, whose account address is used then; the server decides.
 */
import { z } from 'zod';
import { emailField } from '../forms/forms';
import { ALERT_REASONS } from './back-in-stock-words';

export * from './back-in-stock-words';

/** Longer than any id, size or colour the store makes; a longer one is refused as unknown. */
const OPTION_MAX = 100;

export const backInStockSchema = z.object({
  productId: z.string().trim().min(1).max(OPTION_MAX),
  // Conform reads an empty field as absent: '' is "no size" / "no colour", as in the cart.
  size: z.string().max(OPTION_MAX).default(''),
  color: z.string().max(OPTION_MAX).default(''),
  email: emailField.optional(),
  /** 'drop': "Email me when it drops" (decision 0036), for the product as a whole (size and colour ''). */
  reason: z.enum(ALERT_REASONS).default('restock'),
});
export type BackInStockInput = z.infer<typeof backInStockSchema>;

/** The confirmation link's address (/back-in-stock/confirm?token=…), read the same by the page and its button. */
export const backInStockConfirmQuerySchema = z.object({ token: z.string().trim().min(1).max(100) });
