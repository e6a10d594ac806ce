/**
 * CSRF defence for our own actions: a state-changing request must come from a page of this site. Browsers
 * send Origin on every POST (Referer when an old one does not); a request naming another origin, or "null",
 * gets 403. A request with neither header and no cookies carries no one's session, so it is let through
 * (curl, health checks); with cookies it is refused.
 */
import { data } from 'react-router';
import { isDeployment } from '../env.server';
import { publicOrigin } from '../public-url.server';

/**
 * A deployment has one origin, PUBLIC_URL's, whatever the request's Host or X-Forwarded-* say (server.ts also
 * pins request.url to it). The demo store is reached by many names (localhost, 127.0.0.1, a LAN address), so
 * there the address the browser asked for counts: a browser cannot forge Host on a cross-site form, and a
 * hand-made request with a forged Host carries no victim's cookies.
 */
const ownOrigin = (request: Request) => (isDeployment() ? publicOrigin() : new URL(request.url).origin);

export function isSameOrigin(request: Request): boolean {
  const own = ownOrigin(request);
  const origin = request.headers.get('origin');
  if (origin) return origin === own;
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      return new URL(referer).origin === own;
    } catch {
      return false;
    }
  }
  return !request.headers.has('cookie');
}

/** Throws a 403 response unless the request comes from this site (call first in every action). */
export function assertSameOrigin(request: Request): void {
  if (!isSameOrigin(request))
    throw data('This form was sent from another site, so it was refused. Please try again from this page.', {
      status: 403,
    });
}
