/**
 * SQL statements per request, as the store counts them in bench mode (x-db-queries, see
 * app/server/query-count.server.ts). Pages are asked one at a time; the second answer is kept, so caches
 * that fill on first use (store settings) are counted as a running store has them.
 */
import { send, type RawResponse } from './http';
import { withFreshId } from './render';

/** The second of two answers, or null for a redirect (a visitor sent to sign in is not shown this page). */
async function secondAnswer(origin: string, target: string, cookie?: string): Promise<RawResponse | null> {
  let response: RawResponse | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    response = await send(origin, withFreshId(target), cookie);
    if (response.status >= 300 && response.status < 400) return null;
    if (response.status >= 400 && response.status !== 404) throw new Error(`GET ${target} answered ${response.status}`);
  }
  return response;
}

/** A count, or null when it overlapped another request (the store then says "overlapped"). */
const countOf = (value: string | string[] | undefined) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;

/**
 * Statements per render: `target` from render.ts, so each of the two requests misses the page cache. Null when
 * redirected.
 */
export async function countRender(origin: string, target: string, cookie?: string): Promise<number | null> {
  const response = await secondAnswer(origin, target, cookie);
  if (!response) return null;
  const value = response.headers['x-db-queries'];
  if (value === undefined) throw new Error(`GET ${target} carried no x-db-queries header: is the store in bench mode?`);
  return countOf(value);
}

/**
 * Statements as served: the page's plain path, as every shopper asks for it. An anonymous request first, as a busy
 * store has had, so the page is stored (and known to be shareable); then the second of the shopper's two answers:
 * for a shopper with cookies, the stored page with their own parts joined in, once the store does that. Null when
 * redirected, or when the answer carries no count (a store that counts behind its page cache).
 */
export async function countServed(origin: string, path: string, cookie: string): Promise<number | null> {
  await send(origin, path);
  const response = await secondAnswer(origin, path, cookie);
  return response ? countOf(response.headers['x-db-queries']) : null;
}
