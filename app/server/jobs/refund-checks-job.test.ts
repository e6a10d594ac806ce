/**
 * The refund checks as a job (decision 0030): scheduled every minute in the database, and a run settles a refund
 * Paystack did not answer about once its wait is over.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { refunds } from '~/db/schema';
import { pay, putInCart, withSimulator } from '../../../tests/checkout-helpers';
import { createProduct, createUser } from '../../../tests/factories';
import { eventually, TEST_QUEUE_OPTIONS } from '../../../tests/job-helpers';
import { confirmPayment } from '../payments/confirm-payment.server';
import { requestRefund } from '../payments/refunds.server';
import { db } from '../db.server';
import { sendJob } from './queue.server';
import { QUEUES } from './queues.server';
import { REFUND_CHECKS_CRON, startJobs, stopJobs } from './workers.server';

const simulator = withSimulator();
afterAll(() => stopJobs({ timeoutMs: 1_000 }));

describe('the refund checks job', () => {
  it('is scheduled every minute and settles a refund left without an answer', async () => {
    const user = await createUser();
    const product = await createProduct({ stock: { 'M/Black': 2 } });
    await putInCart(user.id, [{ productId: product.id, quantity: 1 }]);
    const { payment } = (await pay(user.cookie)).data as { payment: { orderId: string; reference: string } };
    simulator.current.pay(payment.reference);
    await confirmPayment(payment.reference, 'callback');
    simulator.current.setRefundFault('error');
    try {
      const admin = { id: 'admin', email: 'admin@example.com' };
      await requestRefund(admin, { orderId: payment.orderId, amount: 1_000_00, reason: 'Returned', requestKey: 'job' });
    } finally {
      simulator.current.setRefundFault('none');
    }
    const status = async () =>
      (await db().select({ status: refunds.status }).from(refunds).where(eq(refunds.orderId, payment.orderId)))[0]
        .status;
    expect(await status()).toBe('no-answer');
    await db().execute(sql`update refunds set last_checked_at = now() - interval '1 hour'`);

    const boss = await startJobs(TEST_QUEUE_OPTIONS);
    const schedules = (await boss.getSchedules()).map((s) => [s.name, s.cron]);
    expect(schedules.filter(([name]) => name === QUEUES.refundChecks.name)).toEqual([
      [QUEUES.refundChecks.name, REFUND_CHECKS_CRON],
    ]);
    await sendJob(QUEUES.refundChecks.name, {});
    await eventually(async () => (await status()) === 'processed', 15_000, 'the job finding the refund at Paystack');
  });
});
