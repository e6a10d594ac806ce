import { describe, expect, it } from 'vitest';
import { isFinalUnpaid, paymentVerdict, type PaymentVerdict } from './payment-status';

describe('paymentVerdict', () => {
  // Paystack's verify statuses (its OpenAPI description lists them for transaction data), and ours.
  const table: [string, PaymentVerdict, boolean][] = [
    ['success', 'paid', false],
    ['failed', 'failed', true],
    ['abandoned', 'abandoned', true],
    ['ongoing', 'awaiting', false],
    ['pending', 'awaiting', false],
    ['processing', 'awaiting', false],
    ['queued', 'awaiting', false],
    ['reversed', 'reversed', false],
    ['not-found', 'not-found', true],
    ['', 'unknown', false],
    ['SUCCESS', 'unknown', false],
    ['toString', 'unknown', false],
    ['__proto__', 'unknown', false],
  ];
  it.each(table)('%j → %s (stock may go back: %s)', (status, verdict, final) => {
    expect(paymentVerdict(status)).toBe(verdict);
    expect(isFinalUnpaid(paymentVerdict(status))).toBe(final);
  });
});
