/**
 * Checkout rules shared by the server (the authority) and the page: the texts of docs/requirements.md#14-messages, the
 * form schema and the payment reference. Totals are computed by order-totals.ts, from database prices and zones only:
 * nothing the browser sends about prices or totals is ever charged.
 */
import { z } from 'zod';
import { addressSchema, ADDRESS_FIELDS, ADDRESS_LIMITS, ADDRESS_MESSAGES } from '../accounts/address';
import { promoCodeField } from '../cart/cart-schema';
import { DELIVERY_METHODS } from '../delivery/delivery';
import { formatNaira } from '../money';
import { NIGERIAN_STATES } from '../nigeria';
import { PAYMENT_METHODS } from '../orders/orders';

/**
 * The original brief's texts (docs/requirements.md#14-messages), quoted exactly, then our own for cases it does not
 * name.
 */
export const CHECKOUT_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  signIn: 'Please sign in to continue',
  notSuccessful: 'Payment was not successful. Please try again.',
  processingError: 'Error processing payment. Please try again.',
  emptyCart: 'Your cart is empty. Add something you love before checking out.',
  unavailableLines: 'Some items in your cart can no longer be bought. Please review your cart before paying.',
  underReview:
    'We received a payment for this order that did not match its total, so it was not accepted automatically. ' +
    'Our team has been told and will contact you.',
  pendingConfirmation:
    'We are still waiting for the payment provider to confirm your payment. ' +
    'This page updates once it does; you will also get an email.',
  previousPaymentUnchecked: 'We are still checking your previous payment. Please try again in a minute.',
  previousPaymentInProgress:
    'Your previous payment is still being processed. Please wait a few minutes for it to finish, then try again.',
  awaitingTransfer:
    'We are waiting for your bank to confirm your transfer. ' +
    'This page checks again by itself; you do not need to pay again.',
  awaitingTransferLate:
    'If your bank confirms the transfer later, your order is completed automatically and we email you.',
  previousOrderPaid:
    'Your previous payment went through after all: that order is confirmed (we have emailed you) ' +
    'and its items have left your cart. Please check your cart before paying again.',
  cartChanged: 'Your cart changed while we were checking your previous payment. Please review it and pay again.',
  cardUnfinished:
    'Your card payment was not finished (the one-time code from your bank was not entered), so nothing was charged. ' +
    'Press Pay to finish it.',
} as const;

/** The checkout's refusal when a product in the cart is over the store's per-order limit (set lower after adding). */
export function productLimitCheckoutMessage({
  name,
  limit,
  inCart,
}: {
  name: string;
  limit: number;
  inCart: number;
}): string {
  return (
    `You can buy at most ${limit} of ${name} per order, counting every size and colour; your cart has ${inCart}. ` +
    'Please lower the quantity in your cart and try again.'
  );
}

/**
 * Pay refused because the order would cost another total than the page showed (a price edited meanwhile, the promo
 * code's discount changed): nothing is charged, and the page shows the new total before Pay is pressed again
 * (decision 0023).
 */
export function totalChangedMessage({ shown, total }: { shown: number | null; total: number }): string {
  const why =
    shown === null ? '' : `, not ${formatNaira(shown)} as shown before: a price or your promo code's discount changed`;
  return (
    `Your order now comes to ${formatNaira(total)}${why}. ` +
    'Your order was not placed; please check it and press Pay again.'
  );
}

/** Fields docs/requirements.md#7-checkout requires to be non-blank after trimming (apartment is optional). */
export const REQUIRED_ADDRESS_FIELDS = ADDRESS_FIELDS.filter((field) => field !== 'apartment');

/** What each blank required field of the checkout form says (docs/requirements.md#7-checkout). */
export const REQUIRED_FIELD_ERROR = 'This field is required.';

/** Missing altogether, or nothing but spaces (a field that failed its own check is not blank). */
const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

const deliveryMethod = z.enum(DELIVERY_METHODS, { error: 'Please choose delivery or pickup.' }).default('delivery');

/**
 * The delivery fee and the total (kobo) the page showed when Pay was pressed: not prices the server takes, but what
 * the shopper agreed to. The server charges its own and refuses Pay when they differ (decisions 0022 and 0023).
 * Anything but a whole number counts as nothing shown.
 */
const shownAmount = z
  .string()
  .optional()
  .transform((value) => (value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : null));

/**
 * The checkout form: the shipping address, every blank required field marked "This field is required.", and the
 * first check of docs/requirements.md#7-checkout above the form: any blank → 'Please fill in all required fields'
 * (a form-level error, as Conform reads an issue without a path). `when` runs it beside the fields' own errors.
 * Besides the address: delivery or pickup, and the fee and total the page showed. Everything else the browser sends
 * (prices, discounts) is dropped by the object.
 */
export const checkoutSchema = addressSchema(REQUIRED_FIELD_ERROR)
  .extend({
    delivery: deliveryMethod,
    shownDeliveryFee: shownAmount,
    shownTotal: shownAmount,
    // Paystack unless pay on delivery is chosen; the server allows that or refuses it (decision 0037).
    paymentMethod: z.enum(PAYMENT_METHODS).default('paystack'),
  })
  .refine((value: Record<string, unknown>) => !REQUIRED_ADDRESS_FIELDS.some((field) => isBlank(value[field])), {
    when: () => true,
    message: CHECKOUT_MESSAGES.requiredFields,
  });

/**
 * "Update delivery" (the checkout without JavaScript): only what the fee depends on is checked, so the rest of a
 * half-filled form is not marked yet. The same rules as the address's state and town.
 */
export const deliveryChoiceSchema = z.object({
  delivery: deliveryMethod,
  state: z.enum(NIGERIAN_STATES, { error: ADDRESS_MESSAGES.state }),
  city: z
    .string()
    .trim()
    .max(ADDRESS_LIMITS.city, `Please keep your town under ${ADDRESS_LIMITS.city} characters.`)
    .default(''),
});

/** The checkout's promo code form (decision 0023): the code kept on the cart, as the cart's own form takes it. */
export const promoFormSchema = z.object({ promoCode: promoCodeField });

/**
 * The checkout's buttons: Pay (also Enter in a field), Update delivery on the page without JavaScript, and the promo
 * code's Apply and Remove.
 */
export const CHECKOUT_INTENTS = ['pay', 'quote', 'promo', 'remove-promo'] as const;
export type CheckoutIntent = (typeof CHECKOUT_INTENTS)[number];

export const PAYMENT_CURRENCY = 'NGN';

/** docs/requirements.md#8-payments: pj_{timestamp}_{random}. The random part is 10 base-36 characters from a CSPRNG. */
/**
 * `pj-{timestamp}-{random}`: Paystack's `reference` allows only `-`, `.`, `=` and letters and digits (decision 0029).
 * References made before that (`pj_…`) are still found (payment-references.server.ts) but never sent anew.
 */
export function paymentReference(now = Date.now(), random: () => string = randomPart): string {
  return `pj-${now}-${random()}`;
}

/** The characters Paystack's initialize takes in a reference (its OpenAPI: "Only -, ., = and alphanumeric"). */
export const PAYSTACK_REFERENCE = /^[A-Za-z0-9.=-]+$/;

function randomPart(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/** Ours, as made now (`pj-…`) or before decision 0029 (`pj_…`). */
export const REFERENCE_PATTERN = /^pj(-\d{13}-|_\d{13}_)[0-9a-z]{6,16}$/;

/** Where the browser goes back to checkout after a payment that did not go through, and why. */
export const PAYMENT_RESULT_PARAM = 'payment';
export const PAYMENT_RESULTS = {
  failed: CHECKOUT_MESSAGES.notSuccessful,
  error: CHECKOUT_MESSAGES.processingError,
  review: CHECKOUT_MESSAGES.underReview,
  unfinished: CHECKOUT_MESSAGES.cardUnfinished,
} as const;
export type PaymentResult = keyof typeof PAYMENT_RESULTS;
export const isPaymentResult = (value: unknown): value is PaymentResult =>
  typeof value === 'string' && Object.hasOwn(PAYMENT_RESULTS, value);
