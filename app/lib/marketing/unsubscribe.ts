/**
 * The one-click unsubscribe from marketing mail (docs/requirements.md#9-order-and-payment-statuses): what the
 * /unsubscribe page reads from its address and says. The token travels in the URL's `t` both when the page is opened
 * (GET) and when it is confirmed, by the page's button or by a mail client's RFC 8058 one-click POST to the
 * List-Unsubscribe address: the URL is the only thing the two have in common (the mail client's body is just
 * `List-Unsubscribe=One-Click`).
 */
import { z } from 'zod';

/** An address of up to 320 characters, base64url, a dot and an HMAC: far below this. */
export const UNSUBSCRIBE_TOKEN_MAX = 1000;

/** The page's address: `?t=TOKEN`, the same for opening the page and for the one-click POST. */
export const unsubscribeQuerySchema = z.object({ t: z.string().trim().min(1).max(UNSUBSCRIBE_TOKEN_MAX) });

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid. Please use the link in the most recent email from us.',
  done: 'You will not get these emails again.',
  ask: 'Stop emails about items left in your cart? Order and account emails (receipts, delivery news) still come.',
} as const;

/** "a•••@example.com": enough for the owner to recognise the address, not enough to learn it from the page. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
