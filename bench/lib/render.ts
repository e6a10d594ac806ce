/**
 * How the bench makes the store render a page on every request. The server's page cache answers anonymous requests
 * for a page it stored (and, once shoppers with cookies get the stored page with their own parts joined in, those
 * too), keyed by the request target; a target no request used before misses it. So every "rendered" request asks
 * for the page under a target of its own:
 * - `?bench-render=<id>`: a query parameter the loaders ignore;
 * - `#bench-render-<id>` for the listings, whose loaders redirect a query they do not know to the page's canonical
 *   URL: Node hands the request target to the cache as it came, fragment included, while the URL the loaders get
 *   drops it. (A browser never sends a fragment; the bench writes the request line itself.)
 * The form is probed per page, and checked: a page answered from the cache carries an Age header, a render does not.
 * The store keeps each of these anonymous renders under its own key, so a rendered run fills its page cache up to
 * its cap (the peak memory shows it), as crawlers asking for many pages would.
 */
import { randomBytes } from 'node:crypto';
import { send } from './http';

/** Where a fresh id goes in a target: autocannon's idReplacement fills it in; withFreshId() does for one request. */
export const RENDER_ID = '[<id>]';

export const withFreshId = (target: string) => target.replaceAll(RENDER_ID, randomBytes(6).toString('base64url'));

/** The target, with RENDER_ID, under which every request for `path` renders; throws if the store serves it stored. */
export async function renderTarget(origin: string, path: string): Promise<string> {
  const query = `${path}${path.includes('?') ? '&' : '?'}bench-render=${RENDER_ID}`;
  const probe = await send(origin, withFreshId(query));
  // A redirect that drops the parameter is the loader sending an unknown query to the canonical URL.
  const location = probe.headers.location;
  const target =
    location !== undefined && !location.includes('bench-render') ? `${path}#bench-render-${RENDER_ID}` : query;
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await send(origin, withFreshId(target));
    if (response.status >= 500) throw new Error(`GET ${target} answered ${response.status}`);
    if (response.headers.age !== undefined)
      throw new Error(`GET ${target} was answered from the page cache: the bench cannot make the store render it`);
  }
  return target;
}
