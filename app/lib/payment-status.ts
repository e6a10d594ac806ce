/**
 * Every status Paystack's verify (and the charge data of its webhooks) can report, mapped once to what the store
 * does about it (issue 14). Paystack documents success, failed, abandoned, ongoing, pending, processing, queued
 * and reversed; the pending family means the money is on its way (a bank transfer or USSD waiting for the bank)
 * and must never be told to the shopper as a failure. 'not-found' is ours: verify said the reference is unknown,
 * so the shopper never reached Paystack. Anything else is 'unknown': nothing is decided on it.
 */
export type PaymentVerdict = 'paid' | 'failed' | 'abandoned' | 'awaiting' | 'reversed' | 'not-found' | 'unknown';

export const PENDING_FAMILY = ['ongoing', 'pending', 'processing', 'queued'] as const;

const VERDICTS: Record<string, PaymentVerdict> = {
  success: 'paid',
  failed: 'failed',
  abandoned: 'abandoned',
  reversed: 'reversed',
  'not-found': 'not-found',
  ...Object.fromEntries(PENDING_FAMILY.map((status) => [status, 'awaiting' as const])),
};

export function paymentVerdict(providerStatus: string): PaymentVerdict {
  return Object.hasOwn(VERDICTS, providerStatus) ? VERDICTS[providerStatus] : 'unknown';
}

/** Verdicts after which nothing more will happen to an unpaid charge: its reserved stock may go back. */
export const isFinalUnpaid = (verdict: PaymentVerdict) =>
  verdict === 'failed' || verdict === 'abandoned' || verdict === 'not-found';
