/**
 * The cookies that change what a page shows: the cart's (cart-cookie.server.ts, cart-notice.server.ts) and Better
 * Auth's session cookies (`better-auth.*`, `__Secure-better-auth.*`). Any other cookie (an analytics or consent
 * cookie a brand adds) leaves the page as every visitor gets it, so it is served from, and kept in, the page cache
 * (server/page-cache/page-cache.ts); and who a shopper is follows from these alone (shopper-view-cache.server.ts).
 */
const STORE_COOKIE = /^(cart|cart_notice|(__Secure-)?better-auth\.[\w.-]+)$/;

const pairsOf = (header: string | undefined) => (header ?? '').split(';').filter((pair) => pair.trim());
const isStoreCookie = (pair: string) => STORE_COOKIE.test(pair.split('=')[0].trim());

export function carriesStoreCookie(header: string | undefined): boolean {
  return pairsOf(header).some(isStoreCookie);
}

/** The header without the store's cookies (undefined when nothing else is left): the page renders as a visitor's. */
export function withoutStoreCookies(header: string | undefined): string | undefined {
  const kept = pairsOf(header).filter((pair) => !isStoreCookie(pair));
  return kept.length ? kept.join(';') : undefined;
}

/** The store's cookies of a header in a canonical form: two headers naming the same shopper give the same text. */
export function storeCookiesKey(header: string | undefined): string {
  return pairsOf(header)
    .filter(isStoreCookie)
    .map((pair) => pair.trim())
    .sort()
    .join('; ');
}
