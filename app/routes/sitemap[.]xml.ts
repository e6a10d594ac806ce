import { sitemapEntries, type SitemapEntry } from '~/server/catalog/product.server';
import { publicOrigin } from '~/server/public-url.server';

/** Pages every visitor can reach without a query string; listings and products follow. */
const STATIC_PATHS = ['/', '/collections', '/new-arrivals', '/about', '/contact', '/terms', '/privacy'];

/** /sitemap.xml: home, the shop pages, every collection and every product (lastmod = created date). */
export async function loader() {
  // From PUBLIC_URL: a sitemap naming the Host a client sent would send search engines elsewhere.
  const origin = publicOrigin();
  const { products, collections } = await sitemapEntries();
  const body = buildSitemap(origin, [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...collections.map((entry) => urlFor('/collections/', entry)),
    ...products.map((entry) => urlFor('/product/', entry)),
  ]);
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

type SitemapUrl = { path: string; lastModified?: Date };

const urlFor = (prefix: string, { id, lastModified }: SitemapEntry): SitemapUrl => ({
  path: `${prefix}${encodeURIComponent(id)}`,
  lastModified,
});

export function buildSitemap(origin: string, urls: SitemapUrl[]): string {
  const lines = urls.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
    return `<url><loc>${escapeXml(origin + path)}</loc>${lastmod}</url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    `${lines.join('\n')}\n</urlset>\n`
  );
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );
}
