/** /sitemap.xml and /robots.txt loaders on real PostgreSQL. */
import { describe, expect, it } from 'vitest';
import { env } from '~/server/env.server';
import { publicOrigin } from '~/server/public-url.server';
import { createCollection, createProduct } from '../../tests/factories';
import { escapeXml, loader as sitemap } from './sitemap[.]xml';
import { loader as robots } from './robots[.]txt';

/**
 * A request for another host (Host and X-Forwarded-Host say so too): the files must still name the store's own
 * address.
 */
const FOREIGN = 'https://evil.example';
const foreignRequest = (path: string) =>
  new Request(`${FOREIGN}${path}`, {
    headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  });
// The loaders take no arguments now; called as React Router calls them, with the request anyway.
const call = (loader: () => Response | Promise<Response>, path: string) =>
  (loader as (args: unknown) => Response | Promise<Response>)({
    request: foreignRequest(path),
    params: {},
    context: {},
  });
/** PUBLIC_URL is unset in tests: the demo store's own address. */
const OWN = `http://localhost:${env().PORT}`;

describe('/sitemap.xml', () => {
  it('lists home, shop pages, every collection and every product with lastmod, XML-escaped', async () => {
    const collection = await createCollection({ createdAt: new Date('2026-03-04T05:00:00Z') });
    const product = await createProduct({ name: 'Tee <b>&</b>', createdAt: new Date('2026-05-06T07:00:00Z') });
    const response: Response = await call(sitemap, '/sitemap.xml');
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(publicOrigin()).toBe(OWN);
    for (const path of ['/', '/collections', '/new-arrivals']) expect(xml).toContain(`<loc>${OWN}${path}</loc>`);
    expect(xml).toContain(`<url><loc>${OWN}/collections/${collection.id}</loc><lastmod>2026-03-04</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${OWN}/product/${product.id}</loc><lastmod>2026-05-06</lastmod></url>`);
    // Every address in it is the store's own, whatever host the request named.
    expect(xml).not.toContain('evil.example');
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) expect(new URL(loc).origin).toBe(OWN);
    // Names are not in the sitemap; nothing in it is unescaped markup.
    expect(xml).not.toContain('<b>');
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });

  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a<b>&'"`)).toBe('a&lt;b&gt;&amp;&apos;&quot;');
  });
});

describe('/robots.txt', () => {
  it('allows all but private pages and points to the sitemap on the configured origin, not the Host', async () => {
    const response: Response = await call(robots, '/robots.txt');
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/cart', '/checkout', '/admin', '/orders', '/account'])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${OWN}/sitemap.xml`);
    expect(text).not.toContain('evil.example');
  });
});
