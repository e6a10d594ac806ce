/**
 * The admin order page's refund form: its values as typed (the amount in naira), the one Zod schema the action
 * validates with, and the words the page shows for each outcome. Pure, shared by the page and the action.
 */
import { z } from 'zod';
import { koboToNairaInput } from './admin-catalog-product';
import { fieldErrors, formText } from './forms';
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

/** What the form holds: text as typed. */
export type RefundFormValues = { amount: string; reason: string; requestKey: string };
export type RefundField = keyof RefundFormValues;
export type RefundErrors = Partial<Record<RefundField, string>>;

/** The form prefilled for a page view: the whole amount left, no reason yet, this view's request key. */
export const blankRefundForm = (refundable: number, requestKey: string): RefundFormValues => ({
  amount: koboToNairaInput(refundable),
  reason: '',
  requestKey,
});

/** The posted form as values (never throws; the schema judges them). */
export function readRefundForm(form: FormData): RefundFormValues {
  return {
    amount: formText(form, 'amount'),
    reason: formText(form, 'reason'),
    requestKey: formText(form, 'requestKey'),
  };
}

export const refundSchema = z.object({
  amount: z.string().transform((value, ctx) => {
    const kobo = nairaToKobo(value.trim());
    if (kobo === null || kobo <= 0) {
      ctx.addIssue({ code: 'custom', message: REFUND_MESSAGES.amount });
      return z.NEVER;
    }
    return kobo;
  }),
  reason: z
    .string()
    .trim()
    .min(REFUND_REASON_MIN, REFUND_MESSAGES.reason)
    .max(REFUND_REASON_MAX, REFUND_MESSAGES.reason),
  // crypto.randomUUID() from the loader; anything of that look is accepted, since its only job is to be unique.
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, REFUND_MESSAGES.requestKey),
});
export type RefundInput = z.infer<typeof refundSchema>;

export const refundErrors = (error: z.ZodError<RefundInput>): RefundErrors => fieldErrors(error);

/** What the action answers when it does not redirect: the form as typed, what is wrong, and the key to post next. */
export type RefundActionData = {
  values: RefundFormValues;
  errors?: RefundErrors;
  formError: string;
  /** Remounts the form, so its fields show what the action returned rather than what the DOM kept. */
  revision: string;
};
