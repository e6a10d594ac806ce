/**
 * The demo customer's orders: what the dashboard, the admin orders list and /orders show in a demo store, two of them
 * with a demo promo code.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, paymentEvents, payments, products, promoCodes, promoRedemptions } from '~/db/schema';
import { getDashboard } from '~/server/admin/dashboard.server';
import { db } from '~/server/db.server';
import { listOrdersForUser } from '~/server/orders/orders.server';
import { createProduct, createUser } from '../../tests/factories';
import { DEMO_ORDER_PLAN, seedDemoOrders } from './demo-orders';
import { seedPromoCodesIfEmpty } from './promo-codes';

const NOW = new Date('2026-11-30T11:00:00Z');
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  customer = await createUser({ email: 'customer@demo.store', firstName: 'Demo', lastName: 'Customer' });
  for (let i = 0; i < 5; i++) await createProduct({ name: `Piece ${i}`, price: (10 + i) * 1_000_00 });
  await createProduct({ name: 'Hidden', inStock: false });
  await db().transaction((tx) => seedPromoCodesIfEmpty(tx, NOW));
});

describe('seedDemoOrders', () => {
  it('does nothing without a catalog product', async () => {
    const lonely = await createUser();
    await db().execute(sql`update products set in_stock = false`);
    expect(await seedDemoOrders(lonely.id, { now: NOW })).toBe(0);
    await db().execute(sql`update products set in_stock = true where name <> 'Hidden'`);
  });

  it('writes a dozen orders over the last 30 days with item snapshots of catalog products', async () => {
    expect(await seedDemoOrders(customer.id, { now: NOW })).toBe(12);
    const rows = await db().select().from(orders).where(eq(orders.userId, customer.id));
    expect(rows).toHaveLength(DEMO_ORDER_PLAN.length);
    for (const order of rows) {
      expect(NOW.getTime() - order.createdAt.getTime()).toBeLessThan(30 * 24 * 60 * 60 * 1000);
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(order.paymentReference).toMatch(/^pj_\d+_[0-9a-z]{8}$/);
      expect(order.shippingAddress).toMatchObject({
        firstName: 'Demo',
        lastName: 'Customer',
        email: 'customer@demo.store',
        country: 'Nigeria',
      });
      const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(items.length).toBeGreaterThanOrEqual(1);
      expect(order.subtotal).toBe(items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0));
      expect(order.total).toBe(order.subtotal + 2_600_00 - order.discount);
      for (const item of items) {
        const [product] = await db().select().from(products).where(eq(products.id, item.productId!));
        expect(item).toMatchObject({ name: product.name, unitPrice: product.price });
        expect(product.name).not.toBe('Hidden');
        expect(product.sizes).toContain(item.size);
        expect(product.colors).toContain(item.color);
        expect(item.image).toMatchObject({ key: expect.stringMatching(/^products\//), width: 1200, height: 1500 });
      }
    }
    const statuses = new Set(rows.map((o) => o.status));
    expect(statuses).toEqual(new Set(['pending', 'processing', 'shipped', 'delivered', 'cancelled']));
  });

  it('paid orders: payment row, committed stock, history; the others released stock, none awaits payment', async () => {
    const rows = await db().select().from(orders).where(eq(orders.userId, customer.id));
    const paid = rows.filter((o) => o.paymentStatus === 'paid');
    expect(paid.length).toBeGreaterThanOrEqual(9);
    expect(
      rows
        .filter((o) => o.paymentStatus !== 'paid')
        .map((o) => o.paymentStatus)
        .sort(),
    ).toEqual(['abandoned', 'failed']);
    // The payment sweep only looks at pending payments with reserved stock: it must never find a demo order.
    expect(rows.filter((o) => o.paymentStatus === 'pending' || o.stockState === 'reserved')).toEqual([]);
    for (const order of rows) {
      const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
      const events = await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, order.id))
        .orderBy(paymentEvents.id);
      if (order.paymentStatus === 'paid') {
        expect(order.stockState).toBe('committed');
        expect(order.paidAt).toBeInstanceOf(Date);
        expect(payment).toMatchObject({
          reference: order.paymentReference,
          amount: order.total,
          currency: 'NGN',
          paidAt: order.paidAt,
        });
        expect(events.map((e) => e.kind)).toEqual(['created', 'initialized', 'paid']);
      } else {
        expect(order.stockState).toBe('released');
        expect(payment).toBeUndefined();
        expect(events.map((e) => e.kind).at(-1)).toBe('released');
      }
    }
  });

  it('two paid orders used a demo code as it stood then: the discount, the code and a used redemption', async () => {
    const rows = await db().select().from(orders).where(eq(orders.userId, customer.id));
    const uses = await db().select().from(promoRedemptions).where(eq(promoRedemptions.userId, customer.id));
    const codes = await db().select().from(promoCodes);
    const withCode = rows.filter((o) => o.promoCode !== null);
    // LAUNCH20 (no minimum) ran from 45 to 10 days ago: the order of 19 days ago got 20% off.
    const launch = withCode.find((o) => o.promoCode === 'LAUNCH20');
    expect(launch).toBeDefined();
    expect(launch!.discount).toBe(Math.floor((launch!.subtotal * 20) / 100));
    expect(launch!.discount).toBeGreaterThan(0);
    // WELCOME10 needs ₦20,000 of items: whether this cart reached it, the order says so consistently.
    for (const order of rows.filter((o) => o.promoCode === 'WELCOME10'))
      expect(order.discount).toBe(Math.floor(order.subtotal / 10));
    expect(withCode.length).toBeLessThanOrEqual(2);
    expect(rows.filter((o) => o.promoCode === null).every((o) => o.discount === 0)).toBe(true);
    const byOrder = (a: { orderId: string }, b: { orderId: string }) => a.orderId.localeCompare(b.orderId);
    expect(uses.map((use) => ({ ...use, code: codes.find((c) => c.id === use.promoId)?.code })).sort(byOrder)).toEqual(
      withCode
        .map((o) => ({ orderId: o.id, code: o.promoCode, state: 'used', discount: o.discount }))
        .sort(byOrder)
        .map((expected) => expect.objectContaining(expected)),
    );
  });

  it('fills the dashboard chart and the customer’s /orders, and a second run adds nothing', async () => {
    const dashboard = await getDashboard({ now: NOW });
    expect(dashboard.counts.orders).toBe(12);
    expect(dashboard.revenueByDay.filter((point) => point.total > 0).length).toBeGreaterThanOrEqual(8);
    expect(dashboard.counts.pendingOrders).toBeGreaterThanOrEqual(2);
    expect((await listOrdersForUser(customer.id)).orders.length).toBe(12);
    expect(await seedDemoOrders(customer.id, { now: NOW })).toBe(0);
    expect(await db().select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(12);
  });

  it('refuses an unknown user', async () => {
    await expect(seedDemoOrders('nobody00000000', { now: NOW })).rejects.toThrow(/no user/);
  });
});
