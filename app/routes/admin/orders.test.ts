/**
 * /admin/orders, /admin/orders/{id} and /admin/orders/export against real PostgreSQL: the list's filters and
 * search, the status change (with a fetcher and without JavaScript; invalid value, unknown order, unknown
 * intent, another site) with its audit row, the order page's payment history, and the CSV.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders, paymentEvents, payments } from '~/db/schema';
import type { AdminOrderDetail, AdminOrderPage } from '~/lib/admin/admin-types';
import { db } from '~/server/db.server';
import { createOrder, createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

const orderRoute = await routeModule<typeof import('~/routes/admin/order')>('routes/admin/order.tsx');
const ordersRoute = await routeModule<typeof import('~/routes/admin/orders')>('routes/admin/orders.tsx');
const exportRoute = await routeModule<typeof import('~/routes/admin/orders-export')>('routes/admin/orders-export.ts');

let admin: Awaited<ReturnType<typeof createUser>>;
let ada: Awaited<ReturnType<typeof createUser>>;
let bola: Awaited<ReturnType<typeof createUser>>;
let paid: Awaited<ReturnType<typeof createOrder>>;
let failed: Awaited<ReturnType<typeof createOrder>>;
let shipped: Awaited<ReturnType<typeof createOrder>>;

beforeAll(async () => {
  admin = await createUser({ admin: true, firstName: 'Ops' });
  ada = await createUser({
    email: 'ada.obi@example.com',
    firstName: '=HYPERLINK("http://evil.example")',
    lastName: 'Obi, Jr',
  });
  bola = await createUser({ email: 'bola@example.com', firstName: 'Bola', lastName: 'Ade' });
  const product = await createProduct({ name: 'Signature Hoodie', price: 45_000_00 });
  paid = await createOrder({
    userId: ada.id,
    paymentStatus: 'paid',
    createdAt: new Date('2026-11-01T10:00:00Z'),
    paymentReference: 'pj_1000_alpha',
    items: [{ product, quantity: 2 }],
  });
  failed = await createOrder({
    userId: ada.id,
    paymentStatus: 'failed',
    createdAt: new Date('2026-11-02T10:00:00Z'),
    paymentReference: 'pj_2000_beta',
  });
  shipped = await createOrder({
    userId: bola.id,
    status: 'shipped',
    paymentStatus: 'paid',
    createdAt: new Date('2026-11-03T10:00:00Z'),
    paymentReference: 'pj_3000_gamma',
  });
});

async function list(query = '') {
  const answer = await outcome(() => ordersRoute.loader(args(get(`/admin/orders${query}`, admin.cookie))));
  expect(answer.status).toBe(200);
  expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
  return (answer.data as { page: AdminOrderPage }).page;
}

const changeStatus = (fields: Record<string, string>, options: { origin?: string | null } = {}) =>
  outcome(() =>
    ordersRoute.action(
      args(post('/admin/orders', { intent: 'status', ...fields }, { cookie: admin.cookie, ...options })),
    ),
  );

const statusOf = async (id: string) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

describe('the orders list', () => {
  it('shows every order newest first, with the customer and item count', async () => {
    const page = await list();
    expect(page.orders.map((o) => o.id)).toEqual([shipped.id, failed.id, paid.id]);
    expect(page.total).toBe(3);
    expect(page.orders[2]).toMatchObject({
      customerEmail: 'ada.obi@example.com',
      itemCount: 2,
      total: 92_600_00,
      paymentStatus: 'paid',
      paymentReference: 'pj_1000_alpha',
    });
    expect(page.orders[0].customerName).toBe('Bola Ade');
  });

  it('filters by status and payment status and searches by reference, email or order number', async () => {
    expect((await list('?payment=paid')).orders.map((o) => o.id)).toEqual([shipped.id, paid.id]);
    expect((await list('?status=shipped')).orders.map((o) => o.id)).toEqual([shipped.id]);
    expect((await list('?status=pending&payment=failed')).orders.map((o) => o.id)).toEqual([failed.id]);
    expect((await list('?q=PJ_2000')).orders.map((o) => o.id)).toEqual([failed.id]);
    expect((await list('?q=bola@EXAMPLE')).orders.map((o) => o.id)).toEqual([shipped.id]);
    expect((await list(`?q=%23${paid.id.slice(-8).toUpperCase()}`)).orders.map((o) => o.id)).toEqual([paid.id]);
    expect((await list(`?q=${paid.id}`)).orders.map((o) => o.id)).toEqual([paid.id]);
    // LIKE wildcards typed into the box are text, not patterns.
    expect((await list('?q=%25')).orders).toEqual([]);
    expect((await list('?q=nobody@example.com')).total).toBe(0);
  });

  it('redirects the plain GET form, with its blank fields, to the canonical address', async () => {
    const answer = await outcome(() =>
      ordersRoute.loader(args(get('/admin/orders?q=pj_2000&status=&payment=failed', admin.cookie))),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/admin/orders?payment=failed&q=pj_2000');
  });

  it('pages through the results', async () => {
    const { listAdminOrders } = await import('~/server/orders/admin-orders.server');
    const first = await listAdminOrders({ status: null, payment: null, q: '', page: 1 }, 2);
    const second = await listAdminOrders({ status: null, payment: null, q: '', page: 2 }, 2);
    const beyond = await listAdminOrders({ status: null, payment: null, q: '', page: 9 }, 2);
    expect(first).toMatchObject({ total: 3, pageCount: 2 });
    expect([...first.orders, ...second.orders].map((o) => o.id)).toEqual([shipped.id, failed.id, paid.id]);
    expect(beyond).toMatchObject({ orders: [], total: 3, pageCount: 2 });
  });
});

describe('changing an order status', () => {
  it('with JavaScript: saves any of the five values at once, answers JSON and records before and after', async () => {
    const answer = await changeStatus({
      orderId: paid.id,
      status: 'delivered',
      mode: 'fetch',
      returnTo: '/admin/orders',
    });
    expect(answer).toMatchObject({
      status: 200,
      data: { result: { status: 'success', initialValue: { orderId: paid.id, status: 'delivered' } } },
    });
    expect(await statusOf(paid.id)).toBe('delivered');
    // No ordering restriction: straight back to pending.
    expect((await changeStatus({ orderId: paid.id, status: 'pending', mode: 'fetch' })).status).toBe(200);
    expect(await statusOf(paid.id)).toBe('pending');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, paid.id)))
      .orderBy(auditLog.id);
    expect(audit.map((row) => [row.action, row.before, row.after, row.actorEmail, row.actorUserId])).toEqual([
      ['order.status', { status: 'pending' }, { status: 'delivered' }, admin.email, admin.id],
      ['order.status', { status: 'delivered' }, { status: 'pending' }, admin.email, admin.id],
    ]);
  });

  it('without JavaScript: redirects back to the page it came from (post/redirect/get), naming the order', async () => {
    const answer = await changeStatus({
      orderId: failed.id,
      status: 'cancelled',
      returnTo: '/admin/orders?payment=failed&page=1',
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/orders?payment=failed&page=1&updated=${failed.id}`);
    expect(await statusOf(failed.id)).toBe('cancelled');
    // A return address elsewhere is ignored.
    const elsewhere = await changeStatus({ orderId: failed.id, status: 'pending', returnTo: 'https://evil.example/' });
    expect(elsewhere.location).toBe(`/admin/orders?updated=${failed.id}`);
    const updated = await outcome(() =>
      ordersRoute.loader(args(get(`/admin/orders?updated=${failed.id}`, admin.cookie))),
    );
    expect((updated.data as { updated: string }).updated).toBe(failed.id.slice(-8).toUpperCase());
  });

  // The message is the one of docs/requirements.md#14-messages.
  it('refuses an unknown value, a malformed id or an unknown order with the message and changes nothing', async () => {
    const before = await db().select().from(auditLog);
    const refusal = { result: { status: 'error', error: { '': ['Error updating order status. Please try again.'] } } };
    expect(await changeStatus({ orderId: shipped.id, status: 'refunded', mode: 'fetch' })).toMatchObject({
      status: 400,
      data: refusal,
    });
    expect(await changeStatus({ orderId: 'not-an-id', status: 'delivered', mode: 'fetch' })).toMatchObject({
      status: 400,
      data: refusal,
    });
    expect(await changeStatus({ orderId: 'zzzzzzzzzzzzzz', status: 'delivered', mode: 'fetch' })).toMatchObject({
      status: 404,
      data: refusal,
    });
    expect(await statusOf(shipped.id)).toBe('shipped');
    expect(await db().select().from(auditLog)).toHaveLength(before.length);
  });

  it('setting the status it already has writes no audit row', async () => {
    const before = (await db().select().from(auditLog)).length;
    const again = { orderId: shipped.id, status: 'shipped', carrier: 'GIG', mode: 'fetch' };
    expect((await changeStatus(again)).data).toMatchObject({
      result: { status: 'success' },
    });
    expect(await db().select().from(auditLog)).toHaveLength(before);
  });

  it('an unknown intent is a 400; a post from another site a 403; a customer is sent home', async () => {
    expect(
      (
        await outcome(() =>
          ordersRoute.action(
            args(post('/admin/orders', { intent: 'delete', orderId: shipped.id }, { cookie: admin.cookie })),
          ),
        )
      ).status,
    ).toBe(400);
    expect(
      (await changeStatus({ orderId: shipped.id, status: 'delivered' }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    const customer = await outcome(() =>
      ordersRoute.action(
        args(
          post('/admin/orders', { intent: 'status', orderId: shipped.id, status: 'delivered' }, { cookie: ada.cookie }),
        ),
      ),
    );
    expect(customer).toMatchObject({ status: 302, location: '/' });
    expect(await statusOf(shipped.id)).toBe('shipped');
  });
});

describe('the order page', () => {
  it('shows customer, address, item snapshots, payment row and payment history in order; flags a review', async () => {
    await db()
      .update(orders)
      .set({ reviewReason: 'Paystack reported ₦100 in USD for ₦92,600 in NGN.', stockState: 'reserved' })
      .where(eq(orders.id, paid.id));
    await db()
      .insert(paymentEvents)
      .values([
        { orderId: paid.id, kind: 'created', detail: { reference: 'pj_1000_alpha' } },
        { orderId: paid.id, kind: 'mismatch', detail: { reportedCurrency: 'USD' } },
      ]);
    await db()
      .insert(payments)
      .values({
        orderId: shipped.id,
        reference: 'pj_3000_gamma',
        amount: shipped.total,
        currency: 'NGN',
        channel: 'card',
        confirmedBy: 'webhook',
        paidAt: new Date('2026-11-03T10:05:00Z'),
        payload: {},
      });

    const answer = await outcome(() =>
      orderRoute.loader(args(get(`/admin/orders/${paid.id}`, admin.cookie), { orderId: paid.id })),
    );
    expect(answer.status).toBe(200);
    const order = (answer.data as { order: AdminOrderDetail }).order;
    expect(order).toMatchObject({
      id: paid.id,
      customer: { id: ada.id, email: 'ada.obi@example.com', name: '=HYPERLINK("http://evil.example") Obi, Jr' },
      shippingAddress: { city: 'Lekki', state: 'Lagos' },
      reviewReason: 'Paystack reported ₦100 in USD for ₦92,600 in NGN.',
      stockState: 'reserved',
      payment: null,
      subtotal: 90_000_00,
      discount: 0,
      promoCode: null,
      total: 92_600_00,
    });
    expect(order.items).toEqual([
      expect.objectContaining({
        name: 'Signature Hoodie',
        unitPrice: 45_000_00,
        quantity: 2,
        size: 'M',
        color: 'Black',
      }),
    ]);
    expect(order.events.map((e) => e.kind)).toEqual(['created', 'mismatch']);

    const other = await outcome(() =>
      orderRoute.loader(args(get(`/admin/orders/${shipped.id}`, admin.cookie), { orderId: shipped.id })),
    );
    expect((other.data as { order: AdminOrderDetail }).order.payment).toEqual({
      amount: shipped.total,
      currency: 'NGN',
      channel: 'card',
      confirmedBy: 'webhook',
      paidAt: '2026-11-03T10:05:00.000Z',
      reference: 'pj_3000_gamma',
      provider: 'paystack',
    });
  });

  it('an unknown or malformed id is a 404', async () => {
    for (const id of ['zzzzzzzzzzzzzz', 'nope']) {
      expect(
        (await outcome(() => orderRoute.loader(args(get(`/admin/orders/${id}`, admin.cookie), { orderId: id }))))
          .status,
      ).toBe(404);
    }
  });
});

describe('the CSV export', () => {
  it('lists the filtered orders with naira amounts, escaped and neutralised cells', async () => {
    const answer = await outcome(() => exportRoute.loader(args(get('/admin/orders/export?q=ada.obi', admin.cookie))));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    const lines = String(answer.data)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order ID,Order number,Placed at,Customer name,Customer email,Phone,City,State,Delivery method,Delivery zone,' +
        'Items,SKUs,Subtotal (NGN),Delivery (NGN),Discount (NGN),Total (NGN),Promo code,Status,Payment status,' +
        'Payment method,Collected by,Payment reference,Paid at,Needs review',
    );
    expect(lines).toHaveLength(3);
    // Newest first: the failed order, then the paid (flagged) one.
    expect(lines[1].startsWith(`${failed.id},${failed.id.slice(-8).toUpperCase()},2026-11-02T10:00:00.000Z,`)).toBe(
      true,
    );
    expect(lines[2]).toContain(
      `"'=HYPERLINK(""http://evil.example"") Obi, Jr",ada.obi@example.com,'+234 803 123 4567,Lekki,Lagos,` +
        'delivery,Rest of Nigeria,2,no SKU x 2,90000.00,2600.00,0.00,92600.00,,pending,paid,paystack,,pj_1000_alpha,,',
    );
    expect(
      lines[2].endsWith(',Paystack reported ₦100 in USD for ₦92,600 in NGN.') ||
        lines[2].endsWith(',"Paystack reported ₦100 in USD for ₦92,600 in NGN."'),
    ).toBe(true);
  });

  it('each order’s delivery method and zone, and what its promo code took off', async () => {
    const chidi = await createUser({ email: 'chidi@example.com', firstName: 'Chidi', lastName: 'Eze' });
    const items = [{ name: 'Cap', unitPrice: 20_000_00 }];
    const zoned = await createOrder({ userId: chidi.id, items, createdAt: new Date('2026-11-05T10:00:00Z') });
    const picked = await createOrder({
      userId: chidi.id,
      items,
      shipping: 0,
      discount: 2_000_50,
      promoCode: '=WELCOME10',
      createdAt: new Date('2026-11-04T10:00:00Z'),
    });
    await db().update(orders).set({ deliveryZone: 'Lagos Mainland' }).where(eq(orders.id, zoned.id));
    await db()
      .update(orders)
      .set({ deliveryMethod: 'pickup', pickupAddress: 'Studio 4', deliveryDaysMin: 1, deliveryDaysMax: 1 })
      .where(eq(orders.id, picked.id));
    const answer = await outcome(() => exportRoute.loader(args(get('/admin/orders/export?q=chidi', admin.cookie))));
    const rows = String(answer.data).trimEnd().split('\r\n').slice(1);
    // From the State column to the Status column.
    const middle = (line: string) => line.split(',').slice(7, 18);
    expect(rows.map(middle)).toEqual([
      [
        'Lagos',
        'delivery',
        'Lagos Mainland',
        '1',
        'no SKU x 1',
        '20000.00',
        '2600.00',
        '0.00',
        '22600.00',
        '',
        'pending',
      ],
      ['Lagos', 'pickup', '', '1', 'no SKU x 1', '20000.00', '0.00', '2000.50', '17999.50', "'=WELCOME10", 'pending'],
    ]);
  });

  it('each line’s SKU and quantity, in the order’s order (decision 0034)', async () => {
    const femi = await createUser({ email: 'femi.sku@example.com' });
    const order = await createOrder({
      userId: femi.id,
      items: [
        { name: 'Court sneaker', size: '42', quantity: 2 },
        { name: 'Cap', size: 'One size' },
      ],
    });
    await db()
      .update(orderItems)
      .set({ sku: 'SNEAK-42-WHITE' })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.position, 0)));
    await db()
      .update(orderItems)
      .set({ sku: 'CAP-NAVY' })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.position, 1)));
    const answer = await outcome(() => exportRoute.loader(args(get('/admin/orders/export?q=femi.sku', admin.cookie))));
    const [row] = String(answer.data).trimEnd().split('\r\n').slice(1);
    expect(row).toContain(',3,SNEAK-42-WHITE x 2; CAP-NAVY x 1,');
  });

  it('takes the same filters as the page', async () => {
    const answer = await outcome(() =>
      exportRoute.loader(args(get('/admin/orders/export?status=shipped&payment=paid', admin.cookie))),
    );
    const lines = String(answer.data).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith(shipped.id)).toBe(true);
  });
});
