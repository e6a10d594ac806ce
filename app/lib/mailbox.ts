/**
 * The mailbox an address delivers to, as the per-address caps compare it (decision 0027): `Victim+1@Example.com`,
 * `victim+2@example.com` and `victim@example.com` are one inbox, so they share one cap and one open request.
 * Pure: used by the server's caps and the back-in-stock requests, and unit-tested.
 *
 * - Lowercased whole. The local part is case-sensitive in RFC 5321, but no mail provider a shopper uses treats it
 *   so, and counting `Ada` and `ada` as two inboxes would only help a flood.
 * - A `+tag` is cut from the local part at every domain: sub-addressing delivers to the same inbox at Gmail,
 *   Outlook, iCloud, Fastmail, Proton and Yahoo (which also uses `-` for its disposable addresses, not cut here:
 *   `-` is common in real names). Where `+` is part of a real name the two addresses only share a cap.
 * - Gmail ignores dots in the local part, and googlemail.com is gmail.com: both are folded there only.
 *
 * This is never the address mailed: a shopper's own spelling is kept and written to.
 */

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function normaliseMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  // `+tag@` alone (nothing before the plus) stays as written: there is no inbox name to keep.
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}
