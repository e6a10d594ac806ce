/**
 * What happens to a paid order afterwards (decision 0016): a reversal by the bank is flagged and mailed to
 * support, chargebacks are recorded with their due date, and cancelling an order.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import { orderRow, stockOf } from '../../../tests/checkout-helpers';
import { updateOrderStatus } from '../orders/admin-orders.server';
import { confirmPayment } from './confirm-payment.server';
import { events, placed, queuedMails, signedWebhook, simulator, withPaystack } from './payment-states-test-helpers';

withPaystack();

describe('a paid order reversed by the bank', () => {
  it('is flagged for the admin with the reason, and support is mailed once', async () => {
    const { orderId, reference } = await placed();
    simulator.current.pay(reference);
    expect((await confirmPayment(reference, 'callback')).kind).toBe('paid');
    simulator.current.reverse(reference);
    expect((await confirmPayment(reference, 'sweep')).kind).toBe('reversed');
    const row = await orderRow(orderId);
    expect(row.payment_status).toBe('reversed');
    expect(row.review_reason).toContain('reversed');
    expect(await queuedMails(`Payment reversed on order ${orderId}`)).toBe(1);
    await confirmPayment(reference, 'sweep');
    expect(await queuedMails(`Payment reversed on order ${orderId}`)).toBe(1);
  });
});

describe('chargebacks', () => {
  it('flag the order with the due date and mail support at each step', async () => {
    const { orderId, reference } = await placed();
    simulator.current.pay(reference);
    await confirmPayment(reference, 'callback');
    const dueAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const dispute = (status: string, extra: Record<string, unknown> = {}) => ({
      id: 4242,
      status,
      category: 'fraud',
      due_at: dueAt,
      transaction: { reference, amount: 1 },
      ...extra,
    });
    expect((await signedWebhook('charge.dispute.create', dispute('awaiting-merchant-feedback'))).status).toBe(200);
    const row = await orderRow(orderId);
    expect(row.review_reason).toContain('Chargeback');
    expect(await queuedMails(`Chargeback opened on order ${orderId}`)).toBe(1);
    await signedWebhook('charge.dispute.remind', dispute('awaiting-merchant-feedback'));
    await signedWebhook('charge.dispute.resolve', dispute('resolved', { resolution: 'merchant-accepted' }));
    const [stored] = await db().execute<{ status: string; resolution: string; due_at: Date; last_event: string }>(
      sql`select status, resolution, due_at, last_event from disputes where order_id = ${orderId}`,
    );
    expect(stored).toMatchObject({
      status: 'resolved',
      resolution: 'merchant-accepted',
      last_event: 'charge.dispute.resolve',
    });
    expect(new Date(stored.due_at).toISOString()).toBe(dueAt);
    // Accepted: the chargeback is lost (decision 0031).
    expect(await queuedMails(`Chargeback lost on order ${orderId}`)).toBe(1);
    expect((await events(orderId)).filter((kind) => kind === 'dispute')).toHaveLength(3);
  });
});

describe('cancelling an order', () => {
  const admin = { id: 'admin', email: 'admin@example.com' };

  it('returns a paid order’s units to stock exactly once, and reopening takes them again', async () => {
    const { product, orderId, reference } = await placed();
    simulator.current.pay(reference);
    await confirmPayment(reference, 'callback');
    expect(await stockOf(product.id)).toBe(1);
    expect((await updateOrderStatus(admin, orderId, 'cancelled')).kind).toBe('updated');
    expect(await stockOf(product.id)).toBe(3);
    await Promise.all([updateOrderStatus(admin, orderId, 'cancelled'), updateOrderStatus(admin, orderId, 'cancelled')]);
    expect(await stockOf(product.id)).toBe(3);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'released' });
    expect((await updateOrderStatus(admin, orderId, 'processing')).kind).toBe('updated');
    expect(await stockOf(product.id)).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ stock_state: 'committed' });
  });

  it('refuses to reopen a cancelled paid order whose units sold meanwhile, changing nothing', async () => {
    const { product, orderId, reference } = await placed(2, 2);
    simulator.current.pay(reference);
    await confirmPayment(reference, 'callback');
    await updateOrderStatus(admin, orderId, 'cancelled');
    await db().execute(sql`update product_variants set stock = 1 where product_id = ${product.id}`);
    const change = await updateOrderStatus(admin, orderId, 'processing');
    expect(change.kind).toBe('refused');
    expect(await orderRow(orderId)).toMatchObject({ stock_state: 'released' });
    expect(await stockOf(product.id)).toBe(1);
  });

  it('releases an unpaid order’s reserved stock; a payment that still arrives is flagged for a refund', async () => {
    const { product, orderId, reference } = await placed();
    await updateOrderStatus(admin, orderId, 'cancelled');
    expect(await stockOf(product.id)).toBe(3);
    simulator.current.pay(reference);
    expect((await confirmPayment(reference, 'callback')).kind).toBe('paid');
    expect((await orderRow(orderId)).review_reason).toContain('Paid after the order was cancelled');
  });
});
