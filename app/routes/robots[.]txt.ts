import { publicOrigin } from '~/server/public-url.server';

/** Private and per-visitor pages are not for search engines; everything else is. */
const DISALLOWED = ['/cart', '/checkout', '/admin', '/orders', '/account'];

export function loader() {
  const origin = publicOrigin();
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
