/**
 * /orders and /orders/{orderId} against real PostgreSQL: ownership, every message and status of
 * docs/requirements.md#14-messages.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type OrderDetail, type OrderSummary } from '~/lib/orders/orders';
import { db } from '~/server/db.server';
import { getOrderForUser, listOrdersForUser } from '~/server/orders/orders.server';
import { createOrder, createProduct, createUser, TEST_ADDRESS } from '../../tests/factories';
import { args, get, outcome, routeModule } from '../../tests/route-helpers';

const orderRoute = await routeModule<typeof import('~/routes/order')>('routes/order.tsx');
const ordersRoute = await routeModule<typeof import('~/routes/orders')>('routes/orders.tsx');

let owner: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
let older: Awaited<ReturnType<typeof createOrder>>;
let newer: Awaited<ReturnType<typeof createOrder>>;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  owner = await createUser();
  stranger = await createUser();
  product = await createProduct({ name: 'Signature Hoodie', price: 45_000_00 });
  older = await createOrder({
    userId: owner.id,
    createdAt: new Date('2026-11-22T13:05:00Z'),
    items: [{ product, size: 'L', color: 'Black', quantity: 2 }],
  });
  newer = await createOrder({
    userId: owner.id,
    createdAt: new Date('2026-12-01T09:30:00Z'),
    paymentStatus: 'failed',
    items: Array.from({ length: 6 }, (_, i) => ({
      name: `Piece ${i + 1}`,
      unitPrice: 1_000_00 * (i + 1),
      image: { key: `orders/p${i}`, width: 800, height: 1000, widths: [320] },
    })),
  });
  await createOrder({ userId: stranger.id });
});

describe('listOrdersForUser and /orders', () => {
  it('lists only the customer’s orders, newest first, with up to 4 thumbnails and the line count', async () => {
    const { orders, hasNext } = await listOrdersForUser(owner.id);
    expect(orders.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(hasNext).toBe(false);
    expect(orders[0]).toMatchObject({
      paymentStatus: 'failed',
      status: 'pending',
      lineCount: 6,
      total: 21_000_00 + 2_600_00,
      createdAt: '2026-12-01T09:30:00.000Z',
    });
    expect(orders[0].thumbnails.map((t) => t.name)).toEqual(['Piece 1', 'Piece 2', 'Piece 3', 'Piece 4']);
    expect(orders[0].thumbnails[0].image).toEqual({ key: 'orders/p0', width: 800, height: 1000, widths: [320] });
    expect(orders[1]).toMatchObject({
      lineCount: 1,
      total: 92_600_00,
      thumbnails: [{ name: 'Signature Hoodie', image: null }],
    });
  });

  it('pages: pageSize per page, hasNext, and an out-of-range page goes back to the first', async () => {
    expect(await listOrdersForUser(owner.id, { pageSize: 1 })).toMatchObject({
      page: 1,
      hasNext: true,
      orders: [{ id: newer.id }],
    });
    expect(await listOrdersForUser(owner.id, { page: 2, pageSize: 1 })).toMatchObject({
      page: 2,
      hasNext: false,
      orders: [{ id: older.id }],
    });
    expect(await outcome(() => ordersRoute.loader(args(get('/orders?page=9', owner.cookie))))).toMatchObject({
      status: 302,
      location: '/orders',
    });
    expect(await outcome(() => ordersRoute.loader(args(get('/orders?page=-1', owner.cookie))))).toMatchObject({
      status: 200,
      data: { page: 1 },
    });
  });

  it('visitors get 401 and the sign-in message; customers their list; a new customer the empty state', async () => {
    expect(await outcome(() => ordersRoute.loader(args(get('/orders'))))).toMatchObject({
      status: 401,
      data: { state: 'signed-out' },
    });
    const list = await outcome(() => ordersRoute.loader(args(get('/orders', owner.cookie))));
    expect(list.status).toBe(200);
    expect((list.data as { orders: OrderSummary[] }).orders).toHaveLength(2);
    expect(list.headers.get('Cache-Control')).toBe('private, no-store');
    const fresh = await createUser();
    expect(await outcome(() => ordersRoute.loader(args(get('/orders', fresh.cookie))))).toMatchObject({
      status: 200,
      data: { state: 'ok', orders: [] },
    });
  });

  it('a failed query answers 500 with the failure state, never an error page', async () => {
    await db().execute(sql`alter table orders rename to orders_away`);
    try {
      expect(await outcome(() => ordersRoute.loader(args(get('/orders', owner.cookie))))).toMatchObject({
        status: 500,
        data: { state: 'failed' },
      });
      expect(
        await outcome(() => orderRoute.loader(args(get(`/orders/${older.id}`, owner.cookie), { orderId: older.id }))),
      ).toMatchObject({ status: 500, data: ORDER_MESSAGES.detailFailed });
    } finally {
      await db().execute(sql`alter table orders_away rename to orders`);
    }
  });
});

describe('getOrderForUser and /orders/{orderId}', () => {
  it('shows the owner the whole order', async () => {
    const result = await outcome(() =>
      orderRoute.loader(args(get(`/orders/${older.id}`, owner.cookie), { orderId: older.id })),
    );
    expect(result.status).toBe(200);
    const { order } = result.data as { order: OrderDetail };
    expect(order).toMatchObject({
      id: older.id,
      status: 'pending',
      paymentStatus: 'pending',
      paymentReference: older.paymentReference,
      subtotal: 90_000_00,
      shipping: 2_600_00,
      discount: 0,
      promoCode: null,
      total: 92_600_00,
      shippingAddress: TEST_ADDRESS,
      createdAt: '2026-11-22T13:05:00.000Z',
      items: [
        {
          position: 0,
          productId: product.id,
          name: 'Signature Hoodie',
          unitPrice: 45_000_00,
          image: null,
          size: 'L',
          color: 'Black',
          quantity: 2,
        },
      ],
    });
  });

  it('refuses another customer’s order on the server: 403, and the query returns none of its data', async () => {
    expect(await getOrderForUser(older.id, stranger.id)).toEqual({ kind: 'forbidden' });
    expect(
      await outcome(() => orderRoute.loader(args(get(`/orders/${older.id}`, stranger.cookie), { orderId: older.id }))),
    ).toMatchObject({ status: 403, data: ORDER_MESSAGES.forbidden });
  });

  it('answers unknown and malformed ids 404, visitors 401, a missing id 400', async () => {
    const cases: [string, number, string, string | undefined][] = [
      ['zzzzzzzzzzzzzz', 404, ORDER_MESSAGES.notFound, owner.cookie],
      ["1' or '1'='1", 404, ORDER_MESSAGES.notFound, owner.cookie],
      [older.id, 401, ORDER_MESSAGES.signedOut, undefined],
      ['', 400, ORDER_MESSAGES.noOrderId, owner.cookie],
    ];
    for (const [orderId, status, message, cookie] of cases) {
      expect(
        await outcome(() =>
          orderRoute.loader(args(get(`/orders/${encodeURIComponent(orderId)}`, cookie), { orderId })),
        ),
        orderId,
      ).toMatchObject({ status, data: message });
    }
  });

  it('keeps the snapshot when the product is deleted', async () => {
    const doomed = await createProduct({ name: 'Limited Cap' });
    const order = await createOrder({ userId: owner.id, items: [{ product: doomed }] });
    await db().execute(sql`delete from products where id = ${doomed.id}`);
    const result = await getOrderForUser(order.id, owner.id);
    expect(result).toMatchObject({
      kind: 'found',
      order: { items: [{ productId: null, name: 'Limited Cap', unitPrice: doomed.price }] },
    });
  });
});
