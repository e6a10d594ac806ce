/**
 * CSRF defence for our own actions: a state-changing request must come from a page of this site. Browsers
 * send Origin on every POST (Referer when an old one does not); a request naming another origin, or "null",
 * gets 403. A request with neither header and no cookies carries no one's session, so it is let through
 * (curl, health checks); with cookies it is refused.
 */
import { data } from 'react-router';

export function isSameOrigin(request: Request): boolean {
  const own = new URL(request.url).origin;
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
  if (!isSameOrigin(request)) throw data('This form was sent from another site, so it was refused. Please try again from this page.', { status: 403 });
}
