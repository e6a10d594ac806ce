import type { Route } from './+types/robots[.]txt';

/** Private and per-visitor pages are not for search engines; everything else is. */
const DISALLOWED = ['/cart', '/checkout', '/admin', '/orders', '/account'];

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
}
