/**
 * "Email me when it's back" (issue 18): asking as a visitor and as a customer through POST /back-in-stock (the same
 * redirect back to the product with JavaScript or without), duplicates, bad addresses, the per-address cap; and the
 * mails when the stock returns through the admin's stock grid and through a released unpaid order: one per request
 * across two restocks, none while the setting is off, hostile product names kept as text; the admin's counts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backInStockRequests, storeSettings } from '~/db/schema';
import { BACK_IN_STOCK_MAX_OPEN, BACK_IN_STOCK_MESSAGES } from '~/lib/back-in-stock';
import { CART_MESSAGES } from '~/lib/cart-rules';
import { INVALID_EMAIL } from '~/lib/forms';
import { releaseOrder } from '~/server/checkout/payment-sweep.server';
import { db } from '~/server/db.server';
import { QUEUES } from '~/server/jobs/queues.server';
import { outboxDir } from '~/server/mail.server';
import { invalidateSettings } from '~/server/settings.server';
import { createOrder, createProduct, createUser } from '../../../tests/factories';
import { drainJobs, eventually, withJobs } from '../../../tests/job-helpers';
import { renderPage } from '../../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import EditProductPage from '~/routes/admin/product-edit';
import { backInStockMail, sendBackInStockMails } from './notify.server';

// This file's mails go to a temporary outbox (env() reads DATA_DIR on first use, after this line).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'back-in-stock-test-'));
afterAll(() => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true }));
withJobs();

const ask = await routeModule<typeof import('~/routes/back-in-stock')>('routes/back-in-stock.ts');
const productPage = await routeModule<typeof import('~/routes/product')>('routes/product.tsx');
const edit = await routeModule<typeof import('~/routes/admin/product-edit')>('routes/admin/product-edit.tsx');

let admin = { cookie: '' };
beforeAll(async () => {
  admin = await createUser({ admin: true });
});
beforeEach(async () => {
  await setMail(true, 0);
});

async function setMail(enabled: boolean, minutes: number) {
  await db().update(storeSettings).set({ backInStockEnabled: enabled, backInStockMinutes: minutes });
  invalidateSettings();
}

/** A product whose M/Black is sold out (tracked 0) and M/White in stock. */
const soldOutProduct = (input: Parameters<typeof createProduct>[0] = {}) =>
  createProduct({ sizes: ['M'], colors: ['Black', 'White'], stock: { 'M/Black': 0, 'M/White': 4 }, ...input });

async function askFor(
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

const openRequests = (productId: string) =>
  db()
    .select()
    .from(backInStockRequests)
    .where(eq(backInStockRequests.productId, productId))
    .orderBy(backInStockRequests.id);

function outboxMails(subject: string): string[] {
  if (!fs.existsSync(outboxDir())) return [];
  return fs
    .readdirSync(outboxDir())
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')))
    .filter((mail) => mail.includes(subject));
}
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The admin's stock grid saved with these cells (the rest of the product as it is). */
async function saveStock(product: { id: string; name: string }, cells: Record<string, string>) {
  const form = {
    intent: 'save',
    name: product.name,
    price: '15000',
    description: 'A well made product.',
    category: 'Shirts',
    collectionId: '',
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

const restocked = async () => drainJobs({ queues: [QUEUES.backInStock.name, QUEUES.mail.name] });

describe('asking', () => {
  it('a visitor gives an email: stored once, a second ask (any case) is "already on the list"', async () => {
    const product = await soldOutProduct();
    const first = await askFor(product.id, { email: ' Ngozi@Example.com ' });
    expect(first).toMatchObject({ message: BACK_IN_STOCK_MESSAGES.added, ok: true });
    expect(first.location).toMatch(new RegExp(`^/product/${product.id}\\?message=[^&#]+&ok=1#back-in-stock$`));
    expect((await askFor(product.id, { email: 'NGOZI@example.com' })).message).toBe(BACK_IN_STOCK_MESSAGES.already);
    const rows = await openRequests(product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ size: 'M', color: 'Black', email: 'ngozi@example.com', userId: null });
  });

  it('a signed-in customer asks in one click: the account address, their id', async () => {
    const product = await soldOutProduct();
    const customer = await createUser();
    expect(await askFor(product.id, {}, customer.cookie)).toMatchObject({
      message: BACK_IN_STOCK_MESSAGES.added,
      ok: true,
    });
    expect(await openRequests(product.id)).toMatchObject([{ email: customer.email, userId: customer.id }]);
  });

  it('refuses a bad address, a visitor without one, an in-stock or unknown choice', async () => {
    const product = await soldOutProduct();
    expect(await askFor(product.id, { email: 'not-an-address' })).toMatchObject({ message: INVALID_EMAIL, ok: false });
    expect(await askFor(product.id)).toMatchObject({ message: BACK_IN_STOCK_MESSAGES.needEmail, ok: false });
    const white = await askFor(product.id, { email: 'a@example.com', color: 'White' });
    expect(white.message).toBe(BACK_IN_STOCK_MESSAGES.inStock);
    expect((await askFor(product.id, { email: 'a@example.com', size: 'XL' })).message).toBe(CART_MESSAGES.badSize);
    expect((await askFor(product.id, { email: 'a@example.com', color: 'Red' })).message).toBe(CART_MESSAGES.badColor);
    const unknown = await askFor('zzzzzzzzzzzzzz', { email: 'a@example.com' });
    expect(unknown.message).toBe(CART_MESSAGES.unknownProduct);
    expect(await openRequests(product.id)).toEqual([]);
  });

  it(`caps one address at ${BACK_IN_STOCK_MAX_OPEN} open requests`, async () => {
    const email = 'many@example.com';
    for (let i = 0; i < BACK_IN_STOCK_MAX_OPEN; i++) {
      const product = await soldOutProduct();
      expect((await askFor(product.id, { email })).message).toBe(BACK_IN_STOCK_MESSAGES.added);
    }
    const one = await soldOutProduct();
    expect((await askFor(one.id, { email })).message).toBe(BACK_IN_STOCK_MESSAGES.tooMany);
    expect(await openRequests(one.id)).toEqual([]);
  });

  it('the product page shows the answer in its own words only, the same for everyone', async () => {
    const product = await soldOutProduct();
    const load = async (message: string) => {
      const query = new URLSearchParams({ message, ok: '1' });
      const result = await outcome(() =>
        productPage.loader(args(get(`/product/${product.id}?${query}`), { id: product.id })),
      );
      return (result.data as { asked: unknown }).asked;
    };
    expect(await load(BACK_IN_STOCK_MESSAGES.added)).toEqual({ ok: true, message: BACK_IN_STOCK_MESSAGES.added });
    expect(await load('Your account is suspended: call 0800')).toBeNull();
  });
});

describe('when the stock returns', () => {
  it('the admin restocks: one mail per request (piece, price, link); a second restock sends none', async () => {
    const product = await soldOutProduct({ price: 15_000_00 });
    await askFor(product.id, { email: 'ada@example.com' });
    const customer = await createUser();
    await askFor(product.id, {}, customer.cookie);
    const subject = `Back in stock: ${product.name}`;

    await saveStock(product, { 'M|Black': '3', 'M|White': '4' });
    await restocked();
    const mails = outboxMails(subject);
    expect(mails).toHaveLength(2);
    const ada = mails.find((mail) => mail.includes('To: ada@example.com'))!;
    expect(ada).toContain(`${product.name} (size M, colour Black) is back in stock`);
    expect(ada).toContain('Price now: ₦15,000');
    expect(ada).toContain(`/product/${product.id}`);
    expect(mails.some((mail) => mail.includes(`To: ${customer.email}`))).toBe(true);
    expect((await openRequests(product.id)).every((row) => row.notifiedAt !== null)).toBe(true);

    // Sold out and back again: those requests are done.
    await saveStock(product, { 'M|Black': '0', 'M|White': '4' });
    await saveStock(product, { 'M|Black': '2', 'M|White': '4' });
    await restocked();
    // Even a job for the product (another restock's, racing this one) finds nothing left to send.
    expect(await sendBackInStockMails({ productIds: [product.id] })).toBe(0);
    await restocked();
    expect(outboxMails(subject)).toHaveLength(2);
  });

  it('a restock of another size and colour leaves the request open', async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'wait@example.com' });
    await saveStock(product, { 'M|Black': '0', 'M|White': '9' });
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`)).toEqual([]);
    expect((await openRequests(product.id))[0].notifiedAt).toBeNull();
  });

  it("an unpaid order's stock released by the sweep mails the waiting request", async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'sweep@example.com' });
    const customer = await createUser();
    const order = await createOrder({
      userId: customer.id,
      items: [{ product, size: 'M', color: 'Black', quantity: 1 }],
    });
    expect(await releaseOrder(order.id, 'abandoned', 'abandoned')).toBe(true);
    await restocked();
    expect(
      outboxMails(`Back in stock: ${product.name}`).filter((m) => m.includes('To: sweep@example.com')),
    ).toHaveLength(1);
  });

  it('with the mail switched off nothing is sent and the requests stay open', async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'off@example.com' });
    await setMail(false, 0);
    await saveStock(product, { 'M|Black': '5', 'M|White': '4' });
    await restocked();
    // Even a job already queued does nothing while it is off.
    expect(await sendBackInStockMails({ productIds: [product.id] })).toBe(0);
    expect(outboxMails(`Back in stock: ${product.name}`)).toEqual([]);
    expect((await openRequests(product.id))[0].notifiedAt).toBeNull();
  });

  it("the delay: the mails wait the setting's minutes after the restock", async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'later@example.com' });
    await setMail(true, 30);
    await saveStock(product, { 'M|Black': '5', 'M|White': '4' });
    const delayed = await eventually(async () => {
      const rows = await db().execute<{ after: number }>(sql`
        select extract(epoch from start_after - now())::int as after from pgboss.job
        where name = ${QUEUES.backInStock.name} and data -> 'productIds' ? ${product.id} and data ->> 'due' = 'true'`);
      return rows[0];
    });
    expect(delayed.after).toBeGreaterThan(29 * 60);
    expect((await openRequests(product.id))[0].notifiedAt).toBeNull();
    expect(outboxMails(`Back in stock: ${product.name}`)).toEqual([]);
    // Its time come, the delayed job sends.
    await db().execute(sql`update pgboss.job set start_after = now()
      where name = ${QUEUES.backInStock.name} and data ->> 'due' = 'true' and data -> 'productIds' ? ${product.id}`);
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`)).toHaveLength(1);
  });

  it('a hostile product name stays text in the HTML part', async () => {
    const name = `<img src=x onerror=alert(1)> "Bold" & <b>Co</b>`;
    const product = await soldOutProduct({ name });
    await askFor(product.id, { email: 'hostile@example.com' });
    await saveStock(product, { 'M|Black': '1', 'M|White': '4' });
    await restocked();
    const [mail] = outboxMails('To: hostile@example.com');
    const html = mail.slice(mail.indexOf('Content-Type: text/html'));
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; &#34;Bold&#34; &#38; &#60;b&#62;Co&#60;/b&#62;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    // The plain-text part shows the name as typed.
    expect(mail.slice(0, mail.indexOf('Content-Type: text/html'))).toContain(`${name} (size M, colour Black)`);

    const unit = backInStockMail(
      { email: 'h@example.com', size: '', color: '', productId: product.id, name, price: 100_00 },
      { storeName: 'Store <script>', supportEmail: 'help@example.com', origin: 'https://shop.example' },
    );
    expect(unit.html).not.toContain('<script>');
    expect(unit.html).not.toContain('<img');
  });
});

describe('the admin', () => {
  it('sees how many requests wait per size and colour on the product edit page', async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'one@example.com' });
    await askFor(product.id, { email: 'two@example.com' });
    const page = await outcome(() =>
      edit.loader(args(get(`/admin/products/edit/${product.id}`, admin.cookie), { id: product.id })),
    );
    expect((page.data as { waiting: unknown }).waiting).toEqual({ 'M|Black': 2 });
    const rendered = await renderPage({
      path: '/admin/products/edit/:id',
      route: edit,
      Page: EditProductPage,
      request: get(`/admin/products/edit/${product.id}`, admin.cookie),
      params: { id: product.id },
    });
    expect(rendered.markup).toContain('2 waiting<span class="sr-only"> for an email when it is back</span>');
    expect(rendered.markup.match(/ waiting<span/g)).toHaveLength(1);
  });
});
