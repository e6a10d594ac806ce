/**
 * The admin order page's refund form: its values as the page starts it (the amount in naira), its one Zod schema
 * (decision 0019: the action parses posts with it, the page validates with it first), and the words the page shows
 * for each outcome. Pure, shared by the page and the action.
 */
import { z } from 'zod';
import { koboToNairaInput } from '../catalog/admin-catalog-product';
import { formatNaira, nairaToKobo } from '../money';
import { isNuban } from './nuban';
import { shortOrderId } from '../orders/orders';

export const REFUND_INTENT = 'refund';
export const REFUND_REASON_MIN = 3;
export const REFUND_REASON_MAX = 200;

/** The query key the post/redirect/get carries the outcome back in: ?refund=requested|duplicate. */
export const REFUND_PARAM = 'refund';

const REFUND_DETAILS_SENT = "The customer's bank details were sent to Paystack, which is processing the refund again.";

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
  'details-sent': REFUND_DETAILS_SENT,
} as const;

export type RefundNotice = 'requested' | 'duplicate' | 'details-sent';

export const refundNoticeOf = (params: URLSearchParams): RefundNotice | null => {
  const value = params.get(REFUND_PARAM);
  return value === 'requested' || value === 'duplicate' || value === 'details-sent' ? value : null;
};

/** Paystack's trouble in plain words: a refusal can be corrected and retried; no answer must be checked first. */
export function providerErrorMessage({ answered, message }: { answered: boolean; message: string }): string {
  // The Paystack client words a refusal 'Paystack refused (400): …'; the admin needs only Paystack's own reason.
  if (answered) return `Paystack refused the refund: ${message.replace(/^Paystack refused \(\d+\): /, '')}`;
  return REFUND_NO_ANSWER;
}

/** A refund Paystack did not answer about (decision 0030): its amount stays held until Paystack says. */
export const REFUND_NO_ANSWER =
  'Paystack did not answer, so the refund is recorded as requested (no answer) and its amount is held. ' +
  'The store asks Paystack until it knows; do not refund this amount another way meanwhile.';

/**
 * What Paystack shows the customer (customer_note): a sentence about their order, never the admin's own reason,
 * which goes as merchant_note.
 */
export const customerRefundNote = (orderId: string, storeName: string) =>
  `Refund for order ${shortOrderId(orderId)} from ${storeName}.`;

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

/** The form that sends a refund needing attention to the customer's bank account (decision 0030). */
export const REFUND_DETAILS_INTENT = 'refund-details';

export const REFUND_DETAILS_MESSAGES = {
  invalid: 'Please correct the fields marked below.',
  accountNumber: "Please enter the customer's 10-digit account number (NUBAN).",
  checkDigit: 'This is not an account number at the bank chosen. Please check both with the customer.',
  bank: "Please choose the customer's bank from the list.",
  refund: 'This refund no longer needs bank details. Reload the page to see where it stands.',
  banksUnavailable: "Paystack's list of banks could not be loaded. Please try again in a few minutes.",
  noAnswer:
    'Paystack did not answer, so it is not known whether it took the bank details. ' +
    'Check the refund below in a few minutes before sending them again.',
} as const;

/** A bank the form offers: Paystack's id (what Retry Refund takes), its name, its code (for the NUBAN check). */
export type BankChoice = { id: string; name: string; code: string };

/**
 * The bank details form's one schema, made with the list of banks the page offers (the action makes it with the
 * same cached list): the bank must be one of them, and the account number ten digits that pass the NUBAN check for
 * that bank's code. Spaces typed inside the number are dropped.
 */
export function refundDetailsSchema(banks: readonly BankChoice[]) {
  return z
    .object({
      intent: z.literal(REFUND_DETAILS_INTENT),
      refundId: z.coerce
        .number({ error: REFUND_DETAILS_MESSAGES.refund })
        .int()
        .positive(REFUND_DETAILS_MESSAGES.refund),
      bankId: z
        .string({ error: REFUND_DETAILS_MESSAGES.bank })
        .refine((id) => banks.some((bank) => bank.id === id), REFUND_DETAILS_MESSAGES.bank),
      accountNumber: z
        .string({ error: REFUND_DETAILS_MESSAGES.accountNumber })
        .transform((value) => value.replace(/\s+/g, ''))
        .pipe(z.string().regex(/^\d{10}$/, REFUND_DETAILS_MESSAGES.accountNumber)),
    })
    .superRefine((value, ctx) => {
      const bank = banks.find((choice) => choice.id === value.bankId);
      // Zod runs this even when a field failed: only a number of the right form gets the check digit's message.
      const tenDigits = /^\d{10}$/.test(value.accountNumber);
      if (bank && tenDigits && !isNuban(value.accountNumber, bank.code)) {
        ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: REFUND_DETAILS_MESSAGES.checkDigit });
      }
    });
}
