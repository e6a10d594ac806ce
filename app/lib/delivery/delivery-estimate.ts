/**
 * The Delivery panel's arrival range: 'Standard 5-6 Working Days' (or a zone's days, lib/delivery/delivery.ts) counted
 * from today in Lagos, skipping Saturdays and Sundays. Computed on the server and sent as text, so the page renders the
 * same words before and after hydration whatever the shopper's clock or time zone.
 */
/** The brief's 'Standard 5-6 Working Days' (standardDeliveryLabel, lib/delivery/delivery.ts), the default of a new
 * store. */
export const DELIVERY_WORKING_DAYS = { min: 5, max: 6 } as const;

/** Nigeria is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The calendar day it is in Lagos at `now`, as a Date at 00:00 UTC of that day. */
export function lagosToday(now: Date): Date {
  const shifted = new Date(now.getTime() + LAGOS_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}

const isWeekend = (day: Date) => day.getUTCDay() === 0 || day.getUTCDay() === 6;

/** The day `count` working days after `day` (today itself never counts). */
export function addWorkingDays(day: Date, count: number): Date {
  let current = day.getTime();
  let left = count;
  while (left > 0) {
    current += DAY_MS;
    if (!isWeekend(new Date(current))) left -= 1;
  }
  return new Date(current);
}

/** "Mon, 30 Nov" */
export function formatDay(day: Date): string {
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** The days a delivery promising `days` working days arrives between (the brief's 5-6 by default). */
export function deliveryWindow(
  now: Date,
  days: { minDays: number; maxDays: number } = {
    minDays: DELIVERY_WORKING_DAYS.min,
    maxDays: DELIVERY_WORKING_DAYS.max,
  },
): { from: Date; to: Date } {
  const today = lagosToday(now);
  return { from: addWorkingDays(today, days.minDays), to: addWorkingDays(today, days.maxDays) };
}

/** "Mon, 30 Nov - Tue, 1 Dec", or one day when the range is one. */
export function arrivalRange(now: Date, days?: { minDays: number; maxDays: number }): string {
  const { from, to } = deliveryWindow(now, days);
  return from.getTime() === to.getTime() ? formatDay(from) : `${formatDay(from)} - ${formatDay(to)}`;
}

/** "Estimated arrival: Mon, 30 Nov - Tue, 1 Dec" */
export function estimatedArrival(now: Date, days?: { minDays: number; maxDays: number }): string {
  return `Estimated arrival: ${arrivalRange(now, days)}`;
}
