/**
 * The abandoned-cart mail's rules against real PostgreSQL (docs/requirements.md#9-order-and-payment-statuses): due
 * after the store's hours, once per cart change, never after an order or an opt-out or with the setting off, once
 * however many runs race, with today's prices and hostile names kept as text. The mails are read from the mail queue,
 * as the worker would get them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { carts, products, storeSettings } from '~/db/schema';
import { applyCartAction } from '~/server/cart/cart.server';
import { mergeVisitorCart } from '~/server/cart/cart-merge.server';
import { removeBoughtLines } from '~/server/cart/cart-store.server';
import { db } from '~/server/db.server';
import { sendJob } from '~/server/jobs/queue.server';
import { QUEUES } from '~/server/jobs/queues.server';
import { startJobs, stopJobs, ABANDONED_CARTS_CRON } from '~/server/jobs/workers.server';
import { outboxDir, sendMail, type Mail } from '~/server/mail.server';
import { optOut } from '~/server/marketing/unsubscribe.server';
import { invalidateSettings } from '~/server/store/settings.server';
import { putInCart } from '../../../tests/checkout-helpers';
import { createOrder, createProduct, createUser } from '../../../tests/factories';
import { createPromo } from '../../../tests/promo-helpers';
import { eventually, TEST_QUEUE_OPTIONS } from '../../../tests/job-helpers';
import { get, shopper } from '../../../tests/route-helpers';
import { HOSTILE, HOSTILE_ESCAPED, expectFramedMail, testMailStore } from '../../../tests/mail-helpers';
import { abandonedCartMail } from './abandoned-cart-mail.server';
import { sendAbandonedCartMails } from './abandoned-cart.server';

// This file's mails are written to a temporary outbox (env() reads DATA_DIR on first use, after this line).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'abandoned-cart-test-'));
afterAll(async () => {
  await stopJobs({ timeoutMs: 1_000 });
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
afterEach(async () => {
  await db().update(storeSettings).set({ abandonedCartEnabled: true, abandonedCartHours: 24 });
  invalidateSettings();
});

const HOUR = 60 * 60 * 1000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

/** The mails queued for `email` (waiting, as the worker will take them), oldest first. */
async function mailsTo(email: string): Promise<Mail[]> {
  const rows = await db().execute<{ data: { mail: Mail } }>(sql`
    select data from pgboss.job where name = ${QUEUES.mail.name} and data->'mail'->>'to' = ${email}
    order by created_on`);
  return rows.map((row) => row.data.mail);
}

/** A customer with one line (₦15,000, 5 in stock) in their account cart. */
async function customerWithCart(firstName = 'Ada') {
  const user = await createUser({ firstName, verified: true });
  const product = await createProduct({ price: 15_000_00, stock: { 'M/Black': 5 } });
  await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
  return { user, product };
}

/** Time passes for this cart: its last change (and its last mail) are moved `hours` back. */
async function age(userId: string, hours: number) {
  await db().execute(sql`update carts set updated_at = updated_at - make_interval(hours => ${hours}),
    abandoned_mail_at = abandoned_mail_at - make_interval(hours => ${hours}) where user_id = ${userId}`);
}

const changedAt = async (userId: string) =>
  (await db().select({ at: carts.updatedAt }).from(carts).where(eq(carts.userId, userId)))[0].at;

describe('which carts get the abandoned-cart mail', () => {
  it('a cart left alone for the set hours gets one mail: today’s prices, the cart’s link', async () => {
    const { user, product } = await customerWithCart();
    const soldOut = await createProduct({ name: 'Adire Wrap', price: 20_000_00, stock: { 'M/Black': 0 } });
    await putInCart(user.id, [{ productId: product.id, quantity: 2 }, { productId: soldOut.id }]);
    await db().update(products).set({ price: 12_000_00 }).where(eq(products.id, product.id));

    await sendAbandonedCartMails({ now: later(23) });
    expect(await mailsTo(user.email)).toEqual([]);
    await sendAbandonedCartMails({ now: later(25) });
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Your cart at Maison Placeholder is waiting');
    expect(mail.text).toContain(`${product.name}\nSize M · Colour Black · Qty 2\n₦24,000 (₦12,000 each)`);
    expect(mail.text).toContain('Adire Wrap\nSize M · Colour Black · Qty 1\nSold out');
    expect(mail.text).not.toContain('₦15,000');
    // Each line's picture: a small stored variant, an absolute link through PUBLIC_URL.
    expect(mail.html).toContain(`src="http://localhost:3000/media/products/test_${product.id}_0-320.webp"`);
    expect(mail.text).toContain('Back to your cart http://localhost:3000/cart');
    expect(mail.html).toContain('href="http://localhost:3000/cart"');
    expect(mail.text).toMatch(/Unsubscribe http:\/\/localhost:3000\/unsubscribe\?t=[\w-]+\.[\w-]+/);
    expect(mail.html).toMatch(/href="http:\/\/localhost:3000\/unsubscribe\?t=[\w-]+\.[\w-]+"/);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/unsubscribe\?t=[\w-]+\.[\w-]+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // Never more than one per cart change: later runs send nothing more.
    await sendAbandonedCartMails({ now: later(48) });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('a changed cart starts again: one more mail once it has been left alone again', async () => {
    const { user, product } = await customerWithCart();
    await age(user.id, 25);
    await sendAbandonedCartMails();
    expect(await mailsTo(user.email)).toHaveLength(1);

    const customer = await shopper(get('/cart', user.cookie));
    await applyCartAction(customer, {
      intent: 'update',
      productId: product.id,
      size: 'M',
      color: 'Black',
      quantity: 3,
    });
    await sendAbandonedCartMails({ now: later(23) });
    expect(await mailsTo(user.email)).toHaveLength(1);
    await sendAbandonedCartMails({ now: later(25) });
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('Qty 3\n₦45,000 (₦15,000 each)');
  });

  it('every change of the cart moves its changed time: lines, the code, the sign-in merge, a payment', async () => {
    const { user, product } = await customerWithCart();
    const other = await createProduct({ stock: { 'S/White': 4 } });
    const promo = await createPromo();
    const customer = await shopper(get('/cart', user.cookie));
    const key = { productId: product.id, size: 'M', color: 'Black' };
    const changes: [string, () => Promise<unknown>][] = [
      ['add', () => applyCartAction(customer, { intent: 'add', ...key, quantity: 1 })],
      ['update', () => applyCartAction(customer, { intent: 'update', ...key, quantity: 1 })],
      ['promo', () => applyCartAction(customer, { intent: 'promo', promoCode: promo.code })],
      ['remove-promo', () => applyCartAction(customer, { intent: 'remove-promo' })],
      ['remove', () => applyCartAction(customer, { intent: 'remove', ...key })],
      ['add again', () => putInCart(user.id, [{ ...key, quantity: 2 }])],
      ['paid', () => db().transaction((tx) => removeBoughtLines(tx, user.id, [{ ...key, quantity: 1 }]))],
      [
        'merge',
        async () => {
          const visitor = await applyCartAction(await shopper(get('/cart')), {
            intent: 'add',
            productId: other.id,
            size: 'S',
            color: 'White',
            quantity: 1,
          });
          const id = visitor.setCookie
            ? (await shopper(get('/cart', visitor.setCookie.split(';')[0]))).visitorCartId
            : null;
          await mergeVisitorCart(id, user.id, null);
        },
      ],
      ['clear', () => applyCartAction(customer, { intent: 'clear' })],
    ];
    for (const [what, change] of changes) {
      await age(user.id, 30);
      const before = await changedAt(user.id);
      await change();
      expect((await changedAt(user.id)).getTime(), what).toBeGreaterThan(before.getTime() + 29 * HOUR);
    }
  });

  it('an order placed after the cart’s last change skips it, unless its payment failed or went', async () => {
    const { user } = await customerWithCart();
    await age(user.id, 25);
    const order = await createOrder({ userId: user.id, paymentStatus: 'pending' });
    await sendAbandonedCartMails();
    expect(await mailsTo(user.email)).toEqual([]);
    for (const status of ['awaiting', 'paid'] as const) {
      await db().execute(sql`update orders set payment_status = ${status} where id = ${order.id}`);
      await sendAbandonedCartMails();
      expect(await mailsTo(user.email), status).toEqual([]);
    }
    await db().execute(sql`update orders set payment_status = 'abandoned' where id = ${order.id}`);
    await sendAbandonedCartMails();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('an order placed before the cart’s last change does not: the cart changed since', async () => {
    const { user } = await customerWithCart();
    await createOrder({ userId: user.id, paymentStatus: 'paid', createdAt: new Date(Date.now() - 2 * HOUR) });
    await sendAbandonedCartMails({ now: later(25) });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('an address that unsubscribed gets nothing, whatever its case', async () => {
    const { user } = await customerWithCart();
    await optOut(user.email.toUpperCase());
    await sendAbandonedCartMails({ now: later(25) });
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('an address its owner never confirmed gets nothing', async () => {
    const user = await createUser();
    const product = await createProduct({ price: 15_000_00, stock: { 'M/Black': 5 } });
    await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
    await sendAbandonedCartMails({ now: later(25) });
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('follows the settings: off sends nothing; the hours are the store’s', async () => {
    const { user } = await customerWithCart();
    await db().update(storeSettings).set({ abandonedCartEnabled: false });
    await sendAbandonedCartMails({ now: later(100) });
    expect(await mailsTo(user.email)).toEqual([]);
    await db().update(storeSettings).set({ abandonedCartEnabled: true, abandonedCartHours: 48 });
    await sendAbandonedCartMails({ now: later(47) });
    expect(await mailsTo(user.email)).toEqual([]);
    await sendAbandonedCartMails({ now: later(49) });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('neither a visitor’s cart, an empty cart nor one whose every line is sold out', async () => {
    const visitor = await applyCartAction(await shopper(get('/cart')), {
      intent: 'add',
      productId: (await createProduct({ stock: { 'M/Black': 2 } })).id,
      size: 'M',
      color: 'Black',
      quantity: 1,
    });
    expect(visitor.ok).toBe(true);
    const { user: emptied } = await customerWithCart();
    await applyCartAction(await shopper(get('/cart', emptied.cookie)), { intent: 'clear' });
    const { user: soldOut, product } = await customerWithCart();
    await db().update(products).set({ inStock: false }).where(eq(products.id, product.id));
    await sendAbandonedCartMails({ now: later(25) });
    const visitorCart = (await shopper(get('/cart', visitor.setCookie!.split(';')[0]))).visitorCartId!;
    const [marked] = await db().select({ at: carts.abandonedMailAt }).from(carts).where(eq(carts.id, visitorCart));
    expect(marked.at).toBeNull();
    expect(await mailsTo(soldOut.email)).toEqual([]);
    expect(await mailsTo(emptied.email)).toEqual([]);
    // The sold-out cart is marked all the same, so it does not come up again on every run until it changes.
    const [soldOutCart] = await db()
      .select({ at: carts.abandonedMailAt })
      .from(carts)
      .where(eq(carts.userId, soldOut.id));
    expect(soldOutCart.at).not.toBeNull();
  });

  it('runs at once (two processes) mail each cart once', async () => {
    const customers = [];
    for (let i = 0; i < 12; i++) customers.push((await customerWithCart()).user);
    const runs = await Promise.all([1, 2, 3].map(() => sendAbandonedCartMails({ now: later(25) })));
    for (const user of customers) expect(await mailsTo(user.email), user.email).toHaveLength(1);
    expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(customers.length);
  });

  it('hostile names stay text in both parts', async () => {
    const { user, product } = await customerWithCart(HOSTILE);
    await db().update(products).set({ name: '<script>alert("x")</script>' }).where(eq(products.id, product.id));
    await sendAbandonedCartMails({ now: later(25) });
    const [mail] = await mailsTo(user.email);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain(`Hello ${HOSTILE_ESCAPED},`);
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
    expect(mail.text).toContain('<script>alert("x")</script>');
  });
});

describe('the mail as sent', () => {
  const image = { key: 'products/kaftan', width: 800, height: 1000, widths: [320, 640] };
  const line = { name: 'Kaftan', size: 'M', color: 'Black', quantity: 1, price: 15_000_00, available: 3, image };

  it('is framed: the pieces, a button back to the cart, why it came; a preview line for the inbox', async () => {
    const short = { ...line, name: `Wrap ${HOSTILE}`, quantity: 3, available: 1, image: null };
    const mail = await abandonedCartMail({ email: 'ada@example.com', firstName: 'Ada' }, [line, short], testMailStore);
    expectFramedMail(mail, testMailStore, ['Hello Ada,', 'Kaftan', `Wrap ${HOSTILE}`, 'Only 1 left at ₦15,000']);
    expect(mail.subject).toBe('Your cart at Maison Test is waiting');
    expect(mail.html).toContain('Kaftan and 1 more piece is still in your cart.');
    expect(mail.html).toContain('src="https://shop.example/media/products/kaftan-320.webp"');
    expect(mail.text).toContain('Back to your cart https://shop.example/cart');
    expect(mail.text).toContain('You get this email because you left items in your cart while signed in.');
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post; a transactional mail carries neither', async () => {
    const mail = await abandonedCartMail({ email: 'ada@example.com', firstName: 'Ada' }, [line], testMailStore);
    const { file } = await sendMail(mail);
    const raw = fs.readFileSync(file!, 'utf8').replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?t=[\w-]+\.[\w-]+>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    const plain = await sendMail({ to: 'ada@example.com', subject: 'Order confirmed', text: 'Thank you.' });
    expect(fs.readFileSync(plain.file!, 'utf8')).not.toMatch(/List-Unsubscribe/i);
    expect(path.dirname(plain.file!)).toBe(outboxDir());
  });
});

describe('the abandoned-cart job', () => {
  it('is scheduled once for all processes, and a run mails what is due', async () => {
    const boss = await startJobs({ ...TEST_QUEUE_OPTIONS, sweep: true });
    const schedules = (await boss.getSchedules()).map((s) => [s.name, s.cron]);
    expect(schedules).toContainEqual([QUEUES.abandonedCarts.name, ABANDONED_CARTS_CRON]);
    const { user } = await customerWithCart();
    await age(user.id, 25);
    await sendJob(QUEUES.abandonedCarts.name, {});
    await eventually(
      async () => (await changedAt(user.id)) && (await mailsTo(user.email)).length > 0,
      15_000,
      'a mail',
    );
  });
});
