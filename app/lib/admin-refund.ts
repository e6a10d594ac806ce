/**
 * The admin order page's refund form: its values as the page starts it (the amount in naira), its one Zod schema
 * (decision 0019: the action parses posts with it, the page validates with it first), and the words the page shows
 * for each outcome. Pure, shared by the page and the action.
 */
import { z } from 'zod';
import { koboToNairaInput } from './admin-catalog-product';
import { formatNaira, nairaToKobo } from './money';

export const REFUND_INTENT = 'refund';
export const REFUND_REASON_MIN = 3;
export const REFUND_REASON_MAX = 200;

/** The query key the post/redirect/get carries the outcome back in: ?refund=requested|duplicate. */
export const REFUND_PARAM = 'refund';

export const REFUND_MESSAGES = {
  requested: 'Refund requested from Paystack. Its status below changes as Paystack processes it.',
  duplicate:
    'This refund form was already sent, so it was not sent again: the first request stands (see Refunds below).',
  invalid: 'Please correct the fields marked below.',
  amount: 'Please enter the amount to refund in naira, more than ₦0, e.g. 2600 or 2600.50.',
  reason: `Please enter why you are refunding, in ${REFUND_REASON_MIN} to ${REFUND_REASON_MAX} characters.`,
  // No row can carry a missing or mangled key, so the form comes back with a fresh one and may simply be sent again.
  requestKey: 'This form was missing its one-time key, so nothing was sent. Please check the amount and send it again.',
  failed:
    'Something went wrong while requesting the refund. ' +
    'Check the refunds below and the Paystack dashboard before trying again.',
} as const;

export type RefundNotice = 'requested' | 'duplicate';

export const refundNoticeOf = (params: URLSearchParams): RefundNotice | null => {
  const value = params.get(REFUND_PARAM);
  return value === 'requested' || value === 'duplicate' ? value : null;
};

/** Paystack's trouble in plain words: a refusal can be corrected and retried; no answer must be checked first. */
export function providerErrorMessage({ answered, message }: { answered: boolean; message: string }): string {
  // The Paystack client words a refusal 'Paystack refused (400): …'; the admin needs only Paystack's own reason.
  if (answered) return `Paystack refused the refund: ${message.replace(/^Paystack refused \(\d+\): /, '')}`;
  return (
    'Paystack did not answer; the refund is recorded as requested — ' +
    'check the Paystack dashboard before trying again.'
  );
}

export const cancelledUnrefundedNotice = (refundable: number) =>
  `This order is cancelled but its payment of ${formatNaira(refundable)} was not refunded. Refund it below.`;

/** The form prefilled for a page view: the whole amount left, no reason yet. */
export const blankRefundForm = (refundable: number) => ({ amount: koboToNairaInput(refundable), reason: '' });

/**
 * `requestKey` is one per page view (the loader's crypto.randomUUID()): the same form sent twice makes one refund.
 * Anything of that look is accepted, since its only job is to be unique. Conform posts an empty box as no value, which
 * gets the field's own message.
 */
export const refundSchema = z.object({
  intent: z.literal(REFUND_INTENT),
  amount: z.string({ error: REFUND_MESSAGES.amount }).transform((value, ctx) => {
    const kobo = nairaToKobo(value.trim());
    if (kobo === null || kobo <= 0) {
      ctx.addIssue({ code: 'custom', message: REFUND_MESSAGES.amount });
      return z.NEVER;
    }
    return kobo;
  }),
  reason: z
    .string({ error: REFUND_MESSAGES.reason })
    .trim()
    .min(REFUND_REASON_MIN, REFUND_MESSAGES.reason)
    .max(REFUND_REASON_MAX, REFUND_MESSAGES.reason),
  requestKey: z
    .string({ error: REFUND_MESSAGES.requestKey })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, REFUND_MESSAGES.requestKey),
});
