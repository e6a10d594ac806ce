/**
 * The order card's one tap and its Undo (decision 0045, docs/requirements.md#12-admin-area) against real PostgreSQL:
 * the card's post names the status it replaced in the list's address, the list offers to put it back (with the
 * order's carrier when that is Shipped), Undo posts it back; a plain status change offers none.
 */
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderMails, orders } from '~/db/schema';
import type { OrderUndo } from '~/lib/orders/admin-order-card';
import { SHIPPING_MESSAGES } from '~/lib/orders/admin-orders';
import { db } from '~/server/db.server';
import { createOrder, createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

const ordersRoute = await routeModule<typeof import('~/routes/admin/orders')>('routes/admin/orders.tsx');

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createUser({ admin: true, firstName: 'Ops' });
  customer = await createUser({ email: 'card.customer@example.com', firstName: 'Ngozi', lastName: 'Okeke' });
});

const changeStatus = (fields: Record<string, string>) =>
  outcome(() =>
    ordersRoute.action(args(post('/admin/orders', { intent: 'status', ...fields }, { cookie: admin.cookie }))),
  );

const statusOf = async (id: string) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

async function listAt(location: string) {
  const answer = await outcome(() => ordersRoute.loader(args(get(location, admin.cookie))));
  expect(answer.status).toBe(200);
  return answer.data as { undo: OrderUndo | null; carrier: string | null };
}

const undoAt = async (location: string) => (await listAt(location)).undo;

describe("an order card's one tap and its Undo", () => {
  it('names the status replaced, and Undo posts it back', async () => {
    const order = await createOrder({ userId: customer.id, paymentStatus: 'paid' });
    const tap = await changeStatus({
      orderId: order.id,
      status: 'processing',
      returnTo: '/admin/orders',
      undo: 'offer',
    });
    expect(tap.status).toBe(302);
    expect(tap.location).toBe(`/admin/orders?updated=${order.id}&was=pending`);
    expect(await statusOf(order.id)).toBe('processing');
    expect(await undoAt(tap.location!)).toEqual({
      orderId: order.id,
      now: 'processing',
      was: 'pending',
      shipment: null,
    });

    const undo = await changeStatus({ orderId: order.id, status: 'pending', returnTo: '/admin/orders', undo: 'offer' });
    expect(undo.location).toBe(`/admin/orders?updated=${order.id}&was=processing`);
    expect(await statusOf(order.id)).toBe('pending');
  });

  it("putting back Shipped posts the order's carrier and tracking again", async () => {
    const order = await createOrder({ userId: customer.id, paymentStatus: 'paid', status: 'processing' });
    const shipment = { carrier: 'GIG Logistics', trackingNumber: 'GIG-123', trackingUrl: 'https://gig.example/t/123' };
    await changeStatus({ orderId: order.id, status: 'shipped', ...shipment });
    const tap = await changeStatus({ orderId: order.id, status: 'delivered', undo: 'offer' });
    expect(tap.location).toBe(`/admin/orders?updated=${order.id}&was=shipped`);
    expect(await undoAt(tap.location!)).toMatchObject({ was: 'shipped', now: 'delivered', shipment });
    const undo = await changeStatus({ orderId: order.id, status: 'shipped', undo: 'offer', ...shipment });
    expect(undo.location).toBe(`/admin/orders?updated=${order.id}&was=delivered`);
    expect(await statusOf(order.id)).toBe('shipped');
  });

  it('a plain status change and a hand-made `was` offer no Undo', async () => {
    const order = await createOrder({ userId: customer.id, paymentStatus: 'paid' });
    const plain = await changeStatus({ orderId: order.id, status: 'processing', returnTo: '/admin/orders' });
    expect(plain.location).toBe(`/admin/orders?updated=${order.id}`);
    expect(await undoAt(plain.location!)).toBeNull();
    expect(await undoAt(`/admin/orders?updated=${order.id}&was=refunded`)).toBeNull();
    // Unchanged (a second tap on a stale card): nothing to undo.
    const again = await changeStatus({ orderId: order.id, status: 'processing', undo: 'offer' });
    expect(again.location).toBe(`/admin/orders?updated=${order.id}`);
  });

  it("ships a processing order from its card with the store's last carrier and no tracking yet; Undo", async () => {
    const earlier = await createOrder({ userId: customer.id, paymentStatus: 'paid', status: 'processing' });
    await changeStatus({ orderId: earlier.id, status: 'shipped', carrier: 'Kwik Delivery', trackingNumber: 'KW-1' });
    const order = await createOrder({ userId: customer.id, paymentStatus: 'paid', status: 'processing' });
    // The card fills in the carrier the store last shipped with, when the list shows a processing order.
    expect((await listAt(`/admin/orders?q=${order.id.slice(-8)}`)).carrier).toBe('Kwik Delivery');
    const tap = await changeStatus({
      orderId: order.id,
      status: 'shipped',
      carrier: 'Kwik Delivery',
      trackingNumber: '',
      returnTo: '/admin/orders',
      undo: 'offer',
    });
    expect(tap.location).toBe(`/admin/orders?updated=${order.id}&was=processing`);
    expect(await statusOf(order.id)).toBe('shipped');
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'shipped')))
      .orderBy(desc(orderEvents.id));
    expect(event).toMatchObject({ carrier: 'Kwik Delivery', trackingNumber: null, trackingUrl: null });
    // Its shipped mail names the carrier and no tracking number.
    const [mail] = await db().select().from(orderMails).where(eq(orderMails.orderId, order.id));
    expect(mail).toMatchObject({ kind: 'shipped' });
    expect(mail.text).toContain('Kwik Delivery');
    expect(mail.text).not.toContain('Tracking number');
    expect(await undoAt(tap.location!)).toEqual({
      orderId: order.id,
      now: 'shipped',
      was: 'processing',
      shipment: null,
    });
    const undo = await changeStatus({
      orderId: order.id,
      status: 'processing',
      returnTo: '/admin/orders',
      undo: 'offer',
    });
    expect(undo.location).toBe(`/admin/orders?updated=${order.id}&was=shipped`);
    expect(await statusOf(order.id)).toBe('processing');
  });

  it('refuses a card\'s "Mark shipped" without its carrier, on the list, and leaves the order processing', async () => {
    const order = await createOrder({ userId: customer.id, paymentStatus: 'paid', status: 'processing' });
    const tap = await changeStatus({
      orderId: order.id,
      status: 'shipped',
      carrier: '  ',
      returnTo: '/admin/orders',
      undo: 'offer',
    });
    expect(tap.status).toBe(400);
    expect(tap.data).toMatchObject({ result: { status: 'error', error: { '': [SHIPPING_MESSAGES.carrier] } } });
    expect(await statusOf(order.id)).toBe('processing');
    // No processing order on the list: no carrier read.
    expect((await listAt(`/admin/orders?status=delivered`)).carrier).toBeNull();
  });
});
