/**
 * The order mails are jobs: the webhook answers as soon as the payment is committed, whatever the mail server
 * does, and the mails follow once it answers. A real SMTP server on a local port plays the stuck mail server.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '~/server/db.server';
import { pay, putInCart, withSimulator } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { drainJobs, eventually, withJobs } from '../../../tests/job-helpers';
import { startTestSmtp } from '../../../tests/smtp-test-server';
import { signPayload } from '../payments/paystack/signature.server';
import { confirmPayment } from '../payments/confirm-payment.server';
import { handlePaystackWebhook } from '../payments/webhook.server';

// Read by env() on first use, which comes after this line: every mail of this file goes to this server.
const smtp = await startTestSmtp();
process.env.SMTP_URL = smtp.url;
afterAll(async () => {
  smtp.answer();
  await smtp.close();
});

const simulator = withSimulator();
withJobs();

async function paidByPaystack() {
  const user = await createUser();
  const product = await createProduct({ price: 15_000_00, stock: { 'M/Black': 5 } });
  await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
  const result = await pay(user.cookie);
  const { payment } = result.data as { payment: { orderId: string; reference: string } };
  simulator.current.pay(payment.reference);
  const tx = simulator.current.transactions.get(payment.reference)!;
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      domain: 'test',
      reference: payment.reference,
      status: 'success',
      amount: tx.amount,
      currency: 'NGN',
      channel: 'card',
      paid_at: new Date().toISOString(),
    },
  });
  return { ...payment, body, number: payment.orderId.slice(-8).toUpperCase() };
}

const mailsAbout = (number: string) => smtp.received.filter((mail) => mail.raw.includes(number));
const paymentStatus = async (orderId: string) =>
  (await db().execute<{ s: string }>(sql`select payment_status as s from orders where id = ${orderId}`))[0].s;

describe('order mails as jobs', () => {
  it('the webhook answers within a second while SMTP hangs, and the mails go out once SMTP answers', async () => {
    const order = await paidByPaystack();
    smtp.hang();
    const started = performance.now();
    const answer = await Promise.race([
      handlePaystackWebhook(order.body, signPayload(order.body, simulator.current.secretKey)),
      new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
    ]);
    const took = performance.now() - started;
    expect(answer).toEqual({ status: 200, body: 'paid' });
    expect(took).toBeLessThan(1_000);
    expect(await paymentStatus(order.orderId)).toBe('paid');

    // The mail worker is now stuck on the silent server; nothing has been delivered.
    await eventually(() => smtp.held() > 0, 10_000, 'the worker connecting to SMTP');
    expect(mailsAbout(order.number)).toEqual([]);

    smtp.answer();
    await drainJobs();
    const mails = mailsAbout(order.number);
    expect(mails.map((mail) => mail.to)).toHaveLength(2);
    expect(mails.find((mail) => mail.raw.includes(`Order ${order.number} confirmed`))?.to).toEqual(['ada@example.com']);
    expect(mails.some((mail) => mail.raw.includes(`New paid order ${order.number}`))).toBe(true);
  });

  it('queues the mails with the payment, once: a second confirmation of the same charge queues nothing', async () => {
    const order = await paidByPaystack();
    expect(await handlePaystackWebhook(order.body, signPayload(order.body, simulator.current.secretKey))).toEqual({
      status: 200,
      body: 'paid',
    });
    expect(await confirmPayment(order.reference, 'callback')).toMatchObject({ kind: 'paid', alreadyPaid: true });
    await drainJobs();
    expect(mailsAbout(order.number)).toHaveLength(2);
  });
});
