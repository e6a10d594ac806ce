/**
 * docs/decisions/0046-mail-frame.md against a running store (the production build): an order confirmation's pictures
 * (each line's, and the store's logo) are absolute PUBLIC_URL links to small stored variants, and each answers 200
 * with a WebP from the store's own /media/.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeImage } from '~/server/catalog/media.server';
import { mailStore } from '~/server/mail/store.server';
import { confirmationMail, loadOrder } from '~/server/orders/order-mails.server';
import { db } from '~/server/db.server';
import { freePort } from '../../scripts/lib/embedded-postgres';
import { createOrder, createProduct, createUser } from '../factories';
import { startStore, type StoreProcess } from '../store-process';

// One DATA_DIR for this process and the store's: the pictures this test stores are the ones the store serves.
const root = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/store-mail-pictures-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = `${dir}/data`;
  return dir;
});
let store: StoreProcess;
let origin = '';

const picture = (background: string, width = 900, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  store = await startStore(
    {
      DATA_DIR: process.env.DATA_DIR!,
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

describe("an order mail's pictures", () => {
  it('are absolute PUBLIC_URL links to small variants that answer 200 from the running store', async () => {
    const [shirt, cap, logo] = await Promise.all([
      storeImage(await picture('#14213d'), { folder: 'products', filename: 'shirt.jpg' }),
      storeImage(await picture('#fca311', 700, 700), { folder: 'products', filename: 'cap.jpg' }),
      storeImage(await picture('#000000', 600, 150), { folder: 'brand', filename: 'logo.jpg' }),
    ]);
    const product = await createProduct({ imageCount: 0 });
    const user = await createUser();
    const order = await createOrder({
      userId: user.id,
      paymentStatus: 'paid',
      items: [
        { product, image: shirt, quantity: 2 },
        { name: 'Cap', image: cap },
      ],
    });
    const loaded = await loadOrder(db(), order.id);
    const mail = await confirmationMail(loaded!, { ...(await mailStore()), origin, logo });

    const sources = [...(mail.html ?? '').matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toHaveLength(3);
    for (const source of sources) expect(source.startsWith(`${origin}/media/`), source).toBe(true);
    // The lines' pictures are the smallest variant (320 px), not the full-size file.
    expect(sources).toContain(`${origin}/media/${shirt.key}-320.webp`);
    expect(sources).toContain(`${origin}/media/${cap.key}-320.webp`);
    for (const source of sources) {
      const answer = await fetch(source);
      expect(answer.status, source).toBe(200);
      expect(answer.headers.get('content-type'), source).toBe('image/webp');
      expect((await answer.arrayBuffer()).byteLength, source).toBeLessThan(40_000);
    }
  });
});
