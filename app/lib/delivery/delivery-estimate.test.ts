import { describe, expect, it } from 'vitest';
import { standardDeliveryLabel } from './delivery';
import {
  addWorkingDays,
  arrivalRange,
  DELIVERY_WORKING_DAYS,
  deliveryWindow,
  estimatedArrival,
  formatDay,
  lagosToday,
} from './delivery-estimate';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('delivery estimate', () => {
  it('keeps the spec wording for the default days', () => {
    const { min, max } = DELIVERY_WORKING_DAYS;
    expect(standardDeliveryLabel({ minDays: min, maxDays: max })).toBe('Standard 5-6 Working Days');
  });

  it('counts a zone’s own days, and names one day when the range is one', () => {
    // Mon 23 Nov: 1-2 working days is Tue 24 - Wed 25; 1 working day from Friday 27 is Monday 30.
    expect(estimatedArrival(new Date('2026-11-23T10:00:00Z'), { minDays: 1, maxDays: 2 })).toBe(
      'Estimated arrival: Tue, 24 Nov - Wed, 25 Nov',
    );
    expect(arrivalRange(new Date('2026-11-27T10:00:00Z'), { minDays: 1, maxDays: 1 })).toBe('Mon, 30 Nov');
  });

  it('formats like "Mon, 30 Nov"', () => {
    expect(formatDay(utc('2026-11-30'))).toBe('Mon, 30 Nov');
    expect(formatDay(utc('2026-12-01'))).toBe('Tue, 1 Dec');
  });

  it('on a Monday: 5 and 6 working days are next Monday and Tuesday', () => {
    // 2026-11-23 is a Monday.
    expect(estimatedArrival(new Date('2026-11-23T10:00:00Z'))).toBe('Estimated arrival: Mon, 30 Nov - Tue, 1 Dec');
  });

  it('on a Wednesday the range crosses a weekend', () => {
    // Wed 25 Nov + 5 working days = Wed 2 Dec; + 6 = Thu 3 Dec (Sat 28 and Sun 29 skipped).
    const { from, to } = deliveryWindow(new Date('2026-11-25T09:00:00Z'));
    expect([day(from), day(to)]).toEqual(['2026-12-02', '2026-12-03']);
  });

  it('on a Friday the second day skips the following weekend too', () => {
    // Fri 27 Nov: +5 = Fri 4 Dec, +6 = Mon 7 Dec.
    expect(estimatedArrival(new Date('2026-11-27T12:00:00Z'))).toBe('Estimated arrival: Fri, 4 Dec - Mon, 7 Dec');
  });

  it('on Saturday and Sunday counting starts on Monday', () => {
    for (const iso of ['2026-11-28T12:00:00Z', '2026-11-29T12:00:00Z']) {
      const { from, to } = deliveryWindow(new Date(iso));
      expect([day(from), day(to)]).toEqual(['2026-12-04', '2026-12-07']);
    }
  });

  it('never lands on a weekend, whatever the day', () => {
    for (let offset = 0; offset < 21; offset++) {
      const start = new Date(utc('2026-01-01').getTime() + offset * 86_400_000);
      for (const n of [1, 5, 6, 10]) {
        const landed = addWorkingDays(start, n).getUTCDay();
        expect(landed).not.toBe(0);
        expect(landed).not.toBe(6);
      }
    }
  });

  it('uses the Lagos calendar day (UTC+1), not the server clock', () => {
    // 23:30 UTC on Sunday is already Monday 00:30 in Lagos.
    expect(day(lagosToday(new Date('2026-11-22T23:30:00Z')))).toBe('2026-11-23');
    expect(estimatedArrival(new Date('2026-11-22T23:30:00Z'))).toBe('Estimated arrival: Mon, 30 Nov - Tue, 1 Dec');
  });

  it('crosses month and year ends', () => {
    // Thu 24 Dec 2026: +5 = Thu 31 Dec, +6 = Fri 1 Jan 2027.
    expect(estimatedArrival(new Date('2026-12-24T08:00:00Z'))).toBe('Estimated arrival: Thu, 31 Dec - Fri, 1 Jan');
  });
});
