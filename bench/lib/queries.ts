/**
 * SQL statements per page render, as the store counts them in bench mode (x-db-queries, see
 * app/server/http/query-count.server.ts). Pages are asked one at a time; the second answer is kept, so caches
 * that fill on first use (store settings) are counted as a running store has them. Every request carries a
 * cookie (RENDER_COOKIE when no other), so the server's page cache never answers instead of the page.
 */
import { BROWSER_HEADERS, RENDER_COOKIE } from './throughput';

export async function countQueries(url: string, cookie = RENDER_COOKIE): Promise<number | null> {
  let value: string | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await fetch(url, { headers: { ...BROWSER_HEADERS, cookie }, redirect: 'manual' });
    await response.arrayBuffer();
    // A redirect (a visitor sent to sign in) is not this page: no count.
    if (response.status >= 300 && response.status < 400) return null;
    if (response.status >= 400 && response.status !== 404) throw new Error(`GET ${url} answered ${response.status}`);
    value = response.headers.get('x-db-queries');
  }
  if (value === null) throw new Error(`GET ${url} carried no x-db-queries header: is the store in bench mode?`);
  return /^\d+$/.test(value) ? Number(value) : null;
}
