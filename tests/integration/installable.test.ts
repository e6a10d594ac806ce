/**
 * Decision 0043 against a running store (the production build): the manifest names the store and its two PNG icons,
 * the service worker is served for the whole origin and never kept long, the offline page is shareable, and every
 * page links the manifest and registers the worker with an inline script its Content-Security-Policy allows.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTER_SERVICE_WORKER } from '~/server/http/service-worker.server';
import { getSettings } from '~/server/store/settings.server';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { createProduct } from '../factories';
import { startStore, type StoreProcess } from '../store-process';

const root = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/store-installable-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = `${dir}/tests`;
  return dir;
});
let store: StoreProcess;
let origin = '';

/** Headers only a document obeys (decision 0035): files go without them. */
const DOCUMENT_ONLY = ['x-frame-options', 'cross-origin-opener-policy', 'referrer-policy'];

beforeAll(async () => {
  // A product of its own, so the start does not seed the demo catalog into this file's database.
  expect((await createProduct()).id).toBeTruthy();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  store = await startStore(
    {
      DATA_DIR: path.join(root, 'store'),
      DATABASE_URL: process.env.DATABASE_URL!,
      PUBLIC_URL: origin,
      BETTER_AUTH_SECRET: 'b'.repeat(40),
      LOG_LEVEL: 'warn',
    },
    port,
  );
}, 180_000);

afterAll(() => {
  if (store && store.child.exitCode === null) store.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

type Manifest = {
  name: string;
  display: string;
  start_url: string;
  scope: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string }[];
};

describe('the web app manifest', () => {
  it('names the store, its colours and two PNG icons of the sizes it says, with the file headers', async () => {
    const answer = await fetch(`${origin}/manifest.webmanifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of DOCUMENT_ONLY) expect(answer.headers.get(name), name).toBeNull();
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: (await getSettings()).storeName,
      display: 'standalone',
      start_url: '/',
      scope: '/',
      theme_color: '#111111',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const file = await fetch(new URL(icon.src, origin));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('cache-control')).toBe('public, max-age=86400');
      for (const name of DOCUMENT_ONLY) expect(file.headers.get(name), name).toBeNull();
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
  });

  it('has no icon of another size', async () => {
    expect((await fetch(`${origin}/icons/300.png`)).status).toBe(404);
  });
});

describe('the service worker', () => {
  it('is served for the whole origin, revalidated at every visit, its cache named after the build', async () => {
    const answer = await fetch(`${origin}/sw.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('service-worker-allowed')).toBe('/');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    for (const name of DOCUMENT_ONLY) expect(answer.headers.get(name), name).toBeNull();
    const script = await answer.text();
    expect(script).toMatch(/var CACHE = "store-[\w-]+";/);
    // The build's stylesheet, so the offline page keeps its looks.
    expect(script).toMatch(/var PRECACHE = \["\/assets\/[\w.-]+\.css"/);
  });

  it('is registered by every page with an inline script its policy allows by hash, and the manifest linked', async () => {
    const page = await fetch(`${origin}/`);
    const html = await page.text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/></head>');
    expect(html).toContain(`<script>${REGISTER_SERVICE_WORKER}</script></body>`);
    const hash = createHash('sha256').update(REGISTER_SERVICE_WORKER, 'utf8').digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });
});

describe('the offline page', () => {
  it('says the shopper is offline and what still works, and is the same for everyone', async () => {
    const answer = await fetch(`${origin}/offline`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/^public, /);
    const html = await answer.text();
    expect(html).toContain('You are offline');
    expect(html).toContain('What still works');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
