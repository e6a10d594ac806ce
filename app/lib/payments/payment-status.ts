/**
 * Every status Paystack's verify (and the charge data of its webhooks) can report, mapped once to what the store
 * does about it (decision 0016). Paystack documents success, failed, abandoned, ongoing, pending, processing, queued
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

/**
 * Channels whose `ongoing` waits on the bank for money the customer sent (Paystack's Verify Payments: "waiting on
 * the customer … to make a transfer"); on any other channel (a card at its OTP or 3-D Secure step) it waits on the
 * customer, who may still finish or pay again at once (decision 0029).
 */
export const BANK_CHANNELS: readonly string[] = ['bank_transfer', 'ussd', 'bank'];

/** orders.awaiting_channel of an `ongoing` that named no channel: the sweep asks again a minute later. */
export const UNKNOWN_CHANNEL = 'unknown';

/**
 * What an in-between answer (the 'awaiting' verdict) means for the order: `awaiting` the bank (stock kept for the
 * transfer window), `unfinished` by the customer (the order stays payable), or `channel-unknown` (an `ongoing`
 * that names no channel: asked again a minute later, the order payable meanwhile).
 */
export function inBetweenKind(status: string, channel: string | null): 'awaiting' | 'unfinished' | 'channel-unknown' {
  if (status !== 'ongoing') return 'awaiting';
  if (!channel) return 'channel-unknown';
  return BANK_CHANNELS.includes(channel) ? 'awaiting' : 'unfinished';
}

/** A pending order whose card payment Paystack last called `ongoing` at the customer's step (its OTP). */
export const cardLeftUnfinished = (order: { paymentStatus: string; awaitingChannel: string | null }) =>
  order.paymentStatus === 'pending' &&
  order.awaitingChannel !== null &&
  order.awaitingChannel !== UNKNOWN_CHANNEL &&
  inBetweenKind('ongoing', order.awaitingChannel) === 'unfinished';
