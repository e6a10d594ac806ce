/**
 * Drops (decision 0036): a product, or a whole collection, opens for sale at a stated minute in Lagos time (Africa/Lagos,
 * UTC+1 all year, no daylight saving). The words the product page, the cards and the admin's form show, without zod
 * or Intl so the product page's scripts can carry the countdown (its JavaScript budget).
 */

/** Lagos is UTC+1 all year. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => String(n).padStart(2, '0');
const inLagos = (at: Date | string) => new Date(new Date(at).getTime() + LAGOS_OFFSET_MS);

/** "Fri 12 Dec" in Lagos. */
export function dropDay(at: Date | string): string {
  const d = inLagos(at);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "Fri 12 Dec, 18:00" in Lagos. */
export function dropMoment(at: Date | string): string {
  const d = inLagos(at);
  return `${dropDay(at)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * "Opens in 2 days 3 hours": the two largest units left (days and hours, hours and minutes, minutes and seconds).
 * Whole units only, rounded down, except that anything under a second left reads "Opens in 1 second".
 */
export function countdownText(msLeft: number): string {
  const left = Math.max(msLeft, 1000);
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const seconds = Math.floor((left % MINUTE) / 1000);
  const parts =
    days > 0
      ? [count(days, 'day'), hours > 0 ? count(hours, 'hour') : '']
      : hours > 0
        ? [count(hours, 'hour'), minutes > 0 ? count(minutes, 'minute') : '']
        : minutes > 0
          ? [count(minutes, 'minute'), seconds > 0 ? count(seconds, 'second') : '']
          : [count(seconds, 'second')];
  return `Opens in ${parts.filter(Boolean).join(' ')}`;
}

/** A product opens at the later of its own time and its collection's; null when neither has one (open). */
export function opensAt(own: Date | null, collection: Date | null): Date | null {
  if (!own) return collection;
  if (!collection) return own;
  return own > collection ? own : collection;
}

/** The drop a page shows: when it opens (ISO), in words, and the countdown as rendered by the server. */
export type UpcomingDrop = { at: string; moment: string; countdown: string };

/** The drop still to come at `now`, or null when the product is open. */
export function upcomingDrop(at: Date | string | null, now = new Date()): UpcomingDrop | null {
  if (at === null) return null;
  const time = new Date(at);
  const left = time.getTime() - now.getTime();
  if (!(left > 0)) return null;
  return { at: time.toISOString(), moment: dropMoment(time), countdown: countdownText(left) };
}

/** A `datetime-local` field's value ("2026-12-12T18:00") for a time, in Lagos; '' for none. */
export function lagosInputValue(at: Date | null): string {
  if (!at) return '';
  const d = inLagos(at);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A `datetime-local` value read as Lagos time; null when it is not a real date and time. */
export function fromLagosInput(value: string): Date | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  // 31 February and 25:00 roll over in Date.UTC: not a real date.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return new Date(utc - LAGOS_OFFSET_MS);
}

/** What the store says about drops (docs/requirements.md#14-messages). */
export const DROP_WORDS = {
  /** POST /cart for a product that has not opened (its page offers no button: a forged post, or an old page). */
  notOpen: 'This piece has not dropped yet. You can add it to your cart once it opens.',
  /** The product page once a countdown reached zero, while the page fetches the open product. */
  opening: 'Opening now…',
} as const;

/** Pay refused: a line of the cart has not opened yet (the drop was set after it was added). */
export const dropNotOpenCheckoutMessage = (name: string, opensAt: string) =>
  `${name} has not dropped yet: it opens ${dropMoment(opensAt)} (Lagos time). ` +
  'Please remove it from your cart to pay for the rest, or wait until it opens.';

/** Pay refused: the cart and the customer's orders together go over the drop's cap per customer. */
export function dropCapCheckoutMessage({ name, cap, held }: { name: string; cap: number; held: number }): string {
  const limit = `${name} is limited to ${cap} per customer`;
  if (held >= cap) return `${limit}, and your orders already hold ${held}. Please remove it from your cart.`;
  const more = cap - held;
  return held > 0
    ? `${limit}, and your orders already hold ${held}: you may buy ${more} more. Please lower it in your cart.`
    : `${limit}. Please lower it in your cart to ${cap}.`;
}
