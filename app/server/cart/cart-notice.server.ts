/**
 * What changed when a visitor's cart joined the account's cart at sign-in ("only 4 left", "sold out"):
 * kept for a few minutes in a short cookie and shown once on /cart, so the shopper learns why a line
 * changed instead of finding it quietly capped or gone. The texts are the server's own messages.
 */
import { createCookie } from 'react-router';

const MAX_NOTICES = 10;
const MAX_LENGTH = 300;

const noticeCookie = createCookie('cart_notice', {
  httpOnly: true,
  sameSite: 'lax',
  secure: process.env.NODE_ENV === 'production',
  path: '/',
  maxAge: 600,
});

const clean = (values: unknown): string[] =>
  Array.isArray(values)
    ? values
        .filter((value): value is string => typeof value === 'string' && value.length > 0)
        .slice(0, MAX_NOTICES)
        .map((value) => value.slice(0, MAX_LENGTH))
    : [];

export const cartNoticeCookie = (messages: string[]) => noticeCookie.serialize(clean(messages));

/** The notices the request carries (anything malformed counts as none) and the header that clears them. */
export async function takeCartNotices(request: Request): Promise<{ notices: string[]; clearCookie: string | null }> {
  const header = request.headers.get('Cookie');
  if (!header || !header.includes('cart_notice=')) return { notices: [], clearCookie: null };
  const notices = clean(await noticeCookie.parse(header).catch(() => null));
  return { notices, clearCookie: await noticeCookie.serialize('', { maxAge: 0 }) };
}
