/**
 * What Paystack answers to POST /refund, through the simulator (decision 0030): a 5xx, a timeout or garbage keeps the
 * refund 'no-answer' with its amount held (never offered twice), the refund check asks Paystack (GET /refund?… or
 * GET /refund/{id}) on a back-off until it knows; only a documented refusal frees the amount; the notes sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { refunds } from '~/db/schema';
import { formatNaira } from '~/lib/money';
import { db } from '~/server/db.server';
import { orderRow, pay, putInCart, withSimulator } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { getAdminOrder } from '../orders/admin-orders.server';
import { useSimulator } from './paystack/config.server';
import { getSettings } from '../store/settings.server';
import { confirmPayment } from './confirm-payment.server';
import { CHECKS_BEFORE_NOTICE, checkUnansweredRefunds } from './refund-checks.server';
import { requestRefund } from './refunds.server';

const simulator = withSimulator();
const admin = { id: 'admin', email: 'admin@example.com' };
let keys = 0;
const key = () => `refund-answers-${++keys}`;

afterEach(() => {
  simulator.current.setFault('none');
  simulator.current.setRefundFault('none');
  simulator.current.setWebhooks(true);
});

/** Asks for the whole of a paid order back, as an admin would for a returned parcel. */
const refundInFull = (order: { orderId: string; amount: number }) =>
  requestRefund(admin, { orderId: order.orderId, amount: order.amount, reason: 'Returned', requestKey: key() });

async function paidOrder() {
  const user = await createUser();
  const product = await createProduct({ price: 10_000_00, stock: { 'M/Black': 3 } });
  await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
  const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string; reference: string } };
  simulator.current.pay(payment.reference);
  expect((await confirmPayment(payment.reference, 'callback')).kind).toBe('paid');
  const amount = simulator.current.transactions.get(payment.reference)!.amount;
  return { orderId: payment.orderId, reference: payment.reference, amount };
}

const rows = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);
const refundable = async (orderId: string) => (await getAdminOrder(orderId))!.refundable;
const atPaystack = (reference: string) =>
  [...simulator.current.refunds.values()].filter((r) => r.transactionReference === reference);
const queuedMails = async (subject: string) =>
  (
    await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->'mail'->>'subject' = ${subject}`,
    )
  )[0].n;
/** As if the refund's wait were over: last asked long ago. */
const dueNow = (orderId: string) =>
  db().execute(sql`update refunds set last_checked_at = now() - interval '2 hours' where order_id = ${orderId}`);

describe('a refund Paystack did not answer', () => {
  it('keeps a 5xx refund requested (no answer) with its amount held, so the money is never offered twice', async () => {
    const order = await paidOrder();
    simulator.current.setFault('down');
    const answer = await refundInFull(order);
    simulator.current.setFault('none');
    expect(answer).toMatchObject({ kind: 'provider-error', answered: false });
    expect((await rows(order.orderId)).map((r) => r.status)).toEqual(['no-answer']);
    expect(await refundable(order.orderId)).toBe(0);
    // A second admin (or the same one, reloading) cannot send the same money again.
    expect(
      await requestRefund(admin, { orderId: order.orderId, amount: order.amount, reason: 'Again', requestKey: key() }),
    ).toEqual({ kind: 'refused', message: 'This order has been refunded in full already.' });
  });

  it('finds a refund Paystack made despite its 5xx: the check records it processed and the order refunded', async () => {
    const order = await paidOrder();
    simulator.current.setWebhooks(false);
    simulator.current.setRefundFault('error');
    const answer = await refundInFull(order);
    expect(answer).toMatchObject({ kind: 'provider-error', answered: false });
    const [made] = atPaystack(order.reference);
    expect(made).toBeDefined();
    const [row] = await rows(order.orderId);
    expect(row).toMatchObject({ status: 'no-answer', providerId: null, checkAttempts: 0 });
    expect(row.lastCheckedAt).not.toBeNull();

    // Asked a minute after at the soonest: not yet.
    expect(await checkUnansweredRefunds()).toEqual([]);
    await dueNow(order.orderId);
    expect(await checkUnansweredRefunds()).toEqual(['found']);
    const [after] = await rows(order.orderId);
    expect(after).toMatchObject({ status: 'processed', providerId: String(made.id), checkAttempts: 1 });
    expect((await orderRow(order.orderId)).payment_status).toBe('refunded');
    // The customer is told the money was sent, once.
    const sent = `Refund of ${formatNaira(order.amount)} sent for order ${order.orderId.slice(-8).toUpperCase()}`;
    expect(await queuedMails(sent)).toBe(1);
    // Settled: never asked about again.
    await dueNow(order.orderId);
    expect(await checkUnansweredRefunds()).toEqual([]);
    expect(await queuedMails(sent)).toBe(1);
  });

  it('treats a timeout and an answer that does not parse alike; the check finds each refund once', async () => {
    const order = await paidOrder();
    const half = Math.floor(order.amount / 2);
    simulator.current.setRefundOutcome('manual');
    try {
      simulator.current.setRefundFault('timeout');
      await requestRefund(admin, { orderId: order.orderId, amount: half, reason: 'First half', requestKey: key() });
      simulator.current.setRefundFault('garbage');
      await requestRefund(admin, { orderId: order.orderId, amount: half, reason: 'Second half', requestKey: key() });
    } finally {
      simulator.current.setRefundOutcome('processed');
    }
    expect((await rows(order.orderId)).map((r) => r.status)).toEqual(['no-answer', 'no-answer']);
    simulator.current.setRefundFault('none');
    await dueNow(order.orderId);
    expect(await checkUnansweredRefunds()).toEqual(['found', 'found']);
    const settled = await rows(order.orderId);
    // Two refunds of the same amount: each row took one of Paystack's, not the same one twice.
    expect(settled.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(new Set(settled.map((r) => r.providerId)).size).toBe(2);
    expect(settled.map((r) => r.providerId).sort()).toEqual(
      atPaystack(order.reference)
        .map((r) => String(r.id))
        .sort(),
    );
  });

  it('frees the amount when Paystack’s complete list shows it never made the refund, and tells support', async () => {
    const order = await paidOrder();
    simulator.current.setFault('down');
    await refundInFull(order);
    simulator.current.setFault('none');
    expect(atPaystack(order.reference)).toEqual([]);
    await dueNow(order.orderId);
    expect(await checkUnansweredRefunds()).toEqual(['never-made']);
    expect((await rows(order.orderId))[0]).toMatchObject({ status: 'failed' });
    expect(await refundable(order.orderId)).toBe(order.amount);
    expect(await queuedMails(`Refund failed on order ${order.orderId}`)).toBe(1);
  });

  it('never concludes "never made" from a list Paystack did not filter to the transaction', async () => {
    const order = await paidOrder();
    simulator.current.setFault('down');
    await refundInFull(order);
    simulator.current.setFault('none');
    // A Paystack that ignores ?transaction= and lists another transaction's refund.
    const other = { id: 1, status: 'processed', amount: 500, transaction: 99, transaction_reference: 'someone-else' };
    const ignoring = http.createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: true, message: 'Refunds retrieved', data: [other] })),
    );
    await new Promise<void>((resolve) => ignoring.listen(0, '127.0.0.1', resolve));
    const { port } = ignoring.address() as AddressInfo;
    const { secretKey, publicKey, baseUrl } = simulator.current;
    useSimulator({ baseUrl: `http://127.0.0.1:${port}`, secretKey, publicKey, timeoutMs: 500 });
    try {
      await dueNow(order.orderId);
      expect(await checkUnansweredRefunds()).toEqual(['unknown']);
    } finally {
      useSimulator({ baseUrl, secretKey, publicKey, timeoutMs: 500 });
      await new Promise((resolve) => ignoring.close(resolve));
    }
    expect((await rows(order.orderId))[0]).toMatchObject({ status: 'no-answer', checkAttempts: 1 });
    expect(await refundable(order.orderId)).toBe(0);
  });

  it('asks again on a back-off while Paystack stays silent, and tells support once after about two hours', async () => {
    const order = await paidOrder();
    simulator.current.setFault('down');
    await refundInFull(order);
    for (let attempt = 1; attempt <= CHECKS_BEFORE_NOTICE + 1; attempt++) {
      await dueNow(order.orderId);
      expect(await checkUnansweredRefunds()).toEqual(['unknown']);
      // Just asked: the next question waits 2^attempts minutes (at most an hour).
      expect(await checkUnansweredRefunds()).toEqual([]);
      await db().execute(
        sql`update refunds set last_checked_at = now() - make_interval(mins => ${
          Math.min(60, 2 ** attempt) - 1
        }) where order_id = ${order.orderId}`,
      );
      expect(await checkUnansweredRefunds()).toEqual([]);
    }
    const [row] = await rows(order.orderId);
    expect(row).toMatchObject({ status: 'no-answer', checkAttempts: CHECKS_BEFORE_NOTICE + 1 });
    expect(await refundable(order.orderId)).toBe(0);
    expect(await queuedMails(`Refund without an answer on order ${order.orderId}`)).toBe(1);
  });

  it('asks GET /refund/{id} when Paystack’s id is known', async () => {
    const order = await paidOrder();
    await refundInFull(order);
    const [made] = atPaystack(order.reference);
    // As if the answer had been lost after the id was learnt (a process stopped mid-way).
    await db().execute(sql`update refunds set status = 'no-answer' where order_id = ${order.orderId}`);
    await dueNow(order.orderId);
    expect(await checkUnansweredRefunds()).toEqual(['found']);
    expect((await rows(order.orderId))[0]).toMatchObject({ status: made.status, providerId: String(made.id) });
  });
});

describe('a documented refusal', () => {
  it('frees the amount at once (Paystack: "Transaction has been fully reversed")', async () => {
    const order = await paidOrder();
    simulator.current.reverse(order.reference);
    const answer = await refundInFull(order);
    expect(answer).toMatchObject({ kind: 'provider-error', answered: true });
    expect((await rows(order.orderId))[0]).toMatchObject({ status: 'failed' });
    expect(await refundable(order.orderId)).toBe(order.amount);
    await dueNow(order.orderId);
    expect(await checkUnansweredRefunds()).toEqual([]);
  });
});

describe('the notes sent with a refund', () => {
  it('sends the admin’s reason as merchant_note and a sentence for the customer as customer_note', async () => {
    const order = await paidOrder();
    await requestRefund(admin, {
      orderId: order.orderId,
      amount: 1_000_00,
      reason: 'Damaged in transit, courier at fault',
      requestKey: key(),
    });
    const { storeName } = await getSettings();
    const sentence = `Refund for order ${order.orderId.slice(-8).toUpperCase()} from ${storeName}.`;
    expect(atPaystack(order.reference)).toEqual([
      expect.objectContaining({ merchantNote: 'Damaged in transit, courier at fault', customerNote: sentence }),
    ]);
    expect((await rows(order.orderId))[0]).toMatchObject({
      reason: 'Damaged in transit, courier at fault',
      customerNote: sentence,
    });
  });
});
