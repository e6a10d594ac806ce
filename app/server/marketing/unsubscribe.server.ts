/**
 * Marketing mail and its one-click unsubscribe (docs/requirements.md#9-order-and-payment-statuses; RFC 8058). The
 * abandoned-cart mail is the store's one marketing mail; order and account mails are transactional and carry none of
 * this. Each marketing mail names its unsubscribe address twice: in the List-Unsubscribe header (with
 * List-Unsubscribe-Post, so a mail client can unsubscribe with one POST) and as a link in its body. The token in that
 * address is an HMAC of the lowercased address with the store's auth secret, so it works without signing in and nobody
 * can make one for another address.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { mailOptOuts } from '~/db/schema';
import { unsubscribeQuerySchema } from '~/lib/marketing/unsubscribe';
import { authSecret } from '../accounts/auth.server';
import { db } from '../db.server';
import { publicUrl } from '../public-url.server';

/** Longest address a mail system allows (RFC 5321 limits: 64 + 1 + 255). */
const EMAIL_MAX = 320;

/** Keyed for this use only, so the HMAC is worth nothing as any other of the secret's signatures. */
const signature = (email: string) => createHmac('sha256', authSecret()).update(`unsubscribe\u0000${email}`).digest();

/** `base64url(address).base64url(hmac)`: the address rides along, so the page can name it without a lookup. */
export function unsubscribeToken(email: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address, 'utf8').toString('base64url')}.${signature(address).toString('base64url')}`;
}

/** The address a token was made for; null for anything this store did not sign (forged, cut short, altered). */
export function emailFromToken(token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const [encoded, mac] = [token.slice(0, dot), token.slice(dot + 1)];
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!address || address.length > EMAIL_MAX || address !== address.trim().toLowerCase()) return null;
  const given = Buffer.from(mac, 'base64url');
  // base64url decoding skips stray characters: only the exact text this store writes counts (neither is secret).
  if (Buffer.from(address, 'utf8').toString('base64url') !== encoded || given.toString('base64url') !== mac)
    return null;
  const expected = signature(address);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}

export const unsubscribeUrl = (email: string) => publicUrl(`/unsubscribe?t=${unsubscribeToken(email)}`);

/** The headers of a marketing mail: a mail client's Unsubscribe button, one POST to the same address (RFC 8058). */
export function marketingHeaders(email: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(email)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Records the opt-out (doing it twice is harmless). */
export async function optOut(email: string): Promise<void> {
  await db()
    .insert(mailOptOuts)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: mailOptOuts.email });
}

export async function hasOptedOut(email: string): Promise<boolean> {
  const rows = await db().execute(
    sql`select 1 from ${mailOptOuts} where ${mailOptOuts.email} = ${email.trim().toLowerCase()}`,
  );
  return rows.length > 0;
}

/** The token of an /unsubscribe request (its `t`, for the page and for the one-click POST alike) and its address. */
export function unsubscribeRequest(request: Request): { token: string; email: string } | null {
  const query = unsubscribeQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return null;
  const email = emailFromToken(query.data.t);
  return email ? { token: query.data.t, email } : null;
}
