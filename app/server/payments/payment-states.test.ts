/**
 * Paystack's statuses before a payment is settled, through the callback, the webhook and the sweep (decision
 * 0016): a bank transfer or USSD that is still on its way is 'awaiting' (never a failure, its stock kept for the
 * store's transfer window), asking Paystack again and again, and an unknown reference answered as 400 is "never
 * reached Paystack".
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import { ageOrder, orderRow, pay, paymentCount, putInCart, stockOf } from '../../../tests/checkout-helpers';
import { TEST_ADDRESS } from '../../../tests/factories';
import { checkOwnPayment } from '../checkout/checkout-page.server';
import { confirmPayment } from './confirm-payment.server';
import { sweepStalePayments } from './payment-sweep.server';
import { events, placed, signedWebhook, simulator, transferSent, withPaystack } from './payment-states-test-helpers';

withPaystack();

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
    // The customer is told once that the transfer is on its way, with the order in full.
    const mails = await db().execute<{ to: string; text: string }>(sql`
      select data->'mail'->>'to' as "to", data->'mail'->>'text' as text from pgboss.job
      where name = 'mail' and data->'mail'->>'subject' = ${`Order ${orderId.slice(-8).toUpperCase()}: waiting for your transfer`}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(TEST_ADDRESS.email);
    expect(mails[0].text).toContain('There is no need to pay again.');
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
