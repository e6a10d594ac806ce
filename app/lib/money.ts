/** Money is integer kobo everywhere; it becomes naira text only here, at the edge. */
const wholeNaira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 });
const withKobo = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 });

/** ₦2,600 for whole naira; ₦10.50 when there are kobo. */
export function formatNaira(kobo: number): string {
  return (kobo % 100 === 0 ? wholeNaira : withKobo).format(kobo / 100);
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
