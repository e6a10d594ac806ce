/**
 * The one schema for POST /cart, which the action parses with Conform's parseWithZod (decision 0019). The cart
 * and product pages post with plain fetcher forms and never load it: their JavaScript stays free of zod
 * (bench/lib/bundles.ts), and their inputs carry the same limits (MAX_LINE_QUANTITY) as plain attributes. Whether
 * the product, size and colour exist is the server's question, not the schema's. The promo code's intents (apply,
 * remove) keep the code on the cart (decision 0023).
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart-rules';
import { PROMO_CODE_MAX, PROMO_MESSAGES } from '../promo/promo';

export const QUANTITY_MESSAGES = {
  add: `Please choose a quantity from 1 to ${MAX_LINE_QUANTITY}.`,
  update: `Please choose a quantity from 0 to ${MAX_LINE_QUANTITY}.`,
} as const;
export const UNKNOWN_INTENT = 'Unknown cart action.';
export const MISSING_PRODUCT = 'Please choose a product.';

/** Whole numbers only: "1.5", "1e3", "-2", "0x10" and "" are refused, not rounded or coerced. */
const quantity = (min: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(MAX_LINE_QUANTITY, { error: message }));

/** '' stands for "no size" / "no colour" (a product without sizes takes size ''). */
const option = z
  .string({ error: 'Please choose a valid option.' })
  .trim()
  .max(40, 'Please choose a valid option.')
  .default('');

const key = {
  productId: z.string({ error: MISSING_PRODUCT }).trim().min(1, MISSING_PRODUCT).max(64, MISSING_PRODUCT),
  size: option,
  color: option,
};

/**
 * A promo code as typed (decision 0023): trimmed; whether it exists is the server's question. The checkout's form too.
 */
export const promoCodeField = z
  .string({ error: PROMO_MESSAGES.empty })
  .trim()
  .min(1, PROMO_MESSAGES.empty)
  .max(PROMO_CODE_MAX, PROMO_MESSAGES.tooLong);

export const cartActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('add'), ...key, quantity: quantity(1, QUANTITY_MESSAGES.add) }),
    z.object({ intent: z.literal('update'), ...key, quantity: quantity(0, QUANTITY_MESSAGES.update) }),
    z.object({ intent: z.literal('remove'), ...key }),
    z.object({ intent: z.literal('clear') }),
    z.object({ intent: z.literal('promo'), promoCode: promoCodeField }),
    z.object({ intent: z.literal('remove-promo') }),
  ],
  { error: UNKNOWN_INTENT },
);

export type CartAction = z.infer<typeof cartActionSchema>;

/** The order in which a refused form's problems are worth telling: what to do, to what, how many, which option. */
const PROBLEM_ORDER = ['intent', 'productId', 'quantity', 'size', 'color', 'promoCode', ''];

/**
 * The one line a refused cart form shows (a fetcher's message, or the query of the redirect a form sent without
 * JavaScript gets): the first of Conform's field errors (`submission.error`) in PROBLEM_ORDER.
 */
export function cartProblem(error: Record<string, string[] | null> | null | undefined): string {
  for (const name of PROBLEM_ORDER) {
    const message = error?.[name]?.[0];
    if (message) return message;
  }
  return 'Please check the form and try again.';
}
