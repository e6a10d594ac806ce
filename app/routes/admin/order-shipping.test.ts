/**
 * Decision 0024 against real PostgreSQL and the job queue: marking an order shipped (carrier required, tracking number,
 * an https tracking link only), the timeline on the customer's and the admin's order page in order with Lagos times,
 * the customer's mail on each status change sent once (a status set twice, or set back and forth, mails once: one
 * job, one mail in the outbox), the cancelled mail's words about the money, the confirmation kept as the paid mail,
 * and hostile text (names, carrier, tracking number) staying text in every mail and page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orders, payments, refunds } from '~/db/schema';
import { SHIPPING_MESSAGES } from '~/lib/orders/admin-orders';
import type { OrderHistory } from '~/lib/orders/order-timeline';
import { formatOrderDateTime } from '~/lib/orders/orders';
import { queueOrderMails } from '~/server/orders/order-mails.server';
import { db } from '~/server/db.server';
import { outboxDir } from '~/server/mail.server';
import { publicUrl } from '~/server/public-url.server';
import { createOrder, createUser, TEST_ADDRESS } from '../../../tests/factories';
import { drainJobs, withJobs } from '../../../tests/job-helpers';
import { renderPage } from '../../../tests/render-page';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import AdminOrderPage from './order';
import OrderPage from '../order';

// This file's mails go to a temporary outbox (env() reads DATA_DIR on first use, after this line).
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'order-shipping-test-'));
afterAll(() => fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true }));
withJobs();

const ordersRoute = await routeModule<typeof import('~/routes/admin/orders')>('routes/admin/orders.tsx');
const adminOrderRoute = await routeModule<typeof import('~/routes/admin/order')>('routes/admin/order.tsx');
const customerRoute = await routeModule<typeof import('~/routes/order')>('routes/order.tsx');

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(2)>';

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createUser({ admin: true });
  customer = await createUser();
  stranger = await createUser();
});

const setStatus = (orderId: string, status: string, fields: Record<string, string> = {}) =>
  outcome(() =>
    ordersRoute.action(
      args(
        post(
          '/admin/orders',
          { intent: 'status', orderId, status, mode: 'fetch', ...fields },
          { cookie: admin.cookie },
        ),
      ),
    ),
  );

type QueuedMail = { subject: string; to: string; text: string; html: string | null };

/** The mail jobs about an order (any state), oldest first: what was queued, sent or not. */
async function jobsAbout(orderId: string): Promise<QueuedMail[]> {
  const number = orderId.slice(-8).toUpperCase();
  return db().execute<QueuedMail>(sql`
    select data->'mail'->>'subject' as subject, data->'mail'->>'to' as "to", data->'mail'->>'text' as text,
      data->'mail'->>'html' as html
    from pgboss.job where name = 'mail' and data->'mail'->>'subject' like ${`%${number}%`}
    order by created_on`);
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The outbox's mails whose subject is `subject`. */
function outboxMails(subject: string): string[] {
  if (!fs.existsSync(outboxDir())) return [];
  return fs
    .readdirSync(outboxDir())
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')))
    .filter((mail) => mail.includes(`Subject: ${subject}`));
}

const customerPage = async (orderId: string, cookie = customer.cookie) =>
  renderPage({
    path: '/orders/:orderId',
    route: customerRoute,
    Page: OrderPage,
    request: get(`/orders/${orderId}`, cookie),
    params: { orderId },
  });

const adminPage = (orderId: string) =>
  renderPage({
    path: '/admin/orders/:orderId',
    route: adminOrderRoute,
    Page: AdminOrderPage,
    request: get(`/admin/orders/${orderId}`, admin.cookie),
    params: { orderId },
  });

async function historyOf(orderId: string): Promise<OrderHistory> {
  const answer = await outcome(() =>
    customerRoute.loader(args(get(`/orders/${orderId}`, customer.cookie), { orderId })),
  );
  expect(answer.status).toBe(200);
  return (answer.data as { history: OrderHistory }).history;
}

const paidOrder = () => createOrder({ userId: customer.id, status: 'processing', paymentStatus: 'paid' });

describe('marking an order shipped', () => {
  it('needs the carrier; the tracking link must be https (javascript: and http refused); writes nothing', async () => {
    const order = await paidOrder();
    const refusals = [
      [{}, SHIPPING_MESSAGES.carrier],
      [{ carrier: '   ' }, SHIPPING_MESSAGES.carrier],
      [{ carrier: 'GIG', trackingUrl: 'javascript:alert(1)' }, SHIPPING_MESSAGES.trackingUrl],
      [{ carrier: 'GIG', trackingUrl: 'http://track.example/1' }, SHIPPING_MESSAGES.trackingUrl],
      [{ carrier: 'GIG', trackingNumber: 'X'.repeat(61) }, SHIPPING_MESSAGES.trackingNumberLong],
    ] as const;
    for (const [fields, message] of refusals) {
      const answer = await setStatus(order.id, 'shipped', fields);
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ result: { status: 'error', error: { '': [message] } } });
    }
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('processing');
    expect(await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toEqual([]);
    expect(await jobsAbout(order.id)).toEqual([]);
  });

  it('without JavaScript, a refused Mark shipped comes back to the order page with what was typed', async () => {
    const order = await paidOrder();
    const typed = { carrier: 'GIG Logistics', trackingNumber: 'GIG-77', trackingUrl: 'http://track.example/GIG-77' };
    const returnTo = `/admin/orders/${order.id}`;
    const fields = { intent: 'status', orderId: order.id, status: 'shipped', returnTo, ...typed };
    const answer = await outcome(() =>
      ordersRoute.action(args(post('/admin/orders', fields, { cookie: admin.cookie }))),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(new RegExp(`^/admin/orders/${order.id}\\?ship=1&`));
    const page = await outcome(() =>
      adminOrderRoute.loader(args(get(answer.location!, admin.cookie), { orderId: order.id })),
    );
    const { shipping } = page.data as { shipping: { initialValue: Record<string, string>; error: object } };
    expect(shipping.initialValue).toMatchObject(typed);
    expect(shipping.error).toMatchObject({ trackingUrl: [SHIPPING_MESSAGES.trackingUrl] });
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('processing');
  });

  it('records the carrier and tracking with the status, its audit row and one mail, sent once', async () => {
    const order = await paidOrder();
    const number = order.id.slice(-8).toUpperCase();
    const shipment = {
      carrier: 'GIG Logistics',
      trackingNumber: 'GIG-123-456',
      trackingUrl: 'https://gig.example/t/1',
    };
    expect(await setStatus(order.id, 'shipped', shipment)).toMatchObject({
      status: 200,
      data: { result: { status: 'success' } },
    });
    // Set again (a double click, a second tab): unchanged, no second event, no second mail.
    expect((await setStatus(order.id, 'shipped', shipment)).status).toBe(200);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'shipped', ...shipment });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.status')));
    expect(audit.after).toEqual({ status: 'shipped', shipment });

    await drainJobs();
    const jobs = await jobsAbout(order.id);
    expect(jobs.map((job) => [job.subject, job.to])).toEqual([[`Order ${number} has shipped`, TEST_ADDRESS.email]]);
    expect(jobs[0].text).toContain(`Good news: order ${number} from`);
    expect(jobs[0].text).toContain('is on its way with GIG Logistics.\n\nTracking number: GIG-123-456');
    expect(jobs[0].text).toContain('Track your parcel https://gig.example/t/1');
    expect(jobs[0].text).toContain(`/orders/${order.id}`);
    expect(jobs[0].html).toMatch(/<a href="https:\/\/gig.example\/t\/1"[^>]*>.*Track your parcel/s);
    expect(outboxMails(`Order ${number} has shipped`)).toHaveLength(1);

    // Set back and shipped again with a corrected number: a new step on the timeline, still one mail.
    await setStatus(order.id, 'processing');
    await setStatus(order.id, 'shipped', { carrier: 'DHL', trackingNumber: 'DHL-9' });
    await drainJobs();
    expect((await jobsAbout(order.id)).filter((job) => job.subject.endsWith('has shipped'))).toHaveLength(1);
    expect(outboxMails(`Order ${number} has shipped`)).toHaveLength(1);
    const history = await historyOf(order.id);
    expect(history.timeline.map((entry) => entry.kind)).toEqual(['placed', 'shipped', 'processing', 'shipped']);
    expect(history.timeline.at(-1)).toMatchObject({ carrier: 'DHL', trackingNumber: 'DHL-9', trackingUrl: null });
  });
});

describe('the mails on each status change', () => {
  it('delivered and cancelled mail once each, however often set; processing and pending mail nothing', async () => {
    const order = await createOrder({ userId: customer.id, paymentStatus: 'pending' });
    const number = order.id.slice(-8).toUpperCase();
    for (const status of ['processing', 'delivered', 'pending', 'delivered', 'cancelled', 'pending', 'cancelled']) {
      expect((await setStatus(order.id, status)).status).toBe(200);
    }
    await drainJobs();
    const jobs = await jobsAbout(order.id);
    expect(jobs.map((job) => job.subject)).toEqual([`Order ${number} was delivered`, `Order ${number} cancelled`]);
    expect(outboxMails(`Order ${number} was delivered`)).toHaveLength(1);
    expect(outboxMails(`Order ${number} cancelled`)).toHaveLength(1);
    // The delivered mail invites a review (decision 0040), linking to the order page's review forms.
    expect(jobs[0].text).toContain('Review your pieces for other buyers.');
    expect(jobs[0].text).toContain(`Write a review ${publicUrl(`/orders/${order.id}`)}`);
    expect(jobs[0].html).toMatch(
      new RegExp(`<a href="${publicUrl(`/orders/${order.id}`)}"[^>]*>.*Write a review`, 's'),
    );
    // Unpaid: nothing was charged.
    expect(jobs[1].text).toContain(`Order ${number} has been cancelled.\n\nNo payment was taken for this order`);
    const history = await historyOf(order.id);
    expect(history.mails.map((mail) => mail.subject)).toEqual(jobs.map((job) => job.subject));
  });

  it('a paid order’s cancelled mail says its refund is being arranged, or made once refunds cover it', async () => {
    const arranging = await paidOrder();
    const refunded = await paidOrder();
    for (const order of [arranging, refunded]) {
      await db().insert(payments).values({
        orderId: order.id,
        reference: order.paymentReference!,
        amount: order.total,
        currency: 'NGN',
        channel: 'card',
        confirmedBy: 'webhook',
        paidAt: new Date(),
        payload: {},
      });
    }
    await db().insert(refunds).values({
      orderId: refunded.id,
      amount: refunded.total,
      reason: 'Out of stock',
      status: 'processed',
      requestKey: crypto.randomUUID(),
    });
    await setStatus(arranging.id, 'cancelled');
    await setStatus(refunded.id, 'cancelled');
    const [arrangingMail] = await jobsAbout(arranging.id);
    const [refundedMail] = await jobsAbout(refunded.id);
    expect(arrangingMail.text).toContain(
      'You paid ₦12,600: we are arranging its refund to the card or account you paid with.',
    );
    expect(refundedMail.text).toContain(
      'Your payment of ₦12,600 has been refunded to the card or account you paid with.',
    );
  });

  it('the confirmation is the paid mail: kept for the order page, and no second mail at payment', async () => {
    const order = await paidOrder();
    const number = order.id.slice(-8).toUpperCase();
    await db().transaction((tx) => queueOrderMails(tx, order.id, 'http://shop.test'));
    await db().transaction((tx) => queueOrderMails(tx, order.id, 'http://shop.test'));
    const toCustomer = (await jobsAbout(order.id)).filter((job) => job.to === TEST_ADDRESS.email);
    expect(toCustomer.map((job) => job.subject)).toEqual([`Order ${number} confirmed`]);
    const history = await historyOf(order.id);
    expect(history.mails).toEqual([
      expect.objectContaining({ kind: 'paid', subject: `Order ${number} confirmed`, text: toCustomer[0].text }),
    ]);
  });
});

describe('the timeline', () => {
  it('placed, awaiting, paid, then each status set, in order with their times in Lagos on both pages', async () => {
    const order = await createOrder({
      userId: customer.id,
      paymentStatus: 'paid',
      createdAt: new Date('2026-11-20T09:00:00Z'),
    });
    await db()
      .update(orders)
      .set({ awaitingSince: new Date('2026-11-20T09:05:00Z'), paidAt: new Date('2026-11-20T10:30:00Z') })
      .where(eq(orders.id, order.id));
    await db()
      .insert(orderEvents)
      .values([
        { orderId: order.id, kind: 'processing', createdAt: new Date('2026-11-21T08:00:00Z') },
        {
          orderId: order.id,
          kind: 'shipped',
          carrier: 'GIG',
          trackingNumber: 'T-1',
          trackingUrl: 'https://gig.example/T-1',
          createdAt: new Date('2026-11-22T15:45:00Z'),
        },
        { orderId: order.id, kind: 'delivered', createdAt: new Date('2026-11-24T12:00:00Z') },
      ]);
    const history = await historyOf(order.id);
    expect(history.timeline.map((entry) => [entry.kind, entry.at])).toEqual([
      ['placed', '2026-11-20T09:00:00.000Z'],
      ['awaiting', '2026-11-20T09:05:00.000Z'],
      ['paid', '2026-11-20T10:30:00.000Z'],
      ['processing', '2026-11-21T08:00:00.000Z'],
      ['shipped', '2026-11-22T15:45:00.000Z'],
      ['delivered', '2026-11-24T12:00:00.000Z'],
    ]);
    // Lagos is UTC+1: 15:45 UTC is 16:45 there.
    expect(formatOrderDateTime('2026-11-22T15:45:00.000Z')).toContain('16:45');
    for (const page of [await customerPage(order.id), await adminPage(order.id)]) {
      expect(page.status).toBe(200);
      const timeline = page.markup.slice(page.markup.indexOf('Order timeline'));
      const steps = [...timeline.matchAll(/<p class="font-medium">([^<]+)<\/p>/g)].map((m) => m[1]).slice(0, 6);
      expect(steps).toEqual([
        'Order placed',
        'Payment on its way (awaiting confirmation)',
        'Payment received',
        'Processing',
        'Shipped',
        'Delivered',
      ]);
      expect(timeline).toContain(`>${formatOrderDateTime('2026-11-22T15:45:00.000Z')}</time>`);
      expect(timeline).toContain('T-1');
      expect(timeline).toContain('href="https://gig.example/T-1"');
    }
  });

  it('an older order without events: placed and paid from its own times', async () => {
    const order = await createOrder({ userId: customer.id, paymentStatus: 'paid', status: 'shipped' });
    await db().update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id));
    expect((await historyOf(order.id)).timeline.map((entry) => entry.kind)).toEqual(['placed', 'paid']);
  });

  it('another customer gets the 403 and nothing of the timeline or the mails', async () => {
    const order = await paidOrder();
    await setStatus(order.id, 'shipped', { carrier: 'Secret Carrier', trackingNumber: 'SECRET-1' });
    const page = await customerPage(order.id, stranger.cookie);
    expect(page.status).toBe(403);
    expect(page.html).not.toContain('SECRET-1');
    expect(page.html).not.toContain('Secret Carrier');
  });
});

describe('hostile text', () => {
  it('markup in names, carrier and tracking number stays text in every mail and on both pages', async () => {
    const order = await createOrder({
      userId: customer.id,
      status: 'processing',
      paymentStatus: 'paid',
      shippingAddress: { ...TEST_ADDRESS, firstName: IMG, lastName: SCRIPT },
    });
    await setStatus(order.id, 'shipped', { carrier: SCRIPT, trackingNumber: IMG });
    await setStatus(order.id, 'delivered');
    await setStatus(order.id, 'cancelled');
    const jobs = await jobsAbout(order.id);
    expect(jobs).toHaveLength(3);
    for (const job of jobs) {
      expect(job.html).not.toContain('<script');
      expect(job.html).not.toContain('<img src=x');
      expect(job.html).toContain('Hello &lt;img src=x onerror=alert(2)&gt;,');
      // The plain-text part keeps what was typed, as text.
      expect(job.text).toContain(`Hello ${IMG},`);
    }
    expect(jobs[0].html).toContain('with &lt;script&gt;alert(1)&lt;/script&gt;.');
    expect(jobs[0].html).toContain('Tracking number: &lt;img src=x onerror=alert(2)&gt;');
    for (const page of [await customerPage(order.id), await adminPage(order.id)]) {
      expect(page.status).toBe(200);
      expect(page.markup).not.toContain(SCRIPT);
      expect(page.markup).not.toContain(IMG);
      expect(page.markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      // The mails are shown again as their text, never their HTML.
      expect(page.markup).toContain('Emails about this order');
      expect(page.markup).toContain('Hello &lt;img src=x onerror=alert(2)&gt;,');
      expect(page.markup).not.toContain('&#60;img');
    }
  });
});
