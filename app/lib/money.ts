/**
 * Money is integer kobo everywhere; it becomes naira text only here, at the edge. Formatted by hand, the way
 * Intl.NumberFormat('en-NG', NGN) writes it: building that formatter loads the locale's data, about 12 ms of a
 * page's start-up on a fast machine and over 100 ms on a slow phone (docs/decisions/0044-fast-at-10x-cpu.md).
 */
const thousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** ₦2,600 for whole naira; ₦10.50 when there are kobo; -₦5 below zero. */
export function formatNaira(kobo: number): string {
  const amount = Math.round(Math.abs(kobo));
  const sign = kobo < 0 && amount > 0 ? '-' : '';
  const rest = amount % 100;
  return `${sign}₦${thousands(Math.floor(amount / 100))}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** Naira as typed by a person ("12,500.50") to kobo; null when it is not a valid non-negative amount. */
export function nairaToKobo(input: string | number): number | null {
  const text = String(input).replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

export const koboToNaira = (kobo: number) => kobo / 100;

/** A delivery or pickup fee: "Free" for nothing, else naira. */
export const formatFee = (kobo: number) => (kobo === 0 ? 'Free' : formatNaira(kobo));
