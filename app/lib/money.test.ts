import { describe, expect, it } from 'vitest';
import { formatNaira, nairaToKobo } from './money';

describe('formatNaira', () => {
  it('shows kobo as naira with the ₦ sign and thousands separators', () => {
    expect(formatNaira(2600_00)).toBe('₦2,600');
    expect(formatNaira(1_234_567_89)).toBe('₦1,234,567.89');
    expect(formatNaira(0)).toBe('₦0');
  });
  it('keeps two decimals when there are kobo', () => {
    expect(formatNaira(1050)).toBe('₦10.50');
  });
  it('writes what Intl.NumberFormat writes for en-NG naira, without building one in the browser', () => {
    const whole = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 });
    const kobo = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 });
    for (const value of [0, 5, 99, 100, 1050, 99_999, 100_000, 123_456_78, -1_500_00, -5, 1_000_000_000_00, 7_00_01])
      expect(formatNaira(value)).toBe((value % 100 === 0 ? whole : kobo).format(value / 100));
  });
});

describe('nairaToKobo', () => {
  it('reads amounts as typed', () => {
    expect(nairaToKobo('12,500.5')).toBe(1_250_050);
    expect(nairaToKobo('₦2,600')).toBe(260_000);
    expect(nairaToKobo(99.99)).toBe(9_999);
  });
  it('rejects what is not a non-negative amount of at most two decimals', () => {
    for (const bad of ['-1', '1.001', 'abc', '', '1e5', 'NaN']) expect(nairaToKobo(bad)).toBeNull();
  });
});
