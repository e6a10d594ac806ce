/**
 * Rules of Paystack's the simulator copies for initialize, verify and the card path (decision 0029,
 * docs/paystack-simulator.md): what a reference may hold, the fees Paystack keeps, and the card's OTP step.
 */
import { PAYSTACK_REFERENCE } from '~/lib/checkout/checkout';

export { PAYSTACK_REFERENCE };

/**
 * Initialize with a reference holding anything but `-`, `.`, `=` and letters and digits: Paystack's API error list
 * ("Invalid character in transaction reference", its solution as nextStep) in its error envelope
 * (TransactionInitializeBadRequestModel). `code` follows the pattern of its other codes; no source shows this one.
 */
export const INVALID_REFERENCE_BODY = {
  status: false,
  message: 'Invalid character in transaction reference',
  meta: {
    nextStep:
      'Ensure that you aren\'t using any characters that aren\'t alphanumeric or contained in "-,., =" in your ' +
      'transaction reference',
  },
  type: 'validation_error',
  code: 'invalid_reference',
} as const;

/**
 * Paystack's fee on a local (Nigerian) payment, in kobo: 1.5% plus ₦100, the ₦100 waived below ₦2,500, and never
 * more than ₦2,000 (Paystack's pricing: its FAQ and "Pay with Card" help page). Kobo are whole, so the 1.5% is rounded.
 */
export function paystackFees(amount: number): number {
  const flat = amount >= 250_000 ? 10_000 : 0;
  return Math.min(Math.round(amount * 0.015) + flat, 200_000);
}

/** The one OTP the simulator's OTP card takes; its page shows it, as test mode needs no real phone. */
export const TEST_OTP = '123456';

/**
 * The simulator's test cards: the default one pays at once (last4 4081, as Paystack's test card without
 * validation), the other stops at an "Enter OTP" step, as a real card whose bank asks for one.
 */
export const TEST_CARDS = {
  plain: { label: '4084 0840 8408 4081 (no OTP)', last4: '4081', bin: '408408', brand: 'visa' },
  otp: { label: '5060 6666 6666 6666 666 (asks for an OTP)', last4: '6666', bin: '506066', brand: 'verve' },
} as const;
export type TestCard = keyof typeof TEST_CARDS;
export const isTestCard = (value: unknown): value is TestCard => value === 'plain' || value === 'otp';
