/**
 * Decision 0020: two store processes on one database. This test process is "process A", writing through the admin's own
 * code (admin-products.server.ts, store/admin-settings.server.ts) with its change listener on; "process B" is a real store
 * (scripts/start.ts on the production build) that has stored the anonymous pages. B must show A's price edit and
 * settings save within a second (PostgreSQL LISTEN/NOTIFY, shared-invalidation.server.ts), not after its minute.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '~/lib/catalog/admin-catalog-product';
import { createProduct as createAdminProduct, updateProduct } from '~/server/catalog/admin-products.server';
import { saveSettings } from '~/server/store/admin-settings.server';
import { eq } from 'drizzle-orm';
import { cartLines, carts } from '~/db/schema';
import { parseShopperView, SHOPPER_VIEW_ID } from '~/lib/shopper-view';
import { newCartId, serializeCartId } from '~/server/cart/cart-cookie.server';
import { db } from '~/server/db.server';
import { listenForChanges } from '~/server/http/shared-invalidation.server';
import { getSettings } from '~/server/store/settings.server';
import { createUser } from '../factories';
import { within } from '../within';
import { startStore, type StoreProcess } from '../store-process';

let storeB: StoreProcess;
/** The data folders of process B and of the cluster test, removed afterwards. */
const dataDirs = {
  b: fs.mkdtempSync(path.join(os.tmpdir(), 'store-two-processes-')),
  cluster: fs.mkdtempSync(path.join(os.tmpdir(), 'store-cluster-')),
};
let base = '';
let stopListening: () => Promise<void>;
let actor: { id: string; email: string };

beforeAll(async () => {
  stopListening = await listenForChanges();
  const admin = await createUser({ admin: true });
  actor = { id: admin.id, email: admin.email };
  // A deployment's settings, on this test file's database.
  storeB = await startStore({
    DATABASE_URL: process.env.DATABASE_URL!,
    BETTER_AUTH_SECRET: 'two-processes-test-secret-0123456789abcdef',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDirs.b,
  });
  base = storeB.base;
}, 180_000);

afterAll(async () => {
  storeB?.child.kill('SIGTERM');
  await storeB?.exited;
  await stopListening?.();
  // Their database is this test file's (DATABASE_URL): the folders hold only uploads and the outbox.
  for (const dir of Object.values(dataDirs)) fs.rmSync(dir, { recursive: true, force: true });
});

const input = (price: number): ProductInput => ({
  name: 'Two Process Tee',
  price,
  compareAtPrice: null,
  description: 'Sold from two processes.',
  category: 'Shirts',
  collectionId: null,
  sizes: ['M'],
  colors: ['Black'],
  inStock: true,
  featured: false,
  fitNote: '',
  stock: [{ size: 'M', color: 'Black', stock: 5, was: undefined }],
  images: [],
});

const page = async (url: string, cookie?: string) => {
  const response = await fetch(`${base}${url}`, { headers: cookie ? { cookie } : {} });
  expect(response.status, url).toBe(200);
  return response.text();
};

describe('two store processes on one database', () => {
  it("a price edited in one process is on the other's stored page within a second", async () => {
    const id = await createAdminProduct(actor, input(21_000_00));
    const url = `/product/${id}`;
    // Stored by B now (anonymous, shareable), and served from its memory the second time.
    expect(await page(url)).toContain('₦21,000');
    expect(await page(url)).toContain('₦21,000');
    expect(await updateProduct(actor, id, input(17_500_00))).toBe(true);
    expect(await within(1_000, async () => (await page(url)).includes('₦17,500'))).toBe(true);
    expect(await page(url)).not.toContain('₦21,000');
  });

  it("a settings save in one process is in the other's header within a second", async () => {
    const before = await page('/about');
    const settings = await getSettings();
    expect(before).toContain(settings.bannerText);
    const bannerText = `Delivery across Nigeria, now from two processes ${Date.now()}`;
    await saveSettings(actor, { ...settings, bannerText });
    expect(await within(1_000, async () => (await page('/about')).includes(bannerText))).toBe(true);
  });

  it("a cart changed by another process is in this one's joined header within a second", async () => {
    const id = await createAdminProduct(actor, input(9_000_00));
    const url = `/product/${id}`;
    await page(url);
    const cartId = newCartId();
    await db().insert(carts).values({ id: cartId });
    await db().insert(cartLines).values({ cartId, productId: id, size: 'M', color: 'Black', quantity: 2 });
    const cookie = (await serializeCartId(cartId)).split(';')[0];
    const block = new RegExp(`id="${SHOPPER_VIEW_ID}">([^<]*)</script>`);
    const count = async () => parseShopperView(block.exec(await page(url, cookie))?.[1])?.cartCount;
    // B joins its stored page for this visitor, and keeps their view (shopper-view-cache.server.ts).
    expect(await count()).toBe(2);
    expect(await count()).toBe(2);
    // Written here, as another process's cart action would: the database's trigger tells B whose cart changed.
    await db().update(cartLines).set({ quantity: 4 }).where(eq(cartLines.cartId, cartId));
    expect(await within(1_000, async () => (await count()) === 4)).toBe(true);
    await db().delete(carts).where(eq(carts.id, cartId));
    expect(await within(1_000, async () => (await count()) === 0)).toBe(true);
  });
});

/** The worker processes a primary started (node:cluster forks them as its children). */
const childrenOf = (pid: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

describe('WEB_CONCURRENCY', () => {
  it('runs that many processes on one port, replaces one that dies, and stops cleanly', async () => {
    const cluster = await startStore({
      WEB_CONCURRENCY: '2',
      DATABASE_URL: process.env.DATABASE_URL!,
      BETTER_AUTH_SECRET: 'two-processes-test-secret-0123456789abcdef',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDirs.cluster,
    });
    try {
      expect(cluster.output()).toContain('2 processes');
      const workers = childrenOf(cluster.child.pid!);
      expect(workers).toHaveLength(2);
      process.kill(workers[0], 'SIGKILL');
      expect(
        await within(
          15_000,
          async () => {
            const now = childrenOf(cluster.child.pid!);
            return now.length === 2 && !now.includes(workers[0]);
          },
          // pgrep each time: no need to ask more often than before.
          50,
        ),
      ).toBe(true);
      // Both processes answer again (fresh connections: one kept alive to the dead process would be gone).
      for (let i = 0; i < 4; i++) {
        const answer = await fetch(`${cluster.base}/healthz`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(5_000),
        });
        expect(answer.status).toBe(200);
      }
      expect(cluster.output()).toContain('a store process stopped: starting another');
    } finally {
      cluster.child.kill('SIGTERM');
    }
    expect(await cluster.exited).toBe(0);
  }, 60_000);
});
