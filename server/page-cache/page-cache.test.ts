/** The page cache middleware in front of a stand-in page handler, and the precompressed static files. */
import compression from 'compression';
import express from 'express';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentChanged, PRIVATE_PAGE_CACHE_CONTROL, SHARED_PAGE_CACHE_CONTROL } from '~/server/http/http-cache.server';
import { acceptedEncodings, matchesEtag, negotiateEncoding } from './content-negotiation';
import { createPageCache } from './page-cache';
import { onlyExisting, precompressed } from '../middleware/static-files';

type Page = { status?: number; cacheControl?: string; setCookie?: string; type?: string };
const pages: Record<string, Page> = {
  '/shared': { cacheControl: SHARED_PAGE_CACHE_CONTROL },
  '/private': { cacheControl: 'private, no-store' },
  '/plain': {},
  '/cookie': { cacheControl: SHARED_PAGE_CACHE_CONTROL, setCookie: 'a=1' },
  '/missing': { status: 404, cacheControl: SHARED_PAGE_CACHE_CONTROL },
  '/big': { cacheControl: SHARED_PAGE_CACHE_CONTROL },
  '/image': { cacheControl: SHARED_PAGE_CACHE_CONTROL, type: 'image/png' },
};
let renders: Record<string, number> = {};
let version = 'one';
let server: ReturnType<express.Express['listen']>;
let origin = '';
const assets = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-test-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(assets, 'app.js'), 'console.log(1);'.repeat(200));
  fs.writeFileSync(
    path.join(assets, 'app.js.br'),
    zlib.brotliCompressSync(fs.readFileSync(path.join(assets, 'app.js'))),
  );
  fs.writeFileSync(path.join(assets, 'favicon.svg'), '<svg/>');
  const app = express();
  const cache = createPageCache({ maxBytes: 64 * 1024 });
  app.use(cache.serveStored);
  app.use(compression());
  app.use((_req, res, next) => {
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    next();
  });
  app.use('/assets', precompressed(assets), express.static(assets));
  app.use(onlyExisting(assets, express.static(assets)));
  app.use(cache.capture);
  app.use((req, res) => {
    const page = pages[req.path] ?? { status: 404 };
    renders[req.url] = (renders[req.url] ?? 0) + 1;
    res.status(page.status ?? 200);
    res.setHeader('Content-Type', page.type ?? 'text/html; charset=utf-8');
    if (page.cacheControl) res.setHeader('Cache-Control', page.cacheControl);
    if (page.setCookie) res.setHeader('Set-Cookie', page.setCookie);
    // Streamed in pieces, as React Router streams a page.
    const body = `<html><body>${req.path} ${version} ${'x'.repeat(req.path === '/big' ? 40_000 : 2_000)}</body></html>`;
    res.write(body.slice(0, 10));
    res.write(Buffer.from(body.slice(10, 100)));
    res.end(body.slice(100));
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(assets, { recursive: true, force: true });
});

beforeEach(() => {
  renders = {};
  version = 'one';
  contentChanged();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${url}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } });

describe('anonymous shareable pages', () => {
  it('are rendered once, then served from memory with the same ETag, compressed, until contentChanged()', async () => {
    const first = await get('/shared');
    const text = await first.text();
    const second = await get('/shared');
    expect(await second.text()).toBe(text);
    expect(renders['/shared']).toBe(1);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toBe(SHARED_PAGE_CACHE_CONTROL);
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(second.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(second.headers.get('age')).toMatch(/^\d+$/);
    expect(second.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const gzipped = await get('/shared', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(text);
    expect((await get('/shared?page=2')).status).toBe(200);
    expect(renders['/shared?page=2']).toBe(1);

    version = 'two';
    expect(await (await get('/shared')).text()).toContain('one');
    contentChanged();
    const changed = await get('/shared');
    expect(await changed.text()).toContain('two');
    expect(changed.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(renders['/shared']).toBe(2);
  });

  it('answer 304 without a body to a request that holds the current ETag, from memory or after a render', async () => {
    const etag = (await get('/shared')).headers.get('etag')!;
    const cached = await get('/shared', { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');
    const rendered = await get('/shared', { 'if-none-match': `"other", ${etag}`, cookie: 'cart=abc' });
    expect(rendered.status).toBe(304);
    expect((await get('/shared', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it("are served stored to a request whose cookies are not the store's (analytics, consent)", async () => {
    await get('/shared');
    const foreign = await get('/shared', { cookie: '_ga=GA1.2.3; consent=yes' });
    expect(foreign.headers.get('cache-control')).toBe(SHARED_PAGE_CACHE_CONTROL);
    expect(renders['/shared']).toBe(1);
    // With a store cookie among them, the page is the shopper's own.
    for (const cookie of ['_ga=1; cart=abc', 'better-auth.session_token=x', '__Secure-better-auth.session_token=x']) {
      const own = await get('/shared', { cookie });
      expect(own.headers.get('cache-control'), cookie).toBe(PRIVATE_PAGE_CACHE_CONTROL);
    }
    expect(renders['/shared']).toBe(4);
  });

  it('become private for a request with a store cookie, which is always rendered', async () => {
    await get('/shared');
    const withCookie = await get('/shared', { cookie: 'cart=abc' });
    expect(withCookie.headers.get('cache-control')).toBe(PRIVATE_PAGE_CACHE_CONTROL);
    expect(withCookie.headers.get('etag')).toBeTruthy();
    expect(renders['/shared']).toBe(2);
  });

  it('drop the least recently used page past the memory limit', async () => {
    await get('/shared');
    for (let i = 0; i < 3; i++) await get(`/big?n=${i}`);
    await get('/shared');
    expect(renders['/shared']).toBe(2);
  });
});

describe('responses that are never stored', () => {
  it.each(['/private', '/plain', '/cookie', '/missing', '/image'])('%s is rendered every time', async (url) => {
    const first = await get(url);
    await get(url);
    expect(renders[url]).toBe(2);
    expect(first.headers.get('cache-control') ?? '').not.toBe(PRIVATE_PAGE_CACHE_CONTROL);
  });

  it('no-store pages and other types carry no ETag; a page with Set-Cookie keeps its cookie', async () => {
    expect((await get('/private')).headers.get('etag')).toBeNull();
    expect((await get('/image')).headers.get('etag')).toBeNull();
    expect((await get('/cookie')).headers.get('set-cookie')).toBe('a=1');
  });
});

describe('static files', () => {
  it('serves the brotli variant to browsers that accept it, the file itself to others', async () => {
    const br = await get('/assets/app.js');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await br.text()).toBe('console.log(1);'.repeat(200));
    const plain = await get('/assets/app.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1);'.repeat(200));
  });

  it('serves files that existed at start, and leaves every other path to the pages', async () => {
    expect((await get('/favicon.svg')).status).toBe(200);
    expect(renders['/favicon.svg']).toBeUndefined();
    await get('/elsewhere');
    expect(renders['/elsewhere']).toBe(1);
  });
});

describe('Accept-Encoding and If-None-Match', () => {
  it('prefers br, honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(acceptedEncodings('*')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('*, br;q=0')).toEqual({ br: false, gzip: true });
  });

  it('compares ETags weakly', () => {
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('*', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"a"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
  });
});
