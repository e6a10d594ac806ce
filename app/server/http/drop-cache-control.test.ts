/** The shared cache headers around a drop's opening (decision 0036): no lifetime reaches past it. */
import { describe, expect, it } from 'vitest';
import { SHARED_PAGE_CACHE_CONTROL, sharedCacheControl } from './http-cache.server';

describe('sharedCacheControl', () => {
  const now = 1_000_000;
  it('is the usual minute (and ten of revalidation) with no opening, or one further away', () => {
    expect(sharedCacheControl(null, now)).toBe(SHARED_PAGE_CACHE_CONTROL);
    expect(sharedCacheControl(now + 660_000, now)).toBe(SHARED_PAGE_CACHE_CONTROL);
  });

  it('cuts s-maxage and then stale-while-revalidate so they end by the opening', () => {
    expect(sharedCacheControl(now + 300_500, now)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=240');
    expect(sharedCacheControl(now + 42_900, now)).toBe('public, max-age=0, s-maxage=42');
    expect(sharedCacheControl(now + 60_000, now)).toBe('public, max-age=0, s-maxage=60');
    expect(sharedCacheControl(now + 400, now)).toBe('public, max-age=0, s-maxage=0');
  });
});
