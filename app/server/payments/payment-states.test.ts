/**
 * Every Paystack status through the callback, the webhook and the sweep (decision 0016): a bank transfer or USSD
 * that is still on its way is 'awaiting' (never a failure, its stock kept for the store's transfer window), an
 * unknown reference answered as 400 is "never reached Paystack", a reversal of a paid order is flagged and
 * mailed to support, chargebacks are recorded with their due date, and a webhook from an address outside
 * PAYSTACK_WEBHOOK_IPS is refused.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import {
  ageOrder,
  orderRow,
  pay,
  paymentCount,
  putInCart,
  stockOf,
  withSimulator,
} from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { updateOrderStatus } from '../orders/admin-orders.server';
import { resetEnv } from '../env.server';
import { signPayload } from './paystack/signature.server';
import { checkOwnPayment } from '../checkout/checkout-page.server';
import { confirmPayment } from './confirm-payment.server';
import { sweepStalePayments } from './payment-sweep.server';
import { requestRefund } from './refunds.server';
import { handlePaystackWebhook } from './webhook.server';

const simulator = withSimulator();

async function placed(stock = 3, quantity = 2) {
  const user = await createUser();
  const product = await createProduct({ stock: { 'M/Black': stock } });
  await putInCart(user.id, [{ productId: product.id, quantity }]);
  const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string; reference: string } };
  return { user, product, ...payment };
}

/** The shopper picks bank transfer in Paystack's page and says the money is sent: Paystack now says pending. */
async function transferSent(reference: string) {
  const code = simulator.current.transactions.get(reference)!.accessCode;
  const response = await fetch(`${simulator.current.baseUrl}/popup/${code}/transfer`, { method: 'POST' });
  expect(response.ok).toBe(true);
}

const events = async (orderId: string) =>
  (
    await db().execute<{ kind: string }>(sql`select kind from payment_events where order_id = ${orderId} order by id`)
  ).map((e) => e.kind);

const queuedMails = async (subject: string) =>
  (
    await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job
        where name = 'mail' and data->'mail'->>'subject' like ${`${subject}%`}`,
    )
  )[0].n;

async function signedWebhook(event: string, data: Record<string, unknown>, ip: string | null = '127.0.0.1') {
  const body = JSON.stringify({ event, data });
  return handlePaystackWebhook(body, signPayload(body, simulator.current.secretKey), ip);
}

describe('a bank transfer on its way', () => {
  it('is awaiting, not failed: the shopper is sent to the order page, the stock stays reserved', async () => {
    const { user, product, orderId, reference } = await placed();
    await transferSent(reference);
    expect(await checkOwnPayment(reference, user.id)).toEqual({ kind: 'awaiting', orderId });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'awaiting', stock_state: 'reserved' });
    expect(await stockOf(product.id)).toBe(1);
    // Asked again (the page refreshes): still awaiting, and the history says so once.
    expect((await confirmPayment(reference, 'callback')).kind).toBe('awaiting');
    expect((await events(orderId)).filter((kind) => kind === 'awaiting')).toHaveLength(1);
  });

  it.each(['ongoing', 'processing', 'queued'] as const)('treats %s like pending', async (status) => {
    const { user, orderId, reference } = await placed();
    await transferSent(reference);
    simulator.current.setPendingStatus(status);
    try {
      expect(await checkOwnPayment(reference, user.id)).toEqual({ kind: 'awaiting', orderId });
    } finally {
      simulator.current.setPendingStatus('pending');
    }
  });

  it('is completed by the signed webhook when the bank confirms: paid once, stock committed', async () => {
    const { product, orderId, reference } = await placed();
    await transferSent(reference);
    await confirmPayment(reference, 'callback');
    const tx = simulator.current.transactions.get(reference)!;
    simulator.current.setWebhooks(false);
    simulator.current.confirmPending(reference);
    simulator.current.setWebhooks(true);
    const answer = await signedWebhook('charge.success', {
      domain: 'test',
      reference,
      status: 'success',
      amount: tx.amount,
      currency: 'NGN',
      channel: 'bank_transfer',
      paid_at: new Date().toISOString(),
    });
    expect(answer).toEqual({ status: 200, body: 'paid' });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'paid', stock_state: 'committed' });
    expect(await paymentCount(orderId)).toBe(1);
    expect(await stockOf(product.id)).toBe(1);
  });

  it('blocks a second checkout while Paystack says pending, and never resumes the awaiting payment', async () => {
    const { user, product, orderId, reference } = await placed(5, 1);
    await transferSent(reference);
    await confirmPayment(reference, 'callback');
    await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
    const again = await pay(user.cookie);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain('Your previous payment is still being processed');
    const [{ n }] = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from orders where user_id = ${user.id}`,
    );
    expect(n).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'awaiting', stock_state: 'reserved' });
  });

  it('keeps its stock through the sweep for the transfer window, then the sweep releases it', async () => {
    const { product, orderId, reference } = await placed();
    await transferSent(reference);
    await ageOrder(orderId, '40 minutes');
    // Past the payment timeout, Paystack says pending: the window starts now.
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'awaiting', stock_state: 'reserved' });
    await db().execute(sql`update orders set awaiting_since = now() - interval '44 minutes' where id = ${orderId}`);
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'awaiting', stock_state: 'reserved' });
    expect(await stockOf(product.id)).toBe(1);
    await db().execute(sql`update orders set awaiting_since = now() - interval '46 minutes' where id = ${orderId}`);
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('a transfer that fails after waiting is released by the sweep like any failure', async () => {
    const { product, orderId, reference } = await placed();
    await transferSent(reference);
    await confirmPayment(reference, 'callback');
    simulator.current.failPending(reference);
    await db().execute(sql`update orders set awaiting_since = now() - interval '50 minutes' where id = ${orderId}`);
    await sweepStalePayments();
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'failed', stock_state: 'released' });
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe('asking Paystack again and again', () => {
  it('records a repeated answer once: the order page refreshes, the history shows changes', async () => {
    const { orderId, reference } = await placed();
    for (let i = 0; i < 3; i++) expect((await confirmPayment(reference, 'callback')).kind).toBe('not-paid');
    simulator.current.setFault('down');
    try {
      for (let i = 0; i < 3; i++) expect((await confirmPayment(reference, 'callback')).kind).toBe('provider-error');
    } finally {
      simulator.current.setFault('none');
    }
    await confirmPayment(reference, 'callback');
    const kinds = (await events(orderId)).filter((kind) => kind === 'not-successful' || kind === 'verify-failed');
    expect(kinds).toEqual(['not-successful', 'verify-failed', 'not-successful']);
  });
});

describe('verify says the reference is unknown', () => {
  it.each(['not-found-400', 'none'] as const)(
    'as %s: the shopper never reached Paystack, so the sweep releases the stock',
    async (fault) => {
      const { product, orderId, reference } = await placed();
      simulator.current.transactions.delete(reference);
      await ageOrder(orderId, '31 minutes');
      simulator.current.setFault(fault);
      try {
        await sweepStalePayments();
      } finally {
        simulator.current.setFault('none');
      }
      expect(await orderRow(orderId)).toMatchObject({ payment_status: 'abandoned', stock_state: 'released' });
      expect(await stockOf(product.id)).toBe(3);
    },
  );

  it('any other 400 from verify keeps the stock reserved (a refusal is not "not found")', async () => {
    const { orderId, reference } = await placed();
    await ageOrder(orderId, '31 minutes');
    simulator.current.setFault('down');
    try {
      expect((await confirmPayment(reference, 'sweep')).kind).toBe('provider-error');
    } finally {
      simulator.current.setFault('none');
    }
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'pending', stock_state: 'reserved' });
  });
});

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
