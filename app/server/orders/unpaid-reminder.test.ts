/**
 * The reminder to pay an order left unpaid (decision 0025), against real PostgreSQL with a clock passed in: when the
 * shopper left is recorded (once, pending orders only), the reminder goes once after the store's delay, never for
 * orders awaiting a transfer, paid, released by a newer checkout, or when switched off; it offers to pay the same order
 * (on its page) while every line is held or still in stock, and says what sold out otherwise. Hostile names stay text.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders, productVariants, products, storeSettings } from '~/db/schema';
import { UNKNOWN_CHANNEL } from '~/lib/payments/payment-status';
import { db } from '~/server/db.server';
import { getOrderHistory } from '~/server/orders/orders.server';
import { invalidateSettings } from '~/server/store/settings.server';
import { pay, putInCart, withSimulator } from '../../../tests/checkout-helpers';
import { createOrder, createProduct, createUser, TEST_ADDRESS } from '../../../tests/factories';
import { args, get, outcome, routeModule } from '../../../tests/route-helpers';
import { checkOwnPayment } from '../checkout/checkout-page.server';
import { releaseOrder } from '../payments/payment-sweep.server';
import { sendUnpaidReminders } from './unpaid-reminder.server';

const simulator = withSimulator();
const callbackRoute = await routeModule<typeof import('~/routes/checkout-callback')>('routes/checkout-callback.tsx');
const statusRoute = await routeModule<typeof import('~/routes/checkout-payment-status')>(
  'routes/checkout-payment-status.ts',
);

const MINUTE = 60_000;
/** The store's default delay, and a payment timeout long enough that a fresh order is still resumable. */
const DELAY = 30;
const TIMEOUT = 60;

afterEach(async () => {
  await db().update(storeSettings).set({ unpaidReminderEnabled: true, unpaidReminderMinutes: DELAY });
  invalidateSettings();
});

type Queued = { subject: string; text: string; html: string; to: string };
/** The reminder mails queued about an order (its number is in every subject). */
async function remindersAbout(orderId: string): Promise<Queued[]> {
  const number = orderId.slice(-8).toUpperCase();
  return db().execute<Queued>(sql`
    select data->'mail'->>'subject' as subject, data->'mail'->>'text' as text, data->'mail'->>'html' as html,
      data->'mail'->>'to' as "to"
    from pgboss.job where name = 'mail' and data->'mail'->>'subject' like ${`%${number}%`}`);
}

const leftAt = async (orderId: string) =>
  (await db().select({ at: orders.paymentLeftAt }).from(orders).where(eq(orders.id, orderId)))[0].at;

/** A pending order holding its stock, placed and left by the shopper at `left`. */
async function leftOrder({
  left = new Date(),
  name,
  firstName = 'Ada',
  paymentStatus,
}: { left?: Date; name?: string; firstName?: string; paymentStatus?: 'pending' | 'awaiting' | 'paid' } = {}) {
  const user = await createUser();
  const product = await createProduct({ stock: { 'M/Black': 3 }, ...(name ? { name } : {}) });
  const order = await createOrder({
    userId: user.id,
    items: [{ product, quantity: 2 }],
    paymentStatus,
    createdAt: new Date(left.getTime() - MINUTE),
    shippingAddress: { ...TEST_ADDRESS, firstName },
  });
  await db().update(orders).set({ paymentLeftAt: left }).where(eq(orders.id, order.id));
  return { user, product, order };
}

const run = (now: Date) => sendUnpaidReminders({ now, timeoutMinutes: TIMEOUT });

describe('when the shopper left the payment', () => {
  it('is kept the first time the pop-up or the callback finds it unpaid, for a pending order only', async () => {
    const user = await createUser();
    const product = await createProduct({ stock: { 'M/Black': 3 } });
    await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
    const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string; reference: string } };
    expect(await leftAt(payment.orderId)).toBeNull();

    // Paystack says abandoned (the pop-up closed): the first time is kept, a second close leaves it.
    expect(await checkOwnPayment(payment.reference, user.id)).toEqual({ kind: 'not-paid', orderId: payment.orderId });
    const first = await leftAt(payment.orderId);
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await checkOwnPayment(payment.reference, user.id);
    expect(await leftAt(payment.orderId)).toEqual(first);

    // Someone else's reference changes nothing.
    const other = await createUser();
    expect(await checkOwnPayment(payment.reference, other.id)).toEqual({ kind: 'unknown' });
  });

  it('is kept by the routes the pop-up and Paystack’s page come back to', async () => {
    for (const ask of [
      (reference: string, cookie: string) =>
        callbackRoute.loader(args(get(`/checkout/callback?trxref=${reference}&reference=${reference}`, cookie))),
      (reference: string, cookie: string) =>
        statusRoute.loader(args(get(`/checkout/payment-status?reference=${reference}`, cookie))),
    ]) {
      const user = await createUser();
      const product = await createProduct({ stock: { 'M/Black': 3 } });
      await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
      const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string; reference: string } };
      const answer = await outcome(() => ask(payment.reference, user.cookie));
      expect(answer.status).toBeLessThan(400);
      expect(await leftAt(payment.orderId)).toBeInstanceOf(Date);
    }
  });

  it('is not kept for a transfer on its way', async () => {
    const user = await createUser();
    const product = await createProduct({ stock: { 'M/Black': 3 } });
    await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
    const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string; reference: string } };
    simulator.current.startPending(payment.reference);
    expect(await checkOwnPayment(payment.reference, user.id)).toMatchObject({ kind: 'awaiting' });
    expect(await leftAt(payment.orderId)).toBeNull();
  });
});

describe('the reminder', () => {
  it('goes once, not before the delay, with the lines, the total and a link back to pay the same order', async () => {
    const left = new Date();
    const { order, product } = await leftOrder({ left });
    await run(new Date(left.getTime() + (DELAY - 1) * MINUTE));
    expect(await remindersAbout(order.id)).toHaveLength(0);

    await run(new Date(left.getTime() + DELAY * MINUTE));
    await run(new Date(left.getTime() + (DELAY + 5) * MINUTE));
    const mails = await remindersAbout(order.id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const number = order.id.slice(-8).toUpperCase();
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe(`Your order ${number} is waiting for payment`);
    expect(mail.text).toContain(`${product.name}\nSize M · Colour Black · Qty 2\n₦30,000 (₦15,000 each)`);
    expect(mail.text).toContain('Total: ₦32,600');
    expect(mail.text).toContain('We are still holding these items for you');
    expect(mail.text).toMatch(new RegExp(`Complete your payment http://[^/]+/orders/${order.id}\n`));
    expect(mail.html).toMatch(new RegExp(`/orders/${order.id}"[^>]*>.*Complete your payment`, 's'));
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row.reminderSentAt).toEqual(new Date(left.getTime() + DELAY * MINUTE));
    // Nothing else about the order changed: no second order, the stock still held.
    expect(row).toMatchObject({ paymentStatus: 'pending', stockState: 'reserved' });
    expect(await db().select().from(orders).where(eq(orders.userId, order.userId))).toHaveLength(1);
    // Kept with the order's mails: the customer can read it again on the order page.
    const history = await getOrderHistory(order.id);
    expect(history?.mails.map((kept) => kept.subject)).toContain(mail.subject);
  });

  it('follows the delay the admin set', async () => {
    await db().update(storeSettings).set({ unpaidReminderMinutes: 10 });
    invalidateSettings();
    const left = new Date();
    const { order } = await leftOrder({ left });
    await run(new Date(left.getTime() + 9 * MINUTE));
    expect(await remindersAbout(order.id)).toHaveLength(0);
    await run(new Date(left.getTime() + 10 * MINUTE));
    expect(await remindersAbout(order.id)).toHaveLength(1);
  });

  it('is not sent while switched off, nor a day later when switched on again', async () => {
    await db().update(storeSettings).set({ unpaidReminderEnabled: false });
    invalidateSettings();
    const left = new Date();
    const { order } = await leftOrder({ left });
    expect(await run(new Date(left.getTime() + (DELAY + 1) * MINUTE))).toEqual({ sent: 0 });
    expect(await remindersAbout(order.id)).toHaveLength(0);
    // A day and more later, switched on again: too late to remind.
    await db().update(storeSettings).set({ unpaidReminderEnabled: true });
    invalidateSettings();
    await run(new Date(left.getTime() + (DELAY + 24 * 60 + 1) * MINUTE));
    expect(await remindersAbout(order.id)).toHaveLength(0);
  });

  it('skips orders never left, awaiting a transfer or perhaps one, paid, cancelled, or followed by a newer one', async () => {
    const left = new Date();
    const due = new Date(left.getTime() + (DELAY + 1) * MINUTE);
    const awaiting = await leftOrder({ left, paymentStatus: 'awaiting' });
    const paid = await leftOrder({ left, paymentStatus: 'paid' });
    const cancelled = await leftOrder({ left });
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.order.id));
    // Once pending, then a transfer started (awaiting since), then released past the transfer window.
    const wasAwaiting = await leftOrder({ left });
    await db()
      .update(orders)
      .set({ paymentStatus: 'abandoned', stockState: 'released', awaitingSince: left })
      .where(eq(orders.id, wasAwaiting.order.id));
    const newer = await leftOrder({ left });
    await createOrder({ userId: newer.user.id, createdAt: new Date(left.getTime() + MINUTE) });
    const never = await leftOrder({ left });
    await db().update(orders).set({ paymentLeftAt: null }).where(eq(orders.id, never.order.id));
    // Paystack said `ongoing` with no channel (perhaps a transfer), asked again or already released by the sweep.
    const noChannel = await leftOrder({ left });
    await db().update(orders).set({ awaitingChannel: UNKNOWN_CHANNEL }).where(eq(orders.id, noChannel.order.id));
    const noChannelReleased = await leftOrder({ left });
    await db()
      .update(orders)
      .set({ awaitingChannel: UNKNOWN_CHANNEL, paymentStatus: 'abandoned', stockState: 'released' })
      .where(eq(orders.id, noChannelReleased.order.id));
    // A card left at its OTP step is the shopper's to finish: reminded.
    const cardLeft = await leftOrder({ left });
    await db().update(orders).set({ awaitingChannel: 'card' }).where(eq(orders.id, cardLeft.order.id));

    await run(due);
    expect(await remindersAbout(cardLeft.order.id)).toHaveLength(1);
    for (const { order } of [awaiting, paid, cancelled, wasAwaiting, newer, never, noChannel, noChannelReleased])
      expect(await remindersAbout(order.id), order.id).toHaveLength(0);
  });

  it('goes once across two runs at the same time', async () => {
    const left = new Date();
    const { order } = await leftOrder({ left });
    const due = new Date(left.getTime() + DELAY * MINUTE);
    await Promise.all([run(due), run(due), run(due)]);
    expect(await remindersAbout(order.id)).toHaveLength(1);
  });
});

describe('when the sweep released the order first', () => {
  it('every line still in stock: offers to pay the same order again on its page', async () => {
    const left = new Date();
    const { order, product } = await leftOrder({ left });
    expect(await releaseOrder(order.id, 'abandoned', 'abandoned')).toBe(true);
    await run(new Date(left.getTime() + DELAY * MINUTE));
    const [mail] = await remindersAbout(order.id);
    const number = order.id.slice(-8).toUpperCase();
    expect(mail.subject).toBe(`Your order ${number} is waiting for payment`);
    expect(mail.text).toContain('These items are still available:');
    expect(mail.text).toContain(`${product.name}\nSize M · Colour Black · Qty 2\n₦30,000 (₦15,000 each)`);
    expect(mail.text).toContain('Total: ₦32,600');
    expect(mail.text).toMatch(new RegExp(`Complete your payment http://[^/]+/orders/${order.id}\n`));
    expect(mail.text).toContain('nothing is ordered or charged twice');
    expect(mail.html).toMatch(new RegExp(`/orders/${order.id}"[^>]*>.*Complete your payment`, 's'));
  });

  it('fewer left than the order has: no payment offered', async () => {
    const left = new Date();
    const { order, product } = await leftOrder({ left });
    await releaseOrder(order.id, 'abandoned', 'abandoned');
    await db().update(productVariants).set({ stock: 1 }).where(eq(productVariants.productId, product.id));
    await run(new Date(left.getTime() + DELAY * MINUTE));
    const [mail] = await remindersAbout(order.id);
    expect(mail.text).toContain('we are no longer holding its items for you and the order cannot be paid');
    expect(mail.text).not.toContain('Complete your payment');
  });

  it('still held past the payment timeout: waits for the sweep, then mails', async () => {
    const left = new Date();
    const { order } = await leftOrder({ left });
    const due = new Date(left.getTime() + DELAY * MINUTE);
    // The order was placed a minute before it was left: with a 30-minute timeout the checkout would not resume it.
    expect(await sendUnpaidReminders({ now: due, timeoutMinutes: DELAY })).toMatchObject({ sent: expect.any(Number) });
    expect(await remindersAbout(order.id)).toHaveLength(0);
    await releaseOrder(order.id, 'abandoned', 'abandoned');
    await sendUnpaidReminders({ now: new Date(due.getTime() + MINUTE), timeoutMinutes: DELAY });
    const mails = await remindersAbout(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('These items are still available');
  });
});

describe('when the order can no longer be paid', () => {
  it('a size sold out since the release: the mail says so and links to the product', async () => {
    const left = new Date();
    const { order, product } = await leftOrder({ left });
    await releaseOrder(order.id, 'abandoned', 'abandoned');
    await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, product.id));
    await run(new Date(left.getTime() + DELAY * MINUTE));
    const [mail] = await remindersAbout(order.id);
    expect(mail.subject).toBe(`Order ${order.id.slice(-8).toUpperCase()}: an item sold out`);
    expect(mail.text).toContain(`${product.name}\nSize M · Colour Black · Qty 2\nSold out\nSee the product http`);
    expect(mail.text).toContain(`/product/${product.id}`);
    expect(mail.text).not.toContain('Complete your payment');
    expect(mail.html).toMatch(new RegExp(`/product/${product.id}"[^>]*>See the product</a>`));
  });

  it('still held but a product taken off sale: no payment offered', async () => {
    const left = new Date();
    const { order, product } = await leftOrder({ left });
    await db().update(products).set({ inStock: false }).where(eq(products.id, product.id));
    await run(new Date(left.getTime() + DELAY * MINUTE));
    const [mail] = await remindersAbout(order.id);
    expect(mail.text).toContain('some of its items are no longer available, so the order cannot be paid');
    expect(mail.text).toContain('\nSold out\n');
    expect(mail.text).not.toContain('Complete your payment');
  });
});

describe('hostile text', () => {
  it('names typed by the shopper and the staff stay text in the HTML part', async () => {
    const left = new Date();
    const { order } = await leftOrder({
      left,
      name: '<img src=x onerror=alert(1)> Dress',
      firstName: '<script>alert("hi")</script>',
    });
    await run(new Date(left.getTime() + DELAY * MINUTE));
    const [mail] = await remindersAbout(order.id);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Dress');
    // The text part is plain text: kept as typed.
    expect(mail.text).toContain('Hello <script>alert("hi")</script>,');

    await releaseOrder(order.id, 'abandoned', 'abandoned');
    const again = await leftOrder({ left, name: '"><svg onload=alert(2)>' });
    await releaseOrder(again.order.id, 'abandoned', 'abandoned');
    await run(new Date(left.getTime() + DELAY * MINUTE));
    const [released] = await remindersAbout(again.order.id);
    expect(released.html).not.toContain('<svg');
    expect(released.html).toContain('&quot;&gt;&lt;svg onload=alert(2)&gt;');
  });
});
