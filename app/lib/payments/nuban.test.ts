import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNuban, nubanBankCode, nubanCheckDigit } from './nuban';

describe('NUBAN', () => {
  it('computes the check digit of the CBN standard’s own example (First Bank 011, serial 000001457 → 9)', () => {
    expect(nubanCheckDigit('000011', '000001457')).toBe(9);
    expect(isNuban('0000014579', '011')).toBe(true);
    expect(isNuban('0000014578', '011')).toBe(false);
  });

  it('makes the bank code six digits as the 2020 standard does; other codes are not covered', () => {
    expect(nubanBankCode('058')).toBe('000058');
    expect(nubanBankCode('50211')).toBe('950211');
    expect(nubanBankCode('999992')).toBeNull();
    expect(nubanBankCode('')).toBeNull();
  });

  it('refuses anything but ten digits, whatever the bank', () => {
    for (const bad of ['', '123456789', '12345678901', '12345 6789', '１２３４５６７８９０', '012345678a']) {
      expect(isNuban(bad, '058')).toBe(false);
      expect(isNuban(bad, '999992')).toBe(false);
    }
    // A code the standard does not cover: ten digits are enough.
    expect(isNuban('8012345678', '999992')).toBe(true);
  });

  it('accepts exactly one last digit for every serial at a bank', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.constantFrom('044', '058', '011', '50211'), (serial, bank) => {
        const good = [...'0123456789'].filter((digit) => isNuban(`${serial}${digit}`, bank));
        expect(good).toHaveLength(1);
      }),
    );
  });
});
