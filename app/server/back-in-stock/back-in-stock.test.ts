/**
 * "Email me when it's back" (decision 0027): asking as a visitor and as a customer through
 * POST /back-in-stock (the same redirect back to the product with JavaScript or without), one answer whether the
 * address is new or known, the confirmation link (a page whose button confirms, never the GET), mailboxes (case and
 * plus-tags) and the hourly caps against a mail flood; and the mails when the stock returns through the admin's
 * stock grid and through a released unpaid order: one per confirmed request across two restocks, none unconfirmed,
 * none while the setting is off, hostile product names kept as text; the admin's counts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backInStockRequests, storeSettings } from '~/db/schema';
import {
  BACK_IN_STOCK_CONFIRM_MESSAGES,
  BACK_IN_STOCK_MAX_OPEN,
  BACK_IN_STOCK_MESSAGES,
} from '~/lib/back-in-stock/back-in-stock';
import { FORM_CAPS } from '~/lib/forms/form-caps';
import { CART_MESSAGES } from '~/lib/cart/cart-rules';
import { INVALID_EMAIL } from '~/lib/forms/forms';
import { releaseOrder } from '~/server/payments/payment-sweep.server';
import { db } from '~/server/db.server';
import { QUEUES } from '~/server/jobs/queues.server';
import { outboxDir } from '~/server/mail.server';
import { invalidateSettings } from '~/server/store/settings.server';
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
const confirmPage = await routeModule<typeof import('~/routes/back-in-stock-confirm')>(
  'routes/back-in-stock-confirm.tsx',
);

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

/** The outbox's mails containing `subject` (or any text), oldest first. */
function outboxMails(subject: string): string[] {
  if (!fs.existsSync(outboxDir())) return [];
  return fs
    .readdirSync(outboxDir())
    .sort()
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

/** The newest "confirm you want this alert" mail sent to `email`, and its link's token. */
async function confirmationTo(email: string): Promise<{ mail: string; token: string } | null> {
  await drainJobs({ queues: [QUEUES.mail.name] });
  const mail = outboxMails(`To: ${email}`)
    .filter((m) => m.includes('/back-in-stock/confirm?token='))
    .at(-1);
  if (!mail) return null;
  return { mail, token: /\/back-in-stock\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail)![1] };
}

const confirmUrl = (token: string) => `/back-in-stock/confirm?token=${encodeURIComponent(token)}`;

/** Presses the confirmation page's button. */
const pressConfirm = (token: string) => outcome(() => confirmPage.action(args(post(confirmUrl(token), {}))));

/** A visitor asks and confirms from the mail, as a real one does. */
async function askConfirmed(productId: string, email: string, fields: Record<string, string> = {}) {
  expect((await askFor(productId, { email, ...fields })).message).toBe(BACK_IN_STOCK_MESSAGES.confirmByMail);
  const sent = await confirmationTo(email);
  expect((await pressConfirm(sent!.token)).status).toBe(200);
}

describe('asking', () => {
  it('a visitor gives an email: kept unconfirmed and mailed a link; asking again is answered the same', async () => {
    const product = await soldOutProduct();
    const first = await askFor(product.id, { email: ' Ngozi@Example.com ' });
    expect(first).toMatchObject({ message: BACK_IN_STOCK_MESSAGES.confirmByMail, ok: true });
    expect(first.location).toMatch(new RegExp(`^/product/${product.id}\\?message=[^&#]+&ok=1#back-in-stock$`));
    const again = await askFor(product.id, { email: 'NGOZI+shop@example.com' });
    expect(again.location).toBe(first.location);
    const rows = await openRequests(product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      size: 'M',
      color: 'Black',
      email: 'ngozi@example.com',
      mailbox: 'ngozi@example.com',
      userId: null,
      confirmedAt: null,
    });
    expect(rows[0].confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    // The mail names the catalog's piece. Asking again sent a fresh link to the address first kept, and only that
    // one works; only its hash is kept.
    await drainJobs({ queues: [QUEUES.mail.name] });
    const mails = outboxMails('To: ngozi@example.com');
    expect(mails).toHaveLength(2);
    const [firstLink, sent] = mails.map((mail) => ({ mail, token: /confirm\?token=([A-Za-z0-9_-]+)/.exec(mail)![1] }));
    expect(sent.mail).toContain(`Subject: Confirm your alert: ${product.name}`);
    expect(sent.mail).toContain(`once when ${product.name} (size M, colour Black) is back in stock`);
    const [pending] = await openRequests(product.id);
    expect(pending.confirmTokenHash).toBe(createHash('sha256').update(sent.token).digest('hex'));
    expect(firstLink.token).not.toBe(sent.token);
    expect((await pressConfirm(firstLink.token)).status).toBe(400);
    expect((await openRequests(product.id))[0].confirmedAt).toBeNull();
    expect((await pressConfirm(sent.token)).status).toBe(200);
    expect((await openRequests(product.id))[0].confirmedAt).toBeInstanceOf(Date);
  });

  it('one answer for an address new, waiting unconfirmed, waiting confirmed or at its cap', async () => {
    const product = await soldOutProduct();
    await askConfirmed(product.id, 'confirmed@example.com');
    await askFor(product.id, { email: 'pending@example.com' });
    for (let i = 0; i < BACK_IN_STOCK_MAX_OPEN; i++) {
      const other = await soldOutProduct();
      await db().insert(backInStockRequests).values({
        productId: other.id,
        size: 'M',
        color: 'Black',
        email: 'full@example.com',
        mailbox: 'full@example.com',
        confirmedAt: new Date(),
      });
    }
    const answers = await Promise.all(
      ['new@example.com', 'pending@example.com', 'confirmed@example.com', 'full@example.com'].map((email) =>
        outcome(() =>
          ask.action(args(post('/back-in-stock', { productId: product.id, size: 'M', color: 'Black', email }))),
        ),
      ),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.location}`)).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 303 });
    expect(new URL(answers[0].location!, 'http://x').searchParams.get('message')).toBe(
      BACK_IN_STOCK_MESSAGES.confirmByMail,
    );
    // At its cap, nothing more was kept for that address.
    expect((await openRequests(product.id)).map((row) => row.mailbox).sort()).toEqual([
      'confirmed@example.com',
      'new@example.com',
      'pending@example.com',
    ]);
  });

  it('a signed-in customer with a verified address asks in one click: confirmed at once, no mail', async () => {
    const product = await soldOutProduct();
    const customer = await createUser({ verified: true });
    expect(await askFor(product.id, {}, customer.cookie)).toMatchObject({
      message: BACK_IN_STOCK_MESSAGES.added,
      ok: true,
    });
    expect(await askFor(product.id, {}, customer.cookie)).toMatchObject({ message: BACK_IN_STOCK_MESSAGES.added });
    const [row] = await openRequests(product.id);
    expect(row).toMatchObject({ email: customer.email, userId: customer.id, confirmTokenHash: null });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(await confirmationTo(customer.email)).toBeNull();
  });

  it('a customer whose address is not verified, or who types another, confirms by mail like a visitor', async () => {
    const product = await soldOutProduct();
    const unverified = await createUser();
    expect((await askFor(product.id, {}, unverified.cookie)).message).toBe(BACK_IN_STOCK_MESSAGES.confirmByMail);
    const verified = await createUser({ verified: true });
    const typed = await askFor(product.id, { email: 'someone-else@example.com' }, verified.cookie);
    expect(typed.message).toBe(BACK_IN_STOCK_MESSAGES.confirmByMail);
    expect((await openRequests(product.id)).every((row) => row.confirmedAt === null)).toBe(true);
    expect(await confirmationTo(unverified.email)).not.toBeNull();
    expect(await confirmationTo('someone-else@example.com')).not.toBeNull();
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

  it(`caps one mailbox at ${BACK_IN_STOCK_MAX_OPEN} open requests; only its own customer is told`, async () => {
    const customer = await createUser({ verified: true });
    for (let i = 0; i < BACK_IN_STOCK_MAX_OPEN; i++) {
      const product = await soldOutProduct();
      await db().insert(backInStockRequests).values({
        productId: product.id,
        size: 'M',
        color: 'Black',
        email: customer.email,
        mailbox: customer.email,
        confirmedAt: new Date(),
      });
    }
    const one = await soldOutProduct();
    expect((await askFor(one.id, {}, customer.cookie)).message).toBe(BACK_IN_STOCK_MESSAGES.tooMany);
    expect((await askFor(one.id, { email: customer.email })).message).toBe(BACK_IN_STOCK_MESSAGES.confirmByMail);
    expect(await openRequests(one.id)).toEqual([]);
  });

  it('plus-tag bombing: 40 asks for victim+N@ keep one request, send at most the cap of mails, one restock mail', async () => {
    const product = await soldOutProduct();
    const answers = [];
    for (let i = 1; i <= 40; i++) answers.push(await askFor(product.id, { email: `victim+${i}@example.com` }));
    const accepted = answers.filter((a) => a.message === BACK_IN_STOCK_MESSAGES.confirmByMail);
    expect(accepted.length).toBeLessThanOrEqual(FORM_CAPS.perMailbox);
    expect(answers.slice(FORM_CAPS.perMailbox).every((a) => a.message === BACK_IN_STOCK_MESSAGES.tooOften)).toBe(true);
    expect(await openRequests(product.id)).toHaveLength(1);
    await drainJobs({ queues: [QUEUES.mail.name] });
    const toVictim = () => outboxMails('To: victim+');
    expect(toVictim().length).toBeLessThanOrEqual(FORM_CAPS.perMailbox);

    // Even confirmed (the victim pressed one link), a restock mails the mailbox once.
    const sent = toVictim().at(-1)!;
    const token = /\/back-in-stock\/confirm\?token=([A-Za-z0-9_-]+)/.exec(sent)![1];
    expect((await pressConfirm(token)).status).toBe(200);
    await saveStock(product, { 'M|Black': '3', 'M|White': '4' });
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`).filter((m) => /To: victim\+\d+@/.test(m))).toHaveLength(1);
  });

  it(`one client is held to ${FORM_CAPS.perClient} asks an hour, whatever the addresses: nothing kept or sent past it`, async () => {
    const product = await soldOutProduct();
    const fromOne = (email: string) =>
      outcome(() =>
        ask.action(
          args(
            new Request('http://shop.test/back-in-stock', {
              method: 'POST',
              headers: { origin: 'http://shop.test', 'x-client-ip': '203.0.113.66' },
              body: new URLSearchParams({ productId: product.id, size: 'M', color: 'Black', email }),
            }),
          ),
        ),
      );
    const messages = [];
    for (let i = 0; i < FORM_CAPS.perClient + 3; i++) {
      const answer = await fromOne(`person${i}@example.com`);
      messages.push(new URL(answer.location!, 'http://x').searchParams.get('message'));
    }
    expect(messages.filter((m) => m === BACK_IN_STOCK_MESSAGES.confirmByMail)).toHaveLength(FORM_CAPS.perClient);
    expect(messages.slice(FORM_CAPS.perClient)).toEqual(Array(3).fill(BACK_IN_STOCK_MESSAGES.tooOften));
    expect(await openRequests(product.id)).toHaveLength(FORM_CAPS.perClient);
    expect(await confirmationTo(`person${FORM_CAPS.perClient}@example.com`)).toBeNull();
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

describe('confirming', () => {
  it("opening the link changes nothing; the page's button confirms; the link then says so", async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'scanner@example.com' });
    const { token } = (await confirmationTo('scanner@example.com'))!;

    // A link scanner's GET, twice: the request stays unconfirmed.
    for (let i = 0; i < 2; i++) {
      const page = await outcome(() => confirmPage.loader(args(get(confirmUrl(token)))));
      expect(page).toMatchObject({ status: 200, data: { state: 'ask', token, productId: product.id } });
      expect((page.data as { what: string }).what).toBe(`${product.name} (size M, colour Black)`);
    }
    expect((await openRequests(product.id))[0].confirmedAt).toBeNull();

    expect(await pressConfirm(token)).toMatchObject({ status: 200, data: { state: 'done' } });
    expect((await openRequests(product.id))[0].confirmedAt).toBeInstanceOf(Date);
    expect(await outcome(() => confirmPage.loader(args(get(confirmUrl(token)))))).toMatchObject({
      data: { state: 'done' },
    });
    // Pressed again (a reload): still confirmed, nothing else.
    expect((await pressConfirm(token)).status).toBe(200);
  });

  it('an unknown, malformed or expired link is refused; expired requests are dropped', async () => {
    for (const token of ['nope', 'x'.repeat(500), '']) {
      const page = await outcome(() => confirmPage.loader(args(get(confirmUrl(token)))));
      expect(page).toMatchObject({ status: 400, data: { state: 'invalid' } });
      expect((await pressConfirm(token)).status).toBe(400);
    }
    expect(BACK_IN_STOCK_CONFIRM_MESSAGES.invalid).toContain('48 hours');

    const product = await soldOutProduct();
    await askFor(product.id, { email: 'late@example.com' });
    const { token } = (await confirmationTo('late@example.com'))!;
    await db().execute(sql`update back_in_stock_requests set created_at = now() - interval '49 hours'
      where product_id = ${product.id}`);
    expect((await pressConfirm(token)).status).toBe(400);
    expect((await openRequests(product.id))[0].confirmedAt).toBeNull();
    // The next ask (anyone's) clears it out.
    await askFor(product.id, { email: 'someone@example.com' });
    expect((await openRequests(product.id)).map((row) => row.email)).toEqual(['someone@example.com']);
  });

  it('an unconfirmed request gets no restock mail and is not counted as waiting', async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'unconfirmed@example.com' });
    await askConfirmed(product.id, 'confirmed-one@example.com');
    const page = await outcome(() =>
      edit.loader(args(get(`/admin/products/edit/${product.id}`, admin.cookie), { id: product.id })),
    );
    expect((page.data as { waiting: unknown }).waiting).toEqual({ 'M|Black': 1 });

    await saveStock(product, { 'M|Black': '3', 'M|White': '4' });
    await restocked();
    const mails = outboxMails(`Back in stock: ${product.name}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: confirmed-one@example.com');
    expect((await openRequests(product.id)).find((r) => r.email === 'unconfirmed@example.com')!.notifiedAt).toBeNull();
  });

  it('confirmed after the piece came back: the mail goes out then', async () => {
    const product = await soldOutProduct();
    await askFor(product.id, { email: 'slow@example.com' });
    const { token } = (await confirmationTo('slow@example.com'))!;
    await saveStock(product, { 'M|Black': '2', 'M|White': '4' });
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`)).toEqual([]);
    await pressConfirm(token);
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`)).toHaveLength(1);
  });

  it("the confirmation mail echoes nothing typed but the address: only the catalog's words", async () => {
    const product = await soldOutProduct();
    const email = '"<a href=https://evil.example>win</a>"@example.com';
    const answer = await askFor(product.id, { email });
    // The schema refuses what is not an address; a plain one is all that reaches the mail.
    expect(answer.message).toBe(INVALID_EMAIL);
    await askFor(product.id, { email: 'plain@example.com', size: 'M', color: 'Black', note: 'Visit evil.example' });
    const { mail } = (await confirmationTo('plain@example.com'))!;
    expect(mail).not.toContain('evil.example');
    expect(mail).toContain(product.name);
  });
});

describe('when the stock returns', () => {
  it('the admin restocks: one mail per request (piece, price, link); a second restock sends none', async () => {
    const product = await soldOutProduct({ price: 15_000_00 });
    await askConfirmed(product.id, 'ada@example.com');
    const customer = await createUser({ verified: true });
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
    await askConfirmed(product.id, 'wait@example.com');
    await saveStock(product, { 'M|Black': '0', 'M|White': '9' });
    await restocked();
    expect(outboxMails(`Back in stock: ${product.name}`)).toEqual([]);
    expect((await openRequests(product.id))[0].notifiedAt).toBeNull();
  });

  it("an unpaid order's stock released by the sweep mails the waiting request", async () => {
    const product = await soldOutProduct();
    await askConfirmed(product.id, 'sweep@example.com');
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
    await askConfirmed(product.id, 'off@example.com');
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
    await askConfirmed(product.id, 'later@example.com');
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
    await askConfirmed(product.id, 'hostile@example.com');
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
    await askConfirmed(product.id, 'one@example.com');
    await askConfirmed(product.id, 'two@example.com');
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
