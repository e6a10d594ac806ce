/**
 * The dashboard's figures against real PostgreSQL (docs/requirements.md#12-admin-area), and the /admin page's loader.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { disputes, orders, payments, refunds } from '~/db/schema';
import type { Dashboard } from '~/lib/admin/admin-types';
import { createCollection, createOrder, createProduct, createUser } from '../../../tests/factories';
import { args, get, outcome, routeModule } from '../../../tests/route-helpers';
import { db } from '../db.server';
import { getDashboard } from './dashboard.server';

const dashboardRoute = await routeModule<typeof import('~/routes/admin/index')>('routes/admin/index.tsx');

// 12:00 in Lagos on 30 November 2026.
const NOW = new Date('2026-11-30T11:00:00Z');
const daysAgo = (days: number, hourUtc = 10) => new Date(Date.UTC(2026, 10, 30 - days, hourUtc));

let admin: Awaited<ReturnType<typeof createUser>>;
let lowProduct: Awaited<ReturnType<typeof createProduct>>;
const made: Record<string, string> = {};

beforeAll(async () => {
  admin = await createUser({ admin: true });
  const customer = await createUser({ email: 'shopper@example.com' });
  await createCollection();
  await createCollection();
  for (let i = 0; i < 6; i++) await createProduct({ name: `Old ${i}`, createdAt: daysAgo(40 + i) });
  lowProduct = await createProduct({
    name: 'Newest Tee',
    createdAt: daysAgo(0),
    stock: { 'M/Black': 2, 'L/Black': 0, 'S/Black': 4, 'S/White': null },
  });
  /** The customer's order of one item at `unitPrice` (delivery ₦2,600 on top): its id. */
  const order = async (
    when: Pick<Parameters<typeof createOrder>[0], 'paymentStatus' | 'status' | 'createdAt'>,
    unitPrice: number,
  ) => (await createOrder({ userId: customer.id, ...when, items: [{ unitPrice, quantity: 1 }] })).id;
  // Paid: 10,000 + 2,600 on day -1 (twice), 20,000 + 2,600 today; paid 40 days ago counts in revenue but not
  // in the chart.
  made.paidA = await order({ paymentStatus: 'paid', status: 'processing', createdAt: daysAgo(1) }, 10_000_00);
  made.paidB = await order({ paymentStatus: 'paid', status: 'pending', createdAt: daysAgo(1, 12) }, 10_000_00);
  made.paidToday = await order({ paymentStatus: 'paid', status: 'shipped', createdAt: daysAgo(0, 9) }, 20_000_00);
  made.paidOld = await order({ paymentStatus: 'paid', status: 'delivered', createdAt: daysAgo(40) }, 50_000_00);
  // Not paid: never revenue, whatever their status.
  made.pendingPay = await order({ paymentStatus: 'pending', createdAt: daysAgo(2) }, 99_000_00);
  made.failed = await order({ paymentStatus: 'failed', status: 'cancelled', createdAt: daysAgo(3) }, 77_000_00);
  made.abandoned = await order({ paymentStatus: 'abandoned', createdAt: daysAgo(4) }, 55_000_00);
  // 23:30 UTC on the 27th is 00:30 on the 28th in Lagos: the money arrived (paid_at) on the 28th.
  made.lateNight = await order({ paymentStatus: 'paid', status: 'delivered', createdAt: daysAgo(5) }, 1_000_00);
  await db()
    .update(orders)
    .set({ paidAt: new Date('2026-11-27T23:30:00Z') })
    .where(eq(orders.id, made.lateNight));
});

describe('getDashboard', () => {
  let dashboard: Dashboard;
  beforeAll(async () => {
    dashboard = await getDashboard({ now: NOW });
  });

  it('counts products, collections and orders; pending = orders whose status is pending', () => {
    expect(dashboard.counts).toEqual({ products: 7, collections: 2, orders: 8, pendingOrders: 3, pendingReviews: 0 });
  });

  it('revenue is the sum of totals of paid orders only', () => {
    const paidTotals =
      (10_000_00 + 2_600_00) * 2 + (20_000_00 + 2_600_00) + (50_000_00 + 2_600_00) + (1_000_00 + 2_600_00);
    expect(dashboard.revenue).toBe(paidTotals);
  });

  it('lists the 5 newest products and orders', () => {
    expect(dashboard.recentProducts).toHaveLength(5);
    expect(dashboard.recentProducts.map((p) => p.name)).toEqual(['Newest Tee', 'Old 0', 'Old 1', 'Old 2', 'Old 3']);
    expect(dashboard.recentProducts[0].image).toMatchObject({
      key: expect.stringMatching(/^products\/test_/),
      width: 1200,
      height: 1500,
    });
    expect(dashboard.recentOrders.map((o) => o.id)).toEqual([
      made.paidToday,
      made.paidB,
      made.paidA,
      made.pendingPay,
      made.failed,
    ]);
    expect(dashboard.recentOrders[0]).toMatchObject({
      customerEmail: 'shopper@example.com',
      total: 22_600_00,
      status: 'shipped',
      paymentStatus: 'paid',
    });
  });

  it('charts paid revenue per Lagos day over the last 30 days, empty days at zero', () => {
    const series = dashboard.revenueByDay;
    expect(series).toHaveLength(30);
    expect(series[0].day).toBe('2026-11-01');
    expect(series[29]).toEqual({ day: '2026-11-30', total: 22_600_00 });
    const byDay = Object.fromEntries(series.map((point) => [point.day, point.total]));
    expect(byDay['2026-11-29']).toBe(25_200_00);
    expect(byDay['2026-11-28']).toBe(3_600_00);
    expect(byDay['2026-11-27']).toBe(0);
    expect(byDay['2026-11-26']).toBe(0);
    expect(series.reduce((sum, point) => sum + point.total, 0)).toBe(25_200_00 + 22_600_00 + 3_600_00);
  });

  it('lists tracked variants at or under the threshold, fewest first; untracked ones never', () => {
    expect(dashboard.lowStock).toEqual({
      threshold: 3,
      total: 2,
      variants: [
        { productId: lowProduct.id, productName: 'Newest Tee', size: 'L', color: 'Black', stock: 0 },
        { productId: lowProduct.id, productName: 'Newest Tee', size: 'M', color: 'Black', stock: 2 },
      ],
    });
  });
});

describe('/admin', () => {
  it('renders for an admin without caching', async () => {
    const answer = await outcome(() => dashboardRoute.loader(args(get('/admin', admin.cookie))));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    expect((answer.data as { dashboard: Dashboard }).dashboard.counts.orders).toBe(8);
  });

  it('an empty store has zeros, empty lists and a flat chart', async () => {
    await db().delete(orders);
    const empty = await getDashboard({ now: NOW });
    expect(empty).toMatchObject({ revenue: 0, recentOrders: [], counts: { orders: 0, pendingOrders: 0 } });
    expect(empty.revenueByDay.every((point) => point.total === 0)).toBe(true);
  });
});

describe('net revenue for the chosen period (decision 0031)', () => {
  /** A paid order with Paystack's payment row: its amount, its fees (null: not recorded) and when it was paid. */
  async function paidWith(
    amount: number,
    fees: number | null,
    paidAt: Date,
    paymentStatus: 'paid' | 'refunded' | 'reversed' = 'paid',
  ) {
    const customer = await createUser();
    const order = await createOrder({
      userId: customer.id,
      paymentStatus,
      createdAt: paidAt,
      items: [],
      shipping: amount,
    });
    await db().update(orders).set({ paidAt }).where(eq(orders.id, order.id));
    await db().insert(payments).values({
      orderId: order.id,
      reference: order.paymentReference!,
      amount,
      currency: 'NGN',
      fees,
      confirmedBy: 'webhook',
      paidAt,
      payload: {},
    });
    return order.id;
  }

  it('gross less processed refunds, lost chargebacks and fees; each counted when it moved', async () => {
    const before = (await getDashboard({ now: NOW, period: '30d' })).net;
    const beforeAll = (await getDashboard({ now: NOW, period: 'all' })).net;

    await paidWith(40_000_00, 650_00, daysAgo(2));
    // Refunded in full: still gross (the money came in), the refund taken off; a refund not yet processed is not.
    const refunded = await paidWith(30_000_00, null, daysAgo(3), 'refunded');
    await db()
      .insert(refunds)
      .values([
        {
          orderId: refunded,
          amount: 30_000_00,
          reason: 'Returned',
          status: 'processed',
          requestKey: `k-${refunded}-1`,
        },
        { orderId: refunded, amount: 1_000_00, reason: 'Pending', status: 'pending', requestKey: `k-${refunded}-2` },
      ]);
    // A chargeback lost today on a payment of 20 days ago; one won takes nothing.
    const reversed = await paidWith(25_000_00, 400_00, daysAgo(20), 'reversed');
    await db()
      .insert(disputes)
      .values([
        {
          orderId: reversed,
          providerId: `lost-${reversed}`,
          status: 'resolved',
          lastEvent: 'charge.dispute.resolve',
          resolution: 'auto-accepted',
          reversedAmount: 25_000_00,
          resolvedAt: daysAgo(0),
        },
      ]);
    // Paid 40 days ago: outside the last 30 days, inside all time.
    await paidWith(99_000_00, 1_000_00, daysAgo(40));

    const net = (await getDashboard({ now: NOW, period: '30d' })).net;
    expect(net.period).toBe('30d');
    expect(net.from).toBe('2026-11-01');
    expect(net.gross - before.gross).toBe(40_000_00 + 30_000_00 + 25_000_00);
    expect(net.refunds - before.refunds).toBe(30_000_00);
    expect(net.chargebacks - before.chargebacks).toBe(25_000_00);
    expect(net.fees - before.fees).toBe(650_00 + 400_00);
    expect(net.feesMissing - before.feesMissing).toBe(1);
    expect(net.payments - before.payments).toBe(3);
    expect(net.net).toBe(net.gross - net.refunds - net.chargebacks - net.fees);
    expect(net.net - before.net).toBe(40_000_00 - 650_00 + 30_000_00 - 30_000_00 + 25_000_00 - 25_000_00 - 400_00);

    const all = (await getDashboard({ now: NOW, period: 'all' })).net;
    expect(all.from).toBeNull();
    expect(all.gross - beforeAll.gross).toBe(40_000_00 + 30_000_00 + 25_000_00 + 99_000_00);

    const week = (await getDashboard({ now: NOW, period: '7d' })).net;
    expect(week.from).toBe('2026-11-24');
  });

  it('/admin takes the period from the query, and any other value as the last 30 days', async () => {
    const read = async (query: string) =>
      (
        (await outcome(() => dashboardRoute.loader(args(get(`/admin${query}`, admin.cookie))))).data as {
          dashboard: Dashboard;
        }
      ).dashboard.net.period;
    expect(await read('?period=90d')).toBe('90d');
    expect(await read('?period=all')).toBe('all');
    expect(await read('?period=forever')).toBe('30d');
    expect(await read('')).toBe('30d');
  });
});
