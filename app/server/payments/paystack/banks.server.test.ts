/**
 * Paystack's bank list for the refund bank details form (decision 0030): fetched once, kept six hours per process,
 * the last good list kept when Paystack fails, and nothing offered when there never was one.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { withSimulator } from '../../../../tests/checkout-helpers';
import { BANKS_TTL_MS, findBank, forgetBanks, nigerianBanks } from './banks.server';

const simulator = withSimulator();

beforeEach(() => {
  forgetBanks();
  simulator.current.setFault('none');
});

describe('the bank list', () => {
  it('comes from List Banks, sorted by name, and is kept for six hours', async () => {
    const banks = await nigerianBanks();
    expect(banks?.map((bank) => bank.name)).toEqual([
      'Access Bank',
      'First Bank of Nigeria',
      'Guaranty Trust Bank',
      'OPay Digital Services Limited (OPay)',
      'Zenith Bank',
    ]);
    expect(await findBank('9')).toEqual({ id: '9', name: 'Guaranty Trust Bank', code: '058' });
    simulator.current.setFault('garbage');
    // Within the six hours Paystack is not asked: its garbage is never seen.
    expect(await nigerianBanks(Date.now() + BANKS_TTL_MS - 60_000)).toEqual(banks);
    // After them it is asked again; it fails, and the last good list stays.
    expect(await nigerianBanks(Date.now() + BANKS_TTL_MS + 1)).toEqual(banks);
  });

  it('is null when Paystack cannot be asked and nothing was kept', async () => {
    simulator.current.setFault('down');
    expect(await nigerianBanks()).toBeNull();
    expect(await findBank('9')).toBeUndefined();
  });
});
