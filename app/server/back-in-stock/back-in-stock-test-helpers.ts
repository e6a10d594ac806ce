/**
 * What the back-in-stock tests share (back-in-stock-asking, -confirming, -restock and -admin-counts .test.ts):
 * the route modules, a temporary outbox and its mails, a sold-out product, asking and confirming as a visitor does,
 * and the admin's stock grid.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { backInStockRequests, storeSettings } from '~/db/schema';
import { BACK_IN_STOCK_MESSAGES } from '~/lib/back-in-stock/back-in-stock';
import { db } from '~/server/db.server';
import { QUEUES } from '~/server/jobs/queues.server';
import { outboxDir } from '~/server/mail.server';
import { invalidateSettings } from '~/server/store/settings.server';
import { createProduct, createUser } from '../../../tests/factories';
import { drainJobs, withJobs } from '../../../tests/job-helpers';
import { args, outcome, post, routeModule } from '../../../tests/route-helpers';
import { DEFAULT_SIZE_SET_ID } from '~/lib/catalog/catalog-constants';

// The mails of the test file using these go to a temporary outbox (env() reads DATA_DIR on first use, after this line).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'back-in-stock-test-'));

export const ask = await routeModule<typeof import('~/routes/back-in-stock')>('routes/back-in-stock.ts');
export const productPage = await routeModule<typeof import('~/routes/product')>('routes/product.tsx');
export const edit = await routeModule<typeof import('~/routes/admin/product-edit')>('routes/admin/product-edit.tsx');
export const confirmPage = await routeModule<typeof import('~/routes/back-in-stock-confirm')>(
  'routes/back-in-stock-confirm.tsx',
);

export let admin = { cookie: '' };

/** For the calling test file: the outbox removed after it, the job queue, an admin, and alerts on with no wait. */
export function withBackInStock() {
  afterAll(() => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true }));
  withJobs();
  beforeAll(async () => {
    admin = await createUser({ admin: true });
  });
  beforeEach(async () => {
    await setMail(true, 0);
  });
}

export async function setMail(enabled: boolean, minutes: number) {
  await db().update(storeSettings).set({ backInStockEnabled: enabled, backInStockMinutes: minutes });
  invalidateSettings();
}

/** A product whose M/Black is sold out (tracked 0) and M/White in stock. */
export const soldOutProduct = (input: Parameters<typeof createProduct>[0] = {}) =>
  createProduct({ sizes: ['M'], colors: ['Black', 'White'], stock: { 'M/Black': 0, 'M/White': 4 }, ...input });

export async function askFor(
  productId: string,
  fields: Record<string, string> = {},
  cookie?: string,
): Promise<{ message: string | null; ok: boolean; location: string | null }> {
  const answer = await outcome(() =>
    ask.action(args(post('/back-in-stock', { productId, size: 'M', color: 'Black', ...fields }, { cookie }))),
  );
  expect(answer.status).toBe(303);
  const url = new URL(answer.location ?? '', 'http://x');
  return {
    message: url.searchParams.get('message'),
    ok: url.searchParams.get('ok') === '1',
    location: answer.location,
  };
}

export const openRequests = (productId: string) =>
  db()
    .select()
    .from(backInStockRequests)
    .where(eq(backInStockRequests.productId, productId))
    .orderBy(backInStockRequests.id);

/** The outbox's mails containing `subject` (or any text), oldest first. */
export function outboxMails(subject: string): string[] {
  if (!fs.existsSync(outboxDir())) return [];
  return fs
    .readdirSync(outboxDir())
    .sort()
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')))
    .filter((mail) => mail.includes(subject));
}
export const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The admin's stock grid saved with these cells (the rest of the product as it is). */
export async function saveStock(product: { id: string; name: string }, cells: Record<string, string>) {
  const form = {
    intent: 'save',
    name: product.name,
    price: '15000',
    description: 'A well made product.',
    category: 'Shirts',
    collectionId: '',
    // The product form names its size set (decision 0034); these products are Clothing ones.
    sizeSetId: DEFAULT_SIZE_SET_ID,
    sizes: ['M'],
    colors: ['Black', 'White'],
    inStock: 'on',
    ...Object.fromEntries(Object.entries(cells).map(([key, value]) => [`stock.${key}`, value])),
  };
  const answer = await outcome(() =>
    edit.action(args(post(`/admin/products/edit/${product.id}`, form, { cookie: admin.cookie }), { id: product.id })),
  );
  if (!answer.location) console.log(answer.status, answer.data);
  expect(answer.location).toMatch(/\?saved=1$/);
}

export const restocked = async () => drainJobs({ queues: [QUEUES.backInStock.name, QUEUES.mail.name] });

/** The newest "confirm you want this alert" mail sent to `email`, and its link's token. */
export async function confirmationTo(email: string): Promise<{ mail: string; token: string } | null> {
  await drainJobs({ queues: [QUEUES.mail.name] });
  const mail = outboxMails(`To: ${email}`)
    .filter((m) => m.includes('/back-in-stock/confirm?token='))
    .at(-1);
  if (!mail) return null;
  return { mail, token: /\/back-in-stock\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail)![1] };
}

export const confirmUrl = (token: string) => `/back-in-stock/confirm?token=${encodeURIComponent(token)}`;

/** Presses the confirmation page's button. */
export const pressConfirm = (token: string) => outcome(() => confirmPage.action(args(post(confirmUrl(token), {}))));

/** A visitor asks and confirms from the mail, as a real one does. */
export async function askConfirmed(productId: string, email: string, fields: Record<string, string> = {}) {
  expect((await askFor(productId, { email, ...fields })).message).toBe(BACK_IN_STOCK_MESSAGES.confirmByMail);
  const sent = await confirmationTo(email);
  expect((await pressConfirm(sent!.token)).status).toBe(200);
}
