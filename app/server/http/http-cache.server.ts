/**
 * How storefront pages may be cached (docs/decisions/0007-http-caching.md). A storefront route's `headers`
 * export declares its page shareable; server/app.ts (server/page-cache/page-cache.ts) then makes it `private` for a
 * request with the store's cookies, adds an ETag, answers revalidations with 304, and keeps the visitor's copy for a short
 * while, which shoppers get with their header joined in (decision 0021). `contentChanged()` drops those copies at
 * once after an admin write.
 */
import { announceChange, registerCache } from './shared-invalidation.server';

/** Seconds a CDN (and this server's own page cache) may reuse an anonymous page without asking again. */
export const SHARED_MAX_AGE = 60;
/** Seconds a CDN may go on serving a page while it revalidates it in the background. */
export const STALE_WHILE_REVALIDATE = 600;

/**
 * Browsers always revalidate (max-age=0: a shopper never sees an old price after a reload, and the ETag makes
 * that a 304); shared caches keep the page a minute. `Vary: Cookie` keeps visitors' and customers' copies apart.
 */
export const SHARED_PAGE_CACHE_CONTROL = [
  'public',
  'max-age=0',
  `s-maxage=${SHARED_MAX_AGE}`,
  `stale-while-revalidate=${STALE_WHILE_REVALIDATE}`,
].join(', ');
/** What a shareable page becomes when the request carries a cookie (cart, session): this browser only, revalidated. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';

/** The `headers` export of a storefront page that is the same for every visitor without cookies. */
export function sharedPageHeaders(): Record<string, string> {
  return { 'Cache-Control': SHARED_PAGE_CACHE_CONTROL, Vary: 'Cookie' };
}

/** Process-wide: the server and the app are one module graph (server/app.ts), so one copy of this counter. */
const version = { value: 0 };
registerCache('content', () => version.value++);

/**
 * Call after any write that changes what shoppers see (products, images, collections, store settings, stock), once
 * it committed: every store process's copies of anonymous pages are dropped, this one's at once, the others' within a
 * second (shared-invalidation.server.ts). A CDN in front keeps its copy up to SHARED_MAX_AGE seconds (plus
 * stale-while-revalidate), then revalidates.
 */
export function contentChanged(): void {
  announceChange('content');
}

export const contentVersion = () => version.value;
