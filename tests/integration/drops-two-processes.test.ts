/**
 * Decision 0036: a drop opens on time in every process. This test process is the admin's (its change listener on);
 * stores B and C are real processes (scripts/start.ts on the production build) on the same database, each keeping the
 * anonymous product page and listing in memory. At the opening both must show the product open within a second, with
 * no write to announce it, and the cache headers they sent before must never reach past the opening.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '~/lib/catalog/admin-catalog-product';
import { createProduct as createAdminProduct } from '~/server/catalog/admin-products.server';
import { listenForChanges } from '~/server/http/shared-invalidation.server';
import { createUser } from '../factories';
import { startStore, type StoreProcess } from '../store-process';
import { within } from '../within';

const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'store-drops-')));
let stores: StoreProcess[] = [];
let stopListening: () => Promise<void>;
let actor: { id: string; email: string };

beforeAll(async () => {
  stopListening = await listenForChanges();
  const admin = await createUser({ admin: true });
  actor = { id: admin.id, email: admin.email };
  const env = (dir: string) => ({
    DATABASE_URL: process.env.DATABASE_URL!,
    BETTER_AUTH_SECRET: 'drops-two-processes-secret-0123456789abcdef',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dir,
  });
  stores = await Promise.all(dataDirs.map((dir) => startStore(env(dir))));
}, 240_000);

afterAll(async () => {
  for (const store of stores) store.child.kill('SIGTERM');
  await Promise.all(stores.map((store) => store.exited));
  await stopListening?.();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const input = (name: string, dropsAt: Date): ProductInput => ({
  name,
  price: 30_000_00,
  compareAtPrice: null,
  description: 'Opens on time in every process.',
  category: 'Outerwear',
  collectionId: null,
  sizes: ['M'],
  colors: ['Black'],
  inStock: true,
  featured: false,
  fitNote: '',
  stock: [{ size: 'M', color: 'Black', stock: 5, was: undefined }],
  images: [],
  dropsAt,
  dropCap: null,
});

const fetchPage = async (store: StoreProcess, url: string) => {
  const response = await fetch(`${store.base}${url}`);
  expect(response.status, url).toBe(200);
  return { body: await response.text(), headers: response.headers };
};

/** The lifetimes a Cache-Control header gives a shared cache, in seconds. */
function sharedLifetime(cacheControl: string | null): number {
  const value = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl ?? '')?.[1] ?? 0);
  return value('s-maxage') + value('stale-while-revalidate');
}

describe('a drop opening with two store processes', () => {
  it('every stored page shows it open within a second of the opening, and no header outlives it', async () => {
    const opensAt = new Date(Date.now() + 10_000);
    const name = `Two Process Drop ${Date.now()}`;
    const id = await createAdminProduct(actor, input(name, opensAt));
    const url = `/product/${id}`;
    const search = `/collections?q=${encodeURIComponent(name)}`;

    for (const store of stores) {
      for (const page of [url, search]) {
        const first = await fetchPage(store, page);
        // Stored by the store (the notice of the admin's write may arrive meanwhile, dropping a first copy): an answer
        // from its memory carries an Age header.
        let again = await fetchPage(store, page);
        for (let tries = 0; tries < 5 && again.headers.get('age') === null; tries++)
          again = await fetchPage(store, page);
        expect(again.headers.get('age'), page).not.toBeNull();
        const left = (opensAt.getTime() - Date.now()) / 1000;
        for (const { headers } of [first, again])
          expect(sharedLifetime(headers.get('cache-control')) - Number(headers.get('age') ?? 0)).toBeLessThanOrEqual(
            Math.ceil(left),
          );
      }
      const { body } = await fetchPage(store, url);
      expect(body).toContain('Drops on');
      expect(body).toMatch(/Opens in \d+ seconds?/);
      // No purchase form (related products' cards have add buttons of their own).
      expect(body).not.toContain('id="add-to-cart"');
      expect((await fetchPage(store, search)).body).toContain('Drops ');
    }

    await new Promise((resolve) => setTimeout(resolve, opensAt.getTime() - Date.now()));
    const openEverywhere = async () => {
      const pages = await Promise.all(stores.map((store) => fetchPage(store, url)));
      return pages.every(({ body }) => body.includes('id="add-to-cart"') && !body.includes('Drops on'));
    };
    expect(await within(1_000, openEverywhere)).toBe(true);
    const listings = await Promise.all(stores.map((store) => fetchPage(store, search)));
    for (const { body } of listings) expect(body).toContain(`Add to cart<span class="sr-only"> (${name})</span>`);
  }, 60_000);
});
