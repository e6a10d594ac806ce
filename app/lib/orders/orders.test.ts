import { describe, expect, it } from 'vitest';
import {
  formatOrderDate,
  formatOrderDateTime,
  isPaymentFailure,
  moreThumbnails,
  orderDiscountLine,
  shortOrderId,
  statusLabel,
} from './orders';

describe('order wording', () => {
  it('writes dates in the long month style, in Lagos time', () => {
    expect(formatOrderDate('2026-11-22T13:05:00Z')).toBe('22 November 2026');
    // 23:30 UTC is already the next day in Lagos (UTC+1).
    expect(formatOrderDate('2026-11-22T23:30:00Z')).toBe('23 November 2026');
    expect(formatOrderDateTime('2026-11-22T13:05:00Z')).toBe('22 November 2026 at 14:05');
  });

  it('counts thumbnails beyond four as +N', () => {
    expect(moreThumbnails(1)).toBeNull();
    expect(moreThumbnails(4)).toBeNull();
    expect(moreThumbnails(5)).toBe('+1');
    expect(moreThumbnails(12)).toBe('+8');
  });

  it('labels statuses and marks failed and abandoned payments', () => {
    expect(statusLabel('processing')).toBe('Processing');
    expect(isPaymentFailure('failed')).toBe(true);
    expect(isPaymentFailure('abandoned')).toBe(true);
    expect(isPaymentFailure('paid')).toBe(false);
    expect(isPaymentFailure('pending')).toBe(false);
    expect(shortOrderId('abcdefgh12345678')).toBe('12345678');
  });
});

describe('orderDiscountLine', () => {
  it('names the code and what it took off; a code that took nothing shows -; no code, no line', () => {
    expect(orderDiscountLine({ discount: 4_500_00, promoCode: 'Welcome10' })).toEqual({
      label: 'Discount (Welcome10)',
      amount: '-₦4,500',
    });
    expect(orderDiscountLine({ discount: 12_50, promoCode: 'X' })?.amount).toBe('-₦12.50');
    expect(orderDiscountLine({ discount: 0, promoCode: 'LAGOSFREE' })).toEqual({
      label: 'Discount (LAGOSFREE)',
      amount: '-',
    });
    expect(orderDiscountLine({ discount: 0, promoCode: null })).toBeNull();
  });
});
