/**
 * The order page's refunds (/admin/orders/{id}): the refunds list, the cancelled-but-paid notice, chargebacks,
 * and the refund form without JavaScript.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { disputes, orders } from '~/db/schema';
import { REFUND_MESSAGES } from '~/lib/payments/admin-refund';
import { updateOrderStatus } from '~/server/orders/admin-orders.server';
import { db } from '~/server/db.server';
import { createOrder, createUser } from '../../../tests/factories';
import { get, post } from '../../../tests/route-helpers';
import { admin, html, page, paidOrder, refundFields, withRefundSetup } from './order-refund-test-helpers';

withRefundSetup();

describe('the order page', () => {
  it('offers the refund of a cancelled paid order prominently, lists refunds and chargebacks', async () => {
    const order = await paidOrder();
    expect(await updateOrderStatus(admin, order.id, 'cancelled')).toMatchObject({ kind: 'updated' });
    await db()
      .insert(disputes)
      .values({
        orderId: order.id,
        providerId: '358001',
        status: 'awaiting-merchant-feedback',
        category: 'fraud',
        dueAt: new Date('2026-11-25T13:00:00Z'),
        lastEvent: 'charge.dispute.create',
      });

    const view = await html(get(`/admin/orders/${order.id}`, admin.cookie), order.id);
    expect(view.status).toBe(200);
    expect(view.body).toContain(
      'This order is cancelled but its payment of ₦42,600 was not refunded. Refund it below.',
    );
    expect(view.body).toMatch(/<p role="status"[^>]*>This order is cancelled/);
    expect(view.body).toContain('<h2 id="refunds-heading"');
    expect(view.body).toContain('No refunds yet.');
    expect(view.body).toContain('value="42600"');
    expect(view.body).toContain('<label for="refund-reason"');
    expect(view.body).toMatch(/name="requestKey" value="[0-9a-f-]{36}"/);
    expect(view.body).toContain('Partial refunds are allowed, up to the ₦42,600 left to refund.');
    // The chargeback's due date in Lagos time (UTC+1).
    expect(view.body).toContain('Chargebacks');
    expect(view.body).toContain('25 November 2026 at 14:00');

    // Without JavaScript: a refusal comes back as the page with the alert and what was typed.
    const refused = await html(
      post(`/admin/orders/${order.id}`, refundFields({ amount: '50000', reason: 'Typed reason' }), {
        cookie: admin.cookie,
      }),
      order.id,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatch(/<p role="alert"[^>]*>At most ₦42,600 is left to refund on this order\.<\/p>/);
    expect(refused.body).toContain('value="50000"');
    expect(refused.body).toContain('value="Typed reason"');
    // A field the schema refuses has its message under it, tied to the input.
    const invalid = await html(
      post(`/admin/orders/${order.id}`, refundFields({ amount: 'lots' }), { cookie: admin.cookie }),
      order.id,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain(
      `<p id="refund-amount-error" class="mt-1 text-sm text-sale">${REFUND_MESSAGES.amount}`,
    );
    expect(invalid.body).toMatch(/<input id="refund-amount" aria-invalid="true"/);

    const done = await html(
      post(`/admin/orders/${order.id}`, refundFields({ reason: 'Order cancelled' }), { cookie: admin.cookie }),
      order.id,
    );
    expect(done).toMatchObject({ status: 302, location: `/admin/orders/${order.id}?refund=requested` });
    const after = await html(get(`/admin/orders/${order.id}?refund=requested`, admin.cookie), order.id);
    expect(after.body).toMatch(/<p role="status"[^>]*>Refund requested from Paystack\./);
    expect(after.body).not.toContain('This order is cancelled but');
    expect(after.body).toContain('₦42,600');
    expect(after.body).toContain('Order cancelled');
    expect(after.body).toContain('Pending at Paystack');
    expect(after.body).toContain('by ops@example.com');
    expect(after.body).toContain('Nothing is left to refund on this order.');
    expect(after.body).not.toContain('name="requestKey"');
  });

  it('shows since when an order awaits the bank’s confirmation', async () => {
    const owner = await createUser();
    const awaiting = await createOrder({ userId: owner.id, paymentStatus: 'awaiting' });
    await db()
      .update(orders)
      .set({ awaitingSince: new Date('2026-11-22T13:05:00Z') })
      .where(eq(orders.id, awaiting.id));
    expect((await page(awaiting.id)).order.awaitingSince).toBe('2026-11-22T13:05:00.000Z');
    const view = await html(get(`/admin/orders/${awaiting.id}`, admin.cookie), awaiting.id);
    expect(view.body).toContain(
      'Awaiting confirmation since <time dateTime="2026-11-22T13:05:00.000Z">22 November 2026 at 14:05</time>',
    );
    // Nothing was paid: no refunds section.
    expect(view.body).not.toContain('refunds-heading');
  });
});
