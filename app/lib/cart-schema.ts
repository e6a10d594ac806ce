/**
 * The one schema for POST /cart, shared by the action (the authority) and the forms (field names,
 * input limits). Whether the product, size and colour exist is the server's question, not the schema's.
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart-rules';

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

export const cartActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('add'), ...key, quantity: quantity(1, QUANTITY_MESSAGES.add) }),
    z.object({ intent: z.literal('update'), ...key, quantity: quantity(0, QUANTITY_MESSAGES.update) }),
    z.object({ intent: z.literal('remove'), ...key }),
    z.object({ intent: z.literal('clear') }),
  ],
  { error: UNKNOWN_INTENT },
);

export type CartAction = z.infer<typeof cartActionSchema>;
export type CartFieldErrors = Partial<Record<'intent' | 'productId' | 'size' | 'color' | 'quantity', string>>;

export type ParsedCartForm =
  { success: true; action: CartAction } | { success: false; message: string; fieldErrors: CartFieldErrors };

/** FormData (or any string record) to a cart action, or the first problem in words. */
export function parseCartForm(form: FormData | Record<string, unknown>): ParsedCartForm {
  const entries = form instanceof FormData ? Object.fromEntries(form) : form;
  const parsed = cartActionSchema.safeParse(entries);
  if (parsed.success) return { success: true, action: parsed.data };
  const fieldErrors: CartFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] ?? 'intent') as keyof CartFieldErrors;
    fieldErrors[field] ??= issue.message;
  }
  const message =
    fieldErrors.intent ??
    fieldErrors.productId ??
    fieldErrors.quantity ??
    fieldErrors.size ??
    fieldErrors.color ??
    'Please check the form and try again.';
  return { success: false, message, fieldErrors };
}
