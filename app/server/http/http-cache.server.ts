/**
 * How storefront pages may be cached (docs/decisions/0007-http-caching.md). A storefront route's `headers`
 * export declares its page shareable; server/app.ts (server/page-cache/page-cache.ts) then makes it `private` for a
 * request with the store's cookies, adds an ETag, answers revalidations with 304, and keeps the visitor's copy for a short
 * while, which shoppers get with their header joined in (decision 0021). `contentChanged()` drops those copies at
 * once after an admin write.
 */
import { nextOpeningAt, refreshOpenings, startOpeningClock } from './opening-clock.server';
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

/**
 * The `headers` export of a storefront page that is the same for every visitor without cookies. A drop opening
 * soon (decision 0036) shortens what a shared cache may keep: neither s-maxage nor stale-while-revalidate reaches past
 * the opening.
 */
export function sharedPageHeaders(): Record<string, string> {
  return { 'Cache-Control': sharedCacheControl(nextOpeningAt()), Vary: 'Cookie' };
}

/** SHARED_PAGE_CACHE_CONTROL, its lifetimes cut to end by `changesAt` (ms since the epoch), when that comes first. */
export function sharedCacheControl(changesAt: number | null, now = Date.now()): string {
  const seconds = changesAt === null ? Infinity : Math.floor((changesAt - now) / 1000);
  if (seconds >= SHARED_MAX_AGE + STALE_WHILE_REVALIDATE) return SHARED_PAGE_CACHE_CONTROL;
  const sMaxAge = Math.max(0, Math.min(SHARED_MAX_AGE, seconds));
  const stale = Math.min(STALE_WHILE_REVALIDATE, seconds - sMaxAge);
  return ['public', 'max-age=0', `s-maxage=${sMaxAge}`, ...(stale > 0 ? [`stale-while-revalidate=${stale}`] : [])].join(
    ', ',
  );
}

/** Process-wide: the server and the app are one module graph (server/app.ts), so one copy of this counter. */
const version = { value: 0 };
registerCache('content', () => {
  version.value++;
  // An admin may have moved a drop's time: the clock looks for the next opening again.
  void refreshOpenings();
});

/**
 * Starts this process's drop clock (scripts/serve.ts): at each opening the stored pages of this process are dropped
 * (decision 0036). Returns how to stop it.
 */
export const startDropClock = () => startOpeningClock(() => version.value++);

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
