/**
 * Paystack's webhooks: one from an address outside PAYSTACK_WEBHOOK_IPS is refused, and refunds and their
 * webhooks.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import { orderRow } from '../../../tests/checkout-helpers';
import { resetEnv } from '../env.server';
import { confirmPayment } from './confirm-payment.server';
import { requestRefund } from './refunds.server';
import { placed, queuedMails, signedWebhook, simulator, withPaystack } from './payment-states-test-helpers';

withPaystack();

describe('PAYSTACK_WEBHOOK_IPS', () => {
  afterEach(() => {
    delete process.env.PAYSTACK_WEBHOOK_IPS;
    resetEnv();
  });

  it('refuses a signed webhook from another address with 403 and applies nothing; allows a listed one', async () => {
    const { orderId, reference } = await placed();
    simulator.current.pay(reference);
    const tx = simulator.current.transactions.get(reference)!;
    const data = { domain: 'test', reference, status: 'success', amount: tx.amount, currency: 'NGN', channel: 'card' };
    process.env.PAYSTACK_WEBHOOK_IPS = '52.31.139.75, 52.49.173.169, 52.214.14.220';
    resetEnv();
    expect(await signedWebhook('charge.success', data, '203.0.113.7')).toEqual({ status: 403, body: 'Forbidden' });
    expect(await signedWebhook('charge.success', data, null)).toEqual({ status: 403, body: 'Forbidden' });
    expect((await orderRow(orderId)).payment_status).toBe('pending');
    expect(await signedWebhook('charge.success', data, '52.49.173.169')).toEqual({ status: 200, body: 'paid' });
  });
});

describe('refunds and their webhooks', () => {
  const admin = { id: 'admin', email: 'admin@example.com' };
  const refundRows = async (orderId: string) =>
    db().execute<{ amount: number; status: string }>(
      sql`select amount::float8 as amount, status from refunds where order_id = ${orderId} order by id`,
    );

  async function paidOrder() {
    const order = await placed();
    simulator.current.pay(order.reference);
    await confirmPayment(order.reference, 'callback');
    const amount = simulator.current.transactions.get(order.reference)!.amount;
    return { ...order, amount };
  }

  /** Paystack's published refund.processed sample: amount as a string, no refund id, the transaction's reference. */
  const refundEvent = (reference: string, amount: number | string, status: string) => ({
    status,
    transaction_reference: reference,
    refund_reference: status === 'processed' ? 'TRF_sim_1' : null,
    amount,
    currency: 'NGN',
    domain: 'test',
  });

  it('a full refund: Refund API, processed by webhook, the order refunded; a replay is a no-op', async () => {
    const { orderId, reference, amount } = await paidOrder();
    const result = await requestRefund(admin, {
      orderId,
      amount,
      reason: 'Customer changed their mind',
      requestKey: 'k-full',
    });
    expect(result).toMatchObject({ kind: 'requested', status: 'pending' });
    expect(simulator.current.refunds.size).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) {
      expect(
        (await signedWebhook('refund.processed', refundEvent(reference, String(amount), 'processed'))).status,
      ).toBe(200);
    }
    expect(await refundRows(orderId)).toEqual([{ amount, status: 'processed' }]);
    expect((await orderRow(orderId)).payment_status).toBe('refunded');
    // A refund Paystack reports as reversed afterwards is the store's own, not a reversal to flag.
    expect((await confirmPayment(reference, 'sweep')).kind).toBe('paid');
    expect((await orderRow(orderId)).review_reason).toBeNull();
  });

  it('a full refund that Paystack reports as reversed before its webhook arrives is not flagged', async () => {
    const { orderId, reference, amount } = await paidOrder();
    await requestRefund(admin, { orderId, amount, reason: 'Out of stock after all', requestKey: 'k-early' });
    // Paystack reports a charge refunded in full as reversed (the simulator does so once the refund is processed).
    expect(simulator.current.transactions.get(reference)!.status).toBe('reversed');
    expect((await confirmPayment(reference, 'sweep')).kind).toBe('paid');
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', review_reason: null });
  });

  it('a partial refund keeps the order paid; never more than what is left', async () => {
    const { orderId, reference, amount } = await paidOrder();
    const half = Math.floor(amount / 2);
    expect(
      (await requestRefund(admin, { orderId, amount: half, reason: 'One item returned', requestKey: 'k-half' })).kind,
    ).toBe('requested');
    await signedWebhook('refund.processed', refundEvent(reference, String(half), 'processed'));
    expect((await orderRow(orderId)).payment_status).toBe('paid');
    const over = await requestRefund(admin, {
      orderId,
      amount: amount - half + 1,
      reason: 'Too much',
      requestKey: 'k-over',
    });
    expect(over).toMatchObject({ kind: 'refused' });
    expect(await refundRows(orderId)).toHaveLength(1);
  });

  it('a failed refund frees the amount again and mails support', async () => {
    const { orderId, reference, amount } = await paidOrder();
    simulator.current.setRefundOutcome('failed');
    try {
      await requestRefund(admin, { orderId, amount, reason: 'Wrong size', requestKey: 'k-fail' });
    } finally {
      simulator.current.setRefundOutcome('processed');
    }
    await signedWebhook('refund.failed', refundEvent(reference, amount, 'failed'));
    expect(await refundRows(orderId)).toEqual([{ amount, status: 'failed' }]);
    expect(await queuedMails(`Refund failed on order ${orderId}`)).toBe(1);
    expect((await requestRefund(admin, { orderId, amount, reason: 'Trying again', requestKey: 'k-again' })).kind).toBe(
      'requested',
    );
  });

  it('a refund made in the Paystack dashboard is recorded when its webhook arrives', async () => {
    const { orderId, reference, amount } = await paidOrder();
    await signedWebhook('refund.processed', refundEvent(reference, String(amount), 'processed'));
    expect(await refundRows(orderId)).toEqual([{ amount, status: 'processed' }]);
    expect((await orderRow(orderId)).payment_status).toBe('refunded');
  });
});
