/**
 * Decision 0013, against running stores (the production build, as `npm start` runs it): a
 * deployment (production mode on its own database, PUBLIC_URL set) and the demo store (embedded database,
 * PUBLIC_URL unset, so http://localhost:$PORT). Every forwarded header an attacker might try is sent, alone and
 * all together; no answer, no page stored for the next visitor, no reset mail names any other address, and
 * TRUST_PROXY unset means X-Forwarded-For picks no rate-limit bucket. Decision 0013.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_EMAIL } from '../../scripts/demo-accounts';
import { createCollection, createProduct, createUser } from '../factories';
import { startStore, type StoreProcess } from '../store-process';

// This file's own mails (createUser) go to a temporary folder, not the project's data/ (env() reads it on first use).
// Readable by others: as root, the demo store's PostgreSQL runs as the postgres user and must enter it.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-public-url-'));
fs.chmodSync(root, 0o755);
process.env.DATA_DIR = path.join(root, 'tests');

const stores: StoreProcess[] = [];

afterAll(() => {
  for (const { child } of stores) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** node:http rather than fetch, which would not let a test choose Host. */
function request(port: number, target: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: target, method: body === undefined ? 'GET' : 'POST', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What an attacker sends: each header alone, then all of them at once. Every value is recognisable. */
function attacks(configured: string): [string, Record<string, string>][] {
  const single: [string, Record<string, string>][] = [
    ['Host', { host: 'evil-host.example:8443' }],
    ['X-Forwarded-Host', { 'x-forwarded-host': 'evil-xfh.example' }],
    // The other scheme than the configured one.
    ['X-Forwarded-Proto', { 'x-forwarded-proto': configured.startsWith('https:') ? 'http' : 'https' }],
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.66' }],
    ['X-Forwarded-Port', { 'x-forwarded-port': '8443' }],
    ['X-Forwarded-Prefix', { 'x-forwarded-prefix': '/evil-prefix' }],
    ['Forwarded', { forwarded: 'for=203.0.113.66;host=evil-forwarded.example;proto=http' }],
    ['X-Original-URL', { 'x-original-url': '/evil-original' }],
    ['X-Rewrite-URL', { 'x-rewrite-url': '/evil-rewrite' }],
    ['X-Host', { 'x-host': 'evil-xhost.example' }],
  ];
  return [
    ...single,
    ['all of them', Object.assign({}, ...single.map(([, headers]) => headers)) as Record<string, string>],
  ];
}

/**
 * The page names no address but `configured`: canonical, og:url, JSON-LD and every absolute link to the store
 * itself carry exactly that origin, and nothing an attacker sent appears anywhere.
 */
function expectOnlyConfiguredOrigin(body: string, configured: string, what: string) {
  const own = new URL(configured);
  expect(body, what).not.toMatch(/evil/i);
  expect(body, what).not.toContain(':8443');
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(body)?.[1];
  expect(canonical, `${what}: canonical`).toBeDefined();
  expect(canonical!.startsWith(`${configured}/`), `${what}: canonical ${canonical}`).toBe(true);
  const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(body)?.[1];
  expect(ogUrl?.startsWith(`${configured}/`), `${what}: og:url ${ogUrl}`).toBe(true);
  const jsonLd = [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, text]) => text,
  );
  const urls = jsonLd.flatMap((text) => JSON.stringify(JSON.parse(text)).match(/https?:\/\/[^"\\]+/g) ?? []);
  // Schema.org's own vocabulary (https://schema.org/InStock) aside, every address in it is the store's.
  for (const url of urls)
    if (new URL(url).hostname !== 'schema.org')
      expect(url.startsWith(`${configured}/`), `${what}: JSON-LD ${url}`).toBe(true);
  // Any absolute link to the store itself, under whatever name the test reached it by.
  const ours = new Set([own.hostname, 'localhost', '127.0.0.1', 'shop.example.com']);
  for (const [url] of body.matchAll(/https?:\/\/[^\s"'<>\\)]+/g)) {
    const parsed = new URL(url.replace(/&amp;/g, '&'));
    if (ours.has(parsed.hostname)) expect(parsed.origin, `${what}: link ${url}`).toBe(configured);
  }
}

/** For attack number n, the address of a page not asked for yet (or null: none left of that kind). */
type PageKind = (n: number) => string | null;

/**
 * For each kind of page and each attack: the hostile request renders and stores a fresh copy (an address of its
 * own keeps earlier copies out of the way), then a plain visitor gets that stored copy; both must name only
 * `configured`. Listing pages redirect unknown query keys to their canonical URL, hence the kinds.
 */
async function probePages(port: number, configured: string, kinds: PageKind[], plainHost: string) {
  for (const kind of kinds) {
    for (const [n, [name, headers]] of attacks(configured).entries()) {
      const target = kind(n);
      if (target === null) continue;
      const hostile = await request(port, target, { 'accept-encoding': 'identity', ...headers });
      expect(hostile.status, `${name} ${target}`).toBe(200);
      expectOnlyConfiguredOrigin(hostile.body, configured, `answer to ${name} on ${target}`);
      const plain = await request(port, target, { host: plainHost, 'accept-encoding': 'identity' });
      // Age: the copy the hostile request stored, not a new render.
      expect(plain.headers.age, `stored copy of ${target}`).toMatch(/^\d+$/);
      expectOnlyConfiguredOrigin(plain.body, configured, `stored page after ${name} on ${target}`);
    }
  }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'identity' };

/** The mails in a store's outbox that mention `text`, decoded from quoted-printable. */
function mailsMentioning(dataDir: string, text: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((mail) => mail.includes(text));
}

async function resetMailLinks(dataDir: string, email: string): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      () => {
        // Each mail has a text and an HTML part: the same link twice.
        const found = mailsMentioning(dataDir, `To: ${email}`).flatMap(
          (mail) => mail.match(/https?:\/\/[^\s"<>]*reset-password\?token=[\w-]+/g) ?? [],
        );
        links = [...new Set(found)];
        return links.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return links;
}

describe('a deployment (PUBLIC_URL set)', { timeout: 180_000 }, () => {
  const CONFIGURED = 'https://shop.example.com';
  const dataDir = path.join(root, 'deployment');
  let store: StoreProcess;
  let kinds: PageKind[] = [];

  beforeAll(async () => {
    // A catalog of its own (which also keeps the start from seeding the demo one): a collection and a product
    // per attack.
    const collections: string[] = [];
    const products: string[] = [];
    for (let i = 0; i < attacks(CONFIGURED).length; i++) {
      const collection = await createCollection();
      collections.push(collection.id);
      products.push((await createProduct({ collectionId: collection.id })).id);
    }
    kinds = [
      ...['/', '/about', '/contact', '/terms', '/privacy'].map((page) => (n: number) => `${page}?probe=${n}`),
      ...['/collections', '/new-arrivals'].map((page) => (n: number) => `${page}?q=probe${n}`),
      (n) => `/collections/${collections[n]}`,
      (n) => `/product/${products[n]}`,
    ];
    store = await startStore({
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL!,
      PUBLIC_URL: CONFIGURED,
      BETTER_AUTH_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'warn',
    });
    stores.push(store);
  });

  it('stores and serves pages naming only PUBLIC_URL, whatever forwarded header the first visitor sent', async () => {
    await probePages(store.port, CONFIGURED, kinds, 'shop.example.com');
  });

  it('names only PUBLIC_URL in sitemap.xml and robots.txt asked for with a foreign Host', async () => {
    const all = attacks(CONFIGURED).at(-1)![1];
    const sitemap = await request(store.port, '/sitemap.xml', all);
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).not.toMatch(/evil/i);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
    expect(locs.length).toBeGreaterThan(5);
    for (const loc of locs) expect(new URL(loc).origin).toBe(CONFIGURED);
    const robots = await request(store.port, '/robots.txt', all);
    expect(robots.body).toContain(`Sitemap: ${CONFIGURED}/sitemap.xml`);
    expect(robots.body).not.toMatch(/evil/i);
  });

  it('mails a reset link to PUBLIC_URL for a request naming evil.example; refuses a form from there', async () => {
    const { email } = await createUser();
    const forged = { ...FORM, host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const fromThere = await request(
      store.port,
      '/forgot-password',
      { ...forged, origin: 'http://evil.example' },
      form({ email }),
    );
    expect(fromThere.status).toBeGreaterThanOrEqual(400);
    expect(fromThere.status).toBeLessThan(500);
    const answered = await request(store.port, '/forgot-password', { ...forged, origin: CONFIGURED }, form({ email }));
    expect(answered.status).toBe(200);
    const links = await resetMailLinks(dataDir, email);
    expect(links).toHaveLength(1);
    expect(links[0].startsWith(`${CONFIGURED}/reset-password?token=`)).toBe(true);
    expect(mailsMentioning(dataDir, `To: ${email}`).join('\n')).not.toMatch(/evil/i);
  });

  it('logs a request naming another host, with the client address it came from (not X-Forwarded-For)', () => {
    const line = store
      .output()
      .split('\n')
      .find((text) => text.includes('a host other than PUBLIC_URL'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line!) as { ip: string; hosts: string[]; expected: string };
    expect(entry.expected).toBe('shop.example.com');
    expect(entry.hosts.some((host) => host.includes('evil'))).toBe(true);
    expect(entry.ip).toMatch(/127\.0\.0\.1$/);
  });

  it('trusts no proxy unless TRUST_PROXY says so: X-Forwarded-For does not open a new rate-limit bucket', async () => {
    const statuses: number[] = [];
    // The reset limit is 5 per address in 15 minutes; each try claims to come from another address, through a
    // TLS-terminating proxy on this machine as far as the headers go.
    for (let i = 0; i < 7; i++) {
      const proxied = {
        host: 'shop.example.com',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': `198.51.100.${i + 1}`,
      };
      const headers = { ...FORM, ...proxied, origin: CONFIGURED };
      statuses.push(
        (await request(store.port, '/forgot-password', headers, form({ email: `nobody${i}@example.com` }))).status,
      );
    }
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses).toContain(429);
  });
});

describe('the demo store (embedded database, PUBLIC_URL unset)', { timeout: 300_000 }, () => {
  const dataDir = path.join(root, 'demo');
  let store: StoreProcess;
  let configured = '';
  let kinds: PageKind[] = [];

  beforeAll(async () => {
    store = await startStore({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
    stores.push(store);
    configured = `http://localhost:${store.port}`;
    const sitemap = await (await fetch(`${store.base}/sitemap.xml`)).text();
    const paths = (prefix: string) =>
      [...sitemap.matchAll(new RegExp(`<loc>[^<]*(${prefix}[^<]+)</loc>`, 'g'))].map(([, found]) => found);
    const products = paths('/product/');
    const collections = paths('/collections/');
    expect(products.length).toBeGreaterThanOrEqual(attacks(configured).length);
    kinds = [
      (n) => `/?probe=${n}`,
      (n) => `/about?probe=${n}`,
      (n) => `/collections?q=probe${n}`,
      (n) => products[n],
      // The demo catalog has fewer collections than there are attacks: the first ones get one each.
      (n) => collections[n] ?? null,
    ];
  });

  it('stores and serves pages naming only http://localhost:$PORT, whatever forwarded header came first', async () => {
    await probePages(store.port, configured, kinds, `localhost:${store.port}`);
  });

  it('names only its own address in sitemap.xml and robots.txt asked for with a foreign Host', async () => {
    const all = attacks(configured).at(-1)![1];
    const sitemap = await request(store.port, '/sitemap.xml', all);
    expect(sitemap.body).not.toMatch(/evil/i);
    for (const [, loc] of sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)) expect(new URL(loc).origin).toBe(configured);
    expect((await request(store.port, '/robots.txt', all)).body).toContain(`Sitemap: ${configured}/sitemap.xml`);
  });

  it('mails a reset link to its own address for a request with Host and X-Forwarded-Host evil.example', async () => {
    // The browser's view of a page on "evil.example": Host, Origin and X-Forwarded-Host all agree.
    const headers = {
      ...FORM,
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      origin: 'http://evil.example',
    };
    const answered = await request(store.port, '/forgot-password', headers, form({ email: DEMO_CUSTOMER_EMAIL }));
    expect(answered.status).toBe(200);
    const links = await resetMailLinks(dataDir, DEMO_CUSTOMER_EMAIL);
    expect(links).toHaveLength(1);
    expect(links[0].startsWith(`${configured}/reset-password?token=`)).toBe(true);
  });
});
