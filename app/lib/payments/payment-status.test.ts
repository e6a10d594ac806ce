import { describe, expect, it } from 'vitest';
import {
  cardLeftUnfinished,
  inBetweenKind,
  isFinalUnpaid,
  paymentVerdict,
  type PaymentVerdict,
} from './payment-status';

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

describe('inBetweenKind', () => {
  // Paystack's Verify Payments: ongoing waits on the customer "to enter an otp or to make a transfer".
  const table: [string, string | null, ReturnType<typeof inBetweenKind>][] = [
    ['ongoing', 'card', 'unfinished'],
    ['ongoing', 'bank_transfer', 'awaiting'],
    ['ongoing', 'ussd', 'awaiting'],
    ['ongoing', 'bank', 'awaiting'],
    ['ongoing', null, 'channel-unknown'],
    ['ongoing', '', 'channel-unknown'],
    ['pending', 'card', 'awaiting'],
    ['processing', null, 'awaiting'],
    ['queued', 'card', 'awaiting'],
  ];
  it.each(table)('%s on %j → %s', (status, channel, kind) => {
    expect(inBetweenKind(status, channel)).toBe(kind);
  });
});

describe('cardLeftUnfinished', () => {
  it('is a pending order whose ongoing named a channel that waits on the customer', () => {
    expect(cardLeftUnfinished({ paymentStatus: 'pending', awaitingChannel: 'card' })).toBe(true);
    expect(cardLeftUnfinished({ paymentStatus: 'pending', awaitingChannel: 'unknown' })).toBe(false);
    expect(cardLeftUnfinished({ paymentStatus: 'pending', awaitingChannel: null })).toBe(false);
    expect(cardLeftUnfinished({ paymentStatus: 'pending', awaitingChannel: 'bank_transfer' })).toBe(false);
    expect(cardLeftUnfinished({ paymentStatus: 'paid', awaitingChannel: 'card' })).toBe(false);
  });
});
