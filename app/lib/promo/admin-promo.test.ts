import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  instantToLagos,
  lagosToInstant,
  promoSchema,
  promoStatus,
  promoToForm,
  promoUses,
  promoValidity,
  type PromoFormValues,
} from './admin-promo';
import { formDataOf } from '../../../tests/form-data';

/** The form as the page posts it: ticked boxes once each under their name, blank boxes not at all. */
const formOf = (values: Partial<Record<keyof PromoFormValues | 'intent', string | string[] | boolean>>) =>
  formDataOf(values);

const parse = (values: Parameters<typeof formOf>[0]) => parseWithZod(formOf(values), { schema: promoSchema });
const valueOf = (values: Parameters<typeof formOf>[0]) => {
  const submission = parse(values);
  if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error));
  return submission.value;
};
const errorsOf = (values: Parameters<typeof formOf>[0]) => {
  const submission = parse(values);
  return submission.status === 'success' ? null : submission.error;
};

describe('Lagos time', () => {
  it('reads what a datetime-local box posts as UTC+1 and shows an instant back the same way', () => {
    expect(lagosToInstant('2026-12-01T09:00')).toEqual(new Date('2026-12-01T08:00:00Z'));
    expect(lagosToInstant('2027-01-01T00:30:15')).toEqual(new Date('2026-12-31T23:30:15Z'));
    // No daylight saving: July is UTC+1 as well.
    expect(lagosToInstant('2026-07-01T12:00')).toEqual(new Date('2026-07-01T11:00:00Z'));
    expect(instantToLagos(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01T00:30');
    expect(instantToLagos('2026-12-31T23:30:15.000Z')).toBe('2027-01-01T00:30:15');
    for (const text of ['2026-12-01T09:00', '2028-02-29T23:59', '2026-06-15T00:00:01'])
      expect(instantToLagos(lagosToInstant(text)!)).toBe(text);
  });

  it('refuses what is no moment', () => {
    for (const text of ['', 'tomorrow', '2026-02-30T10:00', '2026-13-01T10:00', '2026-12-01T24:00', '2026-12-01 09:00'])
      expect(lagosToInstant(text), text).toBeNull();
  });
});

describe('the promo code form', () => {
  it('keeps only the chosen kind’s amount, in kobo, and blanks as no limit', () => {
    const fields = { code: ' Summer_10 ', percentOff: '12', amountOff: '1,500.50', active: true };
    expect(valueOf({ ...fields, kind: 'percent' })).toEqual({
      code: 'Summer_10',
      kind: 'percent',
      percentOff: 12,
      amountOff: null,
      minSubtotal: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      collectionIds: [],
      categories: [],
      excludeSale: false,
      active: true,
    });
    expect(valueOf({ ...fields, kind: 'fixed', excludeSale: true })).toMatchObject({ excludeSale: true });
    expect(valueOf({ ...fields, kind: 'fixed' })).toMatchObject({ percentOff: null, amountOff: 1_500_50 });
    expect(valueOf({ ...fields, kind: 'free-delivery', active: false })).toMatchObject({
      percentOff: null,
      amountOff: null,
      active: false,
    });
    // The other kind's box may hold anything: it is not read.
    expect(valueOf({ code: 'A', kind: 'fixed', amountOff: '10', percentOff: 'lots' })).toMatchObject({
      amountOff: 10_00,
    });
  });

  it('reads the limits: minimum in naira, uses with separators, ticked boxes once each', () => {
    expect(
      valueOf({
        code: 'A',
        kind: 'free-delivery',
        minSubtotal: '₦20,000',
        maxUses: '1,000',
        maxUsesPerCustomer: '2',
        startsAt: '2026-12-01T09:00',
        endsAt: '2026-12-01T09:01',
        collectionIds: ['abcdefghijklmn', 'abcdefghijklmn'],
        categories: ['Shoes', 'Shirts', 'Shoes'],
      }),
    ).toMatchObject({
      minSubtotal: 20_000_00,
      maxUses: 1000,
      maxUsesPerCustomer: 2,
      startsAt: new Date('2026-12-01T08:00:00Z'),
      endsAt: new Date('2026-12-01T08:01:00Z'),
      collectionIds: ['abcdefghijklmn'],
      categories: ['Shoes', 'Shirts'],
    });
  });

  it('says what is wrong with each field', () => {
    expect(errorsOf({ kind: 'percent', percentOff: '101' })).toEqual({
      code: ['Please enter a code.'],
      percentOff: ['Please enter a whole percentage from 1 to 100.'],
    });
    expect(errorsOf({ code: 'a b', kind: 'percent', percentOff: '0' })).toEqual({
      code: ['A code may only use letters, digits, - and _ (no spaces).'],
      percentOff: ['Please enter a whole percentage from 1 to 100.'],
    });
    expect(errorsOf({ code: 'Ọ̀jọ́', kind: 'percent', percentOff: '12.5' })).toEqual({
      code: ['A code may only use letters, digits, - and _ (no spaces).'],
      percentOff: ['Please enter a whole percentage from 1 to 100.'],
    });
    expect(errorsOf({ code: 'A', kind: 'fixed' })).toEqual({
      amountOff: ['Please enter the amount off in naira, e.g. 5000.'],
    });
    expect(errorsOf({ code: 'A', kind: 'fixed', amountOff: '0' })).toEqual({
      amountOff: ['Please enter an amount off above ₦0.'],
    });
    expect(errorsOf({ code: 'A', kind: 'fixed', amountOff: '10,000,000.01' })).toEqual({
      amountOff: ['The amount off can be at most ₦10,000,000.'],
    });
    expect(errorsOf({ code: 'A', kind: 'gift' })).toEqual({ kind: ['Please choose what the code gives.'] });
    expect(
      errorsOf({
        code: 'A',
        kind: 'free-delivery',
        minSubtotal: '-5',
        startsAt: '2026-12-01T09:00',
        endsAt: '2026-12-01T09:00',
        maxUses: '1.5',
        maxUsesPerCustomer: '0',
        collectionIds: ['../x'],
        categories: ['Hats'],
      }),
    ).toEqual({
      minSubtotal: ['Please enter the minimum subtotal in naira, e.g. 20000, or leave it blank for none.'],
      endsAt: ['The end must be after the start.'],
      maxUses: ['Please enter a whole number from 1 to 1,000,000, or leave it blank for no limit.'],
      maxUsesPerCustomer: ['Please enter a whole number from 1 to 1,000,000, or leave it blank for no limit.'],
      collectionIds: ['Please choose collections from the list.'],
      categories: ['Please choose categories from the list.'],
    });
    expect(errorsOf({ code: 'A', kind: 'free-delivery', startsAt: 'soon' })).toEqual({
      startsAt: ['Please enter a date and time, e.g. 1 December 2026, 09:00.'],
    });
  });

  it('shows a saved code as it was typed', () => {
    const saved = valueOf({
      code: 'Owambe',
      kind: 'fixed',
      amountOff: '2500.5',
      minSubtotal: '15000',
      startsAt: '2026-12-24T18:00',
      maxUsesPerCustomer: '1',
      categories: ['Dresses'],
      active: true,
    });
    expect(promoToForm(saved)).toEqual({
      code: 'Owambe',
      kind: 'fixed',
      percentOff: '',
      amountOff: '2500.50',
      minSubtotal: '15000',
      startsAt: '2026-12-24T18:00',
      endsAt: '',
      maxUses: '',
      maxUsesPerCustomer: '1',
      collectionIds: [],
      categories: ['Dresses'],
      excludeSale: false,
      active: true,
    });
  });
});

describe('the list', () => {
  const now = new Date('2026-12-10T12:00:00Z');
  it('says whether shoppers can use a code now: off first, then its dates', () => {
    const at = (iso: string | null) => (iso ? new Date(iso) : null);
    const status = (active: boolean, startsAt: string | null, endsAt: string | null) =>
      promoStatus({ active, startsAt: at(startsAt), endsAt: at(endsAt) }, now);
    expect(status(true, null, null)).toBe('active');
    expect(status(true, '2026-12-10T12:00:00Z', '2026-12-10T12:00:01Z')).toBe('active');
    expect(status(false, null, null)).toBe('off');
    expect(status(false, null, '2026-01-01T00:00:00Z')).toBe('off');
    expect(status(true, null, '2026-12-10T12:00:00Z')).toBe('expired');
    expect(status(true, '2026-12-10T12:00:01Z', null)).toBe('not-started');
  });

  it('gives validity in Lagos time and uses of those allowed', () => {
    expect(promoValidity({ startsAt: null, endsAt: null })).toBe('Always');
    expect(promoValidity({ startsAt: '2026-12-01T08:00:00Z', endsAt: null })).toBe('From 1 December 2026 at 09:00');
    expect(promoValidity({ startsAt: null, endsAt: '2026-12-31T23:00:00Z' })).toBe('Until 1 January 2027 at 00:00');
    expect(promoValidity({ startsAt: '2026-12-01T08:00:00Z', endsAt: '2026-12-31T23:00:00Z' })).toBe(
      '1 December 2026 at 09:00 to 1 January 2027 at 00:00',
    );
    expect(promoUses(3, null)).toBe('3');
    expect(promoUses(3, 100)).toBe('3 / 100');
    expect(promoUses(1200, 5000)).toBe('1,200 / 5,000');
    // Paid late past the limits (decision 0028): beside the uses, never among them.
    expect(promoUses(1, 1, 2)).toBe('1 / 1 (+2 past the limits, flagged)');
    expect(promoUses(1, null, 0)).toBe('1');
  });
});
