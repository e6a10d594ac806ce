/**
 * The order card's one tap and its Undo (decision 0045, docs/requirements.md#12-admin-area) against real PostgreSQL:
 * the card's post names the status it replaced in the list's address, the list offers to put it back (with the
 * order's carrier when that is Shipped), Undo posts it back; a plain status change offers none.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~/db/schema';
import type { OrderUndo } from '~/lib/orders/admin-order-card';
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

async function undoAt(location: string) {
  const answer = await outcome(() => ordersRoute.loader(args(get(location, admin.cookie))));
  expect(answer.status).toBe(200);
  return (answer.data as { undo: OrderUndo | null }).undo;
}

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
});
