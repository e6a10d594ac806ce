/**
 * Decision 0021: the page cache answers a shopper with the store's cookies from the stored visitor's page, joined for
 * them by a Personalizer (here a stand-in that writes the cookie's value into the page's "[header]"; the store's own
 * is tested in tests/integration/joined-pages.test.ts).
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentChanged, PRIVATE_PAGE_CACHE_CONTROL, SHARED_PAGE_CACHE_CONTROL } from '~/server/http/http-cache.server';
import { createPageCache, type Personalizer } from './page-cache';

/** What the stand-in page handler was asked: the URL and the cookies it saw. */
let asked: Array<{ url: string; cookie: string | undefined }> = [];
let reads = 0;
let server: ReturnType<express.Express['listen']>;
let origin = '';

const personalizer: Personalizer<string> = {
  read: async (cookie) => {
    reads++;
    return /(?:^|; )(?:cart|better-auth\.session_token)=([^;]*)/.exec(cookie ?? '')?.[1] ?? 'nobody';
  },
  key: (view) => view,
  join: async (body, view) => {
    const text = body.toString();
    return text.includes('[header]') ? Buffer.from(text.replace('[header]', `[header for ${view}]`)) : null;
  },
};

beforeAll(async () => {
  const app = express();
  const cache = createPageCache({ maxBytes: 1024 * 1024, personalizer });
  app.use(cache.serveStored);
  app.use(cache.capture);
  app.use((req, res) => {
    asked.push({ url: req.url, cookie: req.headers.cookie });
    const shared = !req.path.startsWith('/private');
    res.setHeader('Content-Type', req.path.endsWith('.data') ? 'text/x-script' : 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', shared ? SHARED_PAGE_CACHE_CONTROL : 'private, no-store');
    const header = req.path.startsWith('/bare') ? '' : '[header]';
    const seen = /(?:^|; )cart=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
    res.end(`<html><body>${header} ${req.path} rendered for ${seen ?? 'a visitor'}</body></html>`);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  asked = [];
  reads = 0;
  contentChanged();
});

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${url}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });

describe('a shopper with the store cookies', () => {
  it('gets the stored page joined for them, without a render, once its path is known to be shareable', async () => {
    // Not known yet: rendered for the shopper, as before, which teaches the cache the path is shareable.
    const first = await get('/product/1', 'cart=ada');
    expect(await first.text()).toContain('[header] /product/1 rendered for ada');
    // Known: rendered once more, as a visitor's page (the store's cookies taken off, others kept), and joined.
    const second = await get('/product/1', '_ga=1; cart=ada');
    expect(await second.text()).toContain('[header for ada] /product/1 rendered for a visitor');
    expect(second.headers.get('cache-control')).toBe(PRIVATE_PAGE_CACHE_CONTROL);
    expect(asked[1]).toEqual({ url: '/product/1', cookie: '_ga=1' });
    // Then every shopper and every visitor is served from that one stored page.
    const bola = await get('/product/1', 'better-auth.session_token=bola');
    expect(await bola.text()).toContain('[header for bola] /product/1 rendered for a visitor');
    const visitor = await get('/product/1');
    expect(await visitor.text()).toContain('[header] /product/1 rendered for a visitor');
    expect(visitor.headers.get('cache-control')).toBe(SHARED_PAGE_CACHE_CONTROL);
    expect(await (await get('/product/1', 'cart=ada')).text()).toContain('[header for ada]');
    expect(asked).toHaveLength(2);
    expect(reads).toBe(3);
  });

  it('gets an ETag of their own page, and 304 while it holds it', async () => {
    await get('/product/2', 'cart=ada');
    const ada = await get('/product/2', 'cart=ada');
    const chike = await get('/product/2', 'cart=chike');
    expect(ada.headers.get('etag')).toBeTruthy();
    expect(ada.headers.get('etag')).not.toBe(chike.headers.get('etag'));
    const again = await get('/product/2', 'cart=ada', { 'if-none-match': ada.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect((await get('/product/2', 'cart=chike', { 'if-none-match': ada.headers.get('etag')! })).status).toBe(200);
  });

  it('sees a change at once: contentChanged() drops the stored page and every joined copy', async () => {
    await get('/product/3');
    expect(await (await get('/product/3', 'cart=ada')).text()).toContain('[header for ada]');
    contentChanged();
    await get('/product/3', 'cart=ada');
    expect(asked.map((request) => request.url)).toEqual(['/product/3', '/product/3']);
  });

  it("is rendered for on private pages and on .data requests (their root data would be the visitor's)", async () => {
    for (const url of ['/private/cart', '/product/4.data']) {
      await get(url);
      await get(url, 'cart=ada');
      const own = await get(url, 'cart=ada');
      expect(await own.text(), url).toContain(' rendered for ada');
    }
    expect(asked.filter((request) => request.cookie === 'cart=ada')).toHaveLength(4);
  });

  it('is sent back to the same address to be rendered for, when a shareable page has nothing to join', async () => {
    await get('/bare');
    const joined = await get('/bare', 'cart=ada');
    expect(joined.status).toBe(307);
    expect(joined.headers.get('location')).toBe('/bare');
    // From then on rendered for each shopper, never sent back again.
    for (let i = 0; i < 3; i++) expect(await (await get('/bare', 'cart=ada')).text()).toContain(' rendered for ada');
  });
});
