/**
 * Refunds from /admin/orders/{id} against real PostgreSQL and the Paystack simulator's POST /refund: full and
 * partial refunds, the amount left, a double-submitted form and two admins at once, Paystack refusing or not
 * answering, who may post (an admin signed in within 15 minutes), and the audit row.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions } from '~/db/schema';
import { REFUND_MESSAGES, REFUND_NO_ANSWER } from '~/lib/payments/admin-refund';
import { db } from '~/server/db.server';
import { createOrder, createUser } from '../../../tests/factories';
import { get } from '../../../tests/route-helpers';
import {
  admin,
  answerOf,
  formError,
  html,
  otherAdmin,
  page,
  paidOrder,
  refund,
  refundRows,
  simulator,
  simulatorRefunds,
  withRefundSetup,
} from './order-refund-test-helpers';

withRefundSetup();

describe('refunding a paid order', () => {
  it('refunds it in full through Paystack, redirects back with the outcome and writes the audit row', async () => {
    const order = await paidOrder();
    expect(order.paid).toBe(2 * 20_000_00 + 2_600_00);
    const before = await page(order.id);
    expect(before.order.refundable).toBe(order.paid);
    expect(before.order.refunds).toEqual([]);

    const answer = await refund(order.id, { amount: '42,600', reason: '  Out of stock after all  ' });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/orders/${order.id}?refund=requested`);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');

    const rows = await refundRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: order.paid,
      reason: 'Out of stock after all',
      status: 'pending',
      requestedBy: admin.id,
    });
    expect(simulatorRefunds(order.reference)).toEqual([
      expect.objectContaining({ amount: order.paid, merchantNote: 'Out of stock after all' }),
    ]);
    expect(rows[0].providerId).toBe(String(simulatorRefunds(order.reference)[0].id));

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.refund')));
    expect(audit.map((row) => [row.entityType, row.actorEmail, row.actorUserId, row.after])).toEqual([
      ['order', admin.email, admin.id, { refundId: rows[0].id, amount: order.paid, reason: 'Out of stock after all' }],
    ]);

    const after = await page(order.id, '?refund=requested');
    expect(after.refundNotice).toBe(REFUND_MESSAGES.requested);
    expect(after.order.refundable).toBe(0);
    expect(after.order.refunds).toEqual([
      {
        id: rows[0].id,
        amount: order.paid,
        reason: 'Out of stock after all',
        status: 'pending',
        note: null,
        providerId: rows[0].providerId,
        createdAt: rows[0].createdAt.toISOString(),
        requestedBy: admin.email,
        customerNote: rows[0].customerNote,
        customerDetails: null,
      },
    ]);
    // The customer is told about their order, not the admin's reason (decision 0030).
    expect(rows[0].customerNote).toMatch(/^Refund for order [0-9A-Z]{8} from .+\.$/);
    expect(after.order.events.map((e) => e.kind)).toContain('refund-requested');
    // Nothing left: a further refund is refused.
    expect(await refund(order.id, { amount: '1' })).toMatchObject({
      status: 409,
      data: formError('This order has been refunded in full already.'),
    });
  });

  it('refunds part, then the rest; each page view carries a new request key', async () => {
    const order = await paidOrder();
    const first = await page(order.id);
    const second = await page(order.id);
    expect(first.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.requestKey).not.toBe(first.requestKey);

    expect((await refund(order.id, { amount: '2600.50', requestKey: first.requestKey })).location).toBe(
      `/admin/orders/${order.id}?refund=requested`,
    );
    expect((await page(order.id)).order.refundable).toBe(order.paid - 2_600_50);
    const rest = ((order.paid - 2_600_50) / 100).toFixed(2);
    expect((await refund(order.id, { amount: rest, requestKey: second.requestKey })).status).toBe(302);
    expect((await refundRows(order.id)).map((r) => r.amount)).toEqual([2_600_50, order.paid - 2_600_50]);
    expect(simulatorRefunds(order.reference).map((r) => r.amount)).toEqual([2_600_50, order.paid - 2_600_50]);
    expect((await page(order.id)).order.refundable).toBe(0);
  });

  it('refuses more than is left with the message, keeps what was typed and stores nothing', async () => {
    const order = await paidOrder();
    const auditBefore = (await db().select().from(auditLog)).length;
    const key = crypto.randomUUID();
    const answer = await refund(order.id, { amount: '42600.01', reason: 'Too much', requestKey: key });
    expect(answer.status).toBe(409);
    const data = answerOf(answer.data);
    expect(data.result.error).toEqual({ '': ['At most ₦42,600 is left to refund on this order.'] });
    // Nothing was written under this key, so the same form may be corrected and sent again.
    expect(data.result.initialValue).toEqual({
      intent: 'refund',
      amount: '42600.01',
      reason: 'Too much',
      requestKey: key,
    });
    expect(data.requestKey).toBe(key);
    expect(await refundRows(order.id)).toEqual([]);
    expect(simulatorRefunds(order.reference)).toEqual([]);
    expect(await db().select().from(auditLog)).toHaveLength(auditBefore);
  });

  it('refuses an invalid form with the field messages (400) and stores nothing', async () => {
    const order = await paidOrder();
    const answer = await refund(order.id, { amount: 'lots', reason: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      result: {
        error: { '': [REFUND_MESSAGES.invalid], amount: [REFUND_MESSAGES.amount], reason: [REFUND_MESSAGES.reason] },
        initialValue: { amount: 'lots', reason: 'x' },
      },
    });
    // A form without its key comes back with a fresh one.
    const keyless = await refund(order.id, { requestKey: '' });
    expect(keyless).toMatchObject({ status: 400, data: formError(REFUND_MESSAGES.requestKey) });
    expect(answerOf(keyless.data).requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await refund(order.id, { intent: 'delete' })).toMatchObject({
      status: 400,
      data: formError('Unknown action.'),
    });
    expect(await refundRows(order.id)).toEqual([]);
  });

  it('makes one refund of the same form sent twice at once', async () => {
    const order = await paidOrder();
    const requestKey = (await page(order.id)).requestKey;
    const answers = await Promise.all([
      refund(order.id, { amount: '10000', requestKey }),
      refund(order.id, { amount: '10000', requestKey }),
    ]);
    expect(answers.map((a) => a.location).sort()).toEqual([
      `/admin/orders/${order.id}?refund=duplicate`,
      `/admin/orders/${order.id}?refund=requested`,
    ]);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(simulatorRefunds(order.reference)).toHaveLength(1);
    expect((await page(order.id, '?refund=duplicate')).refundNotice).toBe(REFUND_MESSAGES.duplicate);
  });

  it('accepts exactly one of two admins refunding it in full at once', async () => {
    const order = await paidOrder();
    const answers = await Promise.all([
      refund(order.id, { amount: '42600' }),
      refund(order.id, { amount: '42600' }, { cookie: otherAdmin.cookie }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(answers.find((a) => a.status === 409)?.data).toMatchObject(
      formError('This order has been refunded in full already.'),
    );
    expect((await refundRows(order.id)).map((r) => r.amount)).toEqual([order.paid]);
    expect(simulatorRefunds(order.reference)).toHaveLength(1);
  });

  it('says plainly when Paystack refuses, and gives the form a new key so it can be tried again', async () => {
    const order = await paidOrder();
    // The bank reversed the payment at Paystack's end: Paystack now refuses any refund of it.
    simulator.current.reverse(order.reference);
    const key = crypto.randomUUID();
    const answer = await refund(order.id, { amount: '1000', requestKey: key });
    expect(answer.status).toBe(502);
    const data = answerOf(answer.data);
    expect(data.result.error).toEqual({ '': ['Paystack refused the refund: Transaction has been fully reversed'] });
    expect(data.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.requestKey).not.toBe(key);
    expect(data.result.initialValue).toMatchObject({ amount: '1000', reason: 'Customer returned the items' });
    expect((await refundRows(order.id)).map((r) => r.status)).toEqual(['failed']);
    // A failed refund frees its amount again.
    expect((await page(order.id)).order.refundable).toBe(order.paid);
  });

  it('says plainly when Paystack does not answer: the refund is held as no answer, the form keeps its key', async () => {
    const order = await paidOrder();
    const key = crypto.randomUUID();
    simulator.current.setFault('timeout');
    let answer: Awaited<ReturnType<typeof refund>>;
    try {
      answer = await refund(order.id, { amount: '5000', requestKey: key });
    } finally {
      simulator.current.setFault('none');
    }
    expect(answer.status).toBe(502);
    const data = answerOf(answer.data);
    expect(data.result.error?.['']).toEqual([REFUND_NO_ANSWER]);
    // Sending this same form again cannot make a second refund blind.
    expect(data.requestKey).toBe(key);
    expect((await refundRows(order.id)).map((r) => [r.status, r.amount])).toEqual([['no-answer', 5_000_00]]);
    const view = await html(get(`/admin/orders/${order.id}`, admin.cookie), order.id);
    expect(view.body).toContain('Requested (no answer)');
    expect(view.body).toContain('Its amount is held while the store asks Paystack until it knows.');
    expect((await page(order.id)).order.refundable).toBe(order.paid - 5_000_00);
    expect((await refund(order.id, { amount: '5000', requestKey: key })).location).toBe(
      `/admin/orders/${order.id}?refund=duplicate`,
    );
  });

  it('refuses a customer and a post from another site, and an unpaid order', async () => {
    const order = await paidOrder();
    const customer = await refund(order.id, {}, { cookie: order.customer.cookie });
    expect(customer).toMatchObject({ status: 302, location: '/' });
    expect((await refund(order.id, {}, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await refundRows(order.id)).toEqual([]);

    const owner = await createUser();
    const unpaid = await createOrder({ userId: owner.id, paymentStatus: 'pending' });
    expect(await refund(unpaid.id)).toMatchObject({
      status: 409,
      data: formError('Only a paid order can be refunded.'),
    });
    expect(await refundRows(unpaid.id)).toEqual([]);
    expect((await page(unpaid.id)).order).toMatchObject({
      refundable: 0,
      refunds: [],
      disputes: [],
      awaitingSince: null,
    });
    expect((await refund('zzzzzzzzzzzzzz')).status).toBe(404);
  });

  it('needs a sign-in within the last 15 minutes, like adding an admin; else the session ends first', async () => {
    const order = await paidOrder();
    const late = await createUser({ admin: true });
    await db()
      .update(sessions)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(sessions.userId, late.id));
    const answer = await refund(order.id, {}, { cookie: late.cookie });
    expect(answer).toMatchObject({
      status: 302,
      location: `/login?${new URLSearchParams({ redirectTo: `/admin/orders/${order.id}`, reason: 'reauth' })}`,
    });
    expect(await refundRows(order.id)).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, late.id))).toEqual([]);
  });
});
