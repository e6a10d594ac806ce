/**
 * Which characters a query string or a form field may carry (decision 0027, docs/requirements.md#14-messages).
 * Control characters have no place in anything a shopper or an admin types: a NUL byte cannot even be stored in a
 * PostgreSQL text column (the admin's order search answered a 500 for it), and the others end up in mail headers,
 * CSV exports and logs. Every request is checked once, by the root route's middleware
 * (app/server/http/control-characters.server.ts), so no route handles them. Pure and unit-tested.
 *
 * - Query strings and single-line fields: nothing below U+0020, and no DEL (U+007F). A browser's single-line input
 *   cannot hold a line break.
 * - Multi-line fields (the store's textareas, named in MULTI_LINE_FIELDS): tab, CR and LF are text there; every
 *   other C0 control and DEL is refused.
 */

export const CONTROL_CHARACTERS_MESSAGE = 'The request contains characters that are not allowed.';

/**
 * The names of the store's textarea fields, whatever form they are in: the contact message, a product's or
 * collection's description, a delivery zone's towns, a size set's sizes, a chargeback answer's details and its message
 * to Paystack. A new textarea whose text may hold line breaks adds its name here.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set([
  'message',
  'description',
  'towns',
  'sizeList',
  'serviceDetails',
]);

// Matching control characters is the point here.
/* eslint-disable no-control-regex */
const SINGLE_LINE = /[\u0000-\u001f\u007f]/;
const MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */

/** True when `value` holds a character the field may not carry (its name decides whether line breaks may). */
export function refusedFieldText(name: string, value: string): boolean {
  return SINGLE_LINE.test(name) || (MULTI_LINE_FIELDS.has(name) ? MULTI_LINE : SINGLE_LINE).test(value);
}

/** True when a query string's names or values hold any control character. */
export function refusedQuery(params: URLSearchParams): boolean {
  for (const [name, value] of params) if (SINGLE_LINE.test(name) || SINGLE_LINE.test(value)) return true;
  return false;
}
