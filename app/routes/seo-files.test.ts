/** /sitemap.xml and /robots.txt loaders on real PostgreSQL. */
import { describe, expect, it } from 'vitest';
import { createCollection, createProduct } from '../../tests/factories';
import { escapeXml, loader as sitemap } from './sitemap[.]xml';
import { loader as robots } from './robots[.]txt';

const args = (path: string) => ({ request: new Request(`https://shop.example.ng${path}`), params: {}, context: {} }) as never;

describe('/sitemap.xml', () => {
  it('lists home, shop pages, every collection and every product with lastmod, XML-escaped', async () => {
    const collection = await createCollection({ createdAt: new Date('2026-03-04T05:00:00Z') });
    const product = await createProduct({ name: 'Tee <b>&</b>', createdAt: new Date('2026-05-06T07:00:00Z') });
    const response: Response = await sitemap(args('/sitemap.xml'));
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of ['/', '/collections', '/new-arrivals']) expect(xml).toContain(`<loc>https://shop.example.ng${path}</loc>`);
    expect(xml).toContain(`<url><loc>https://shop.example.ng/collections/${collection.id}</loc><lastmod>2026-03-04</lastmod></url>`);
    expect(xml).toContain(`<url><loc>https://shop.example.ng/product/${product.id}</loc><lastmod>2026-05-06</lastmod></url>`);
    // Names are not in the sitemap; nothing in it is unescaped markup.
    expect(xml).not.toContain('<b>');
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });

  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a<b>&'"`)).toBe('a&lt;b&gt;&amp;&apos;&quot;');
  });
});

describe('/robots.txt', () => {
  it('allows everything except private pages and points to the sitemap on this origin', async () => {
    const response: Response = await robots(args('/robots.txt'));
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/cart', '/checkout', '/admin', '/orders', '/account']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain('Sitemap: https://shop.example.ng/sitemap.xml');
  });
});
