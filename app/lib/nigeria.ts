/**
 * Nigeria-specific form data shared by the account's saved address and checkout: the 36 states and the
 * Federal Capital Territory, and the phone-number rule (+234 or 0, then 10 digits; spaces allowed).
 */

export const COUNTRIES = ['Nigeria'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'Nigeria';

/** The 36 states and the Federal Capital Territory, by name (the order of a select list). */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

export const isNigerianState = (value: unknown): value is NigerianState =>
  typeof value === 'string' && (NIGERIAN_STATES as readonly string[]).includes(value);

const PHONE_PATTERN = /^(?:\+234|0)\d{10}$/;

/** "+234 803 123 4567" or "0803 123 4567": +234 or 0 followed by 10 digits; spaces anywhere are allowed. */
export function isNigerianPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/ /g, ''));
}

/** One spelling for storage and display: "+234 803 123 4567". Returns null for a number that is not Nigerian. */
export function formatNigerianPhone(value: string): string | null {
  const compact = value.replace(/ /g, '');
  if (!PHONE_PATTERN.test(compact)) return null;
  const national = compact.startsWith('+234') ? compact.slice(4) : compact.slice(1);
  return `+234 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
