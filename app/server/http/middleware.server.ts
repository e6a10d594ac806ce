/**
 * The rules every request of a part of the route tree follows, written once as React Router middleware (decision
 * 0018) instead of a call at the top of each loader and action: app/root.tsx runs requestContext and sameOrigin for
 * every route, app/routes/layouts/private.tsx runs privatePage for the shopper's and the admin's own pages, and
 * app/routes/admin/layout.tsx runs the admin guard (accounts/guards.server.ts).
 */
import type { MiddlewareFunction } from 'react-router';
import { newRequestContext } from './request-context.server';
import { assertSameOrigin } from './same-origin.server';

/** Makes the request's context: who is asking is then read once, when a loader or action first asks. */
export const requestContext: MiddlewareFunction<Response> = ({ request, context }, next) => {
  newRequestContext(request, context);
  return next();
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one exception: the one-click unsubscribe (RFC 8058), which a mail client POSTs from wherever it runs: its
 * provider's server or an app, without Origin but perhaps with cookies from a shared cookie jar or a Referer of its
 * own, which the check would refuse. It uses no session: the signed token in its address is the whole proof, and
 * forging the POST gains nothing the token does not already give (routes/unsubscribe.tsx). Exactly this path (its
 * page's own form posts here too). React Router's own check still refuses an Origin naming another host, for every
 * route alike: mail providers send none.
 */
const isOneClickUnsubscribe = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname === '/unsubscribe';

/**
 * Every action's CSRF defence (same-origin.server.ts): a request that may change something must come from a page of
 * this site. The Paystack webhook passes too, as any cookieless server-to-server call does; it proves itself with
 * its signature.
 */
export const sameOrigin: MiddlewareFunction<Response> = ({ request }, next) => {
  if (!READS.has(request.method) && !isOneClickUnsubscribe(request)) assertSameOrigin(request);
  return next();
};

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * A page about one person (their cart, orders, account, the admin's screens): no cache anywhere may keep it, and
 * the browser keeps no copy either (a shared computer's back button shows nothing after sign-out).
 */
export const privatePage: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  try {
    response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    return response;
  } catch {
    // Headers of some responses (Response.redirect, fetch) are immutable: copy it.
    const copy = new Response(response.body, response);
    copy.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    return copy;
  }
};
