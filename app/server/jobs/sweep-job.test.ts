/**
 * The payment sweep as a job: run once when the queue starts, scheduled every minute in the database (not a
 * timer per process), and never more than one run waiting, however many processes ask.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { orderRow, stalePendingOrder, stockOf, withSimulator } from '../../../tests/checkout-helpers';
import { eventually, TEST_QUEUE_OPTIONS } from '../../../tests/job-helpers';
import { sendJob } from './queue.server';
import { QUEUES } from './queues.server';
import { startJobs, stopJobs, SWEEP_CRON } from './workers.server';

withSimulator();
afterAll(() => stopJobs({ timeoutMs: 1_000 }));

describe('the payment sweep job', () => {
  it('runs when the queue starts: an abandoned payment past its timeout gives its stock back', async () => {
    const { product, orderId } = await stalePendingOrder();
    expect(await stockOf(product.id)).toBe(1);
    const boss = await startJobs(TEST_QUEUE_OPTIONS);
    await eventually(
      async () => (await orderRow(orderId)).stock_state === 'released',
      15_000,
      'the sweep releasing the order',
    );
    expect(await orderRow(orderId)).toMatchObject({ payment_status: 'abandoned' });
    expect(await stockOf(product.id)).toBe(3);
    // Every minute, kept in the database: one schedule whichever process wrote it (beside the other jobs' own).
    const schedules = (await boss.getSchedules()).map((s) => [s.name, s.cron]);
    expect(schedules.filter(([name]) => name === QUEUES.paymentSweep.name)).toEqual([
      [QUEUES.paymentSweep.name, SWEEP_CRON],
    ]);
  });

  it('never has two runs waiting: a second request while one waits is dropped', async () => {
    await stopJobs({ timeoutMs: 1_000 });
    const first = await sendJob(QUEUES.paymentSweep.name, {});
    const waiting = first ?? 'one was already waiting';
    expect(waiting).toBeTruthy();
    expect(await sendJob(QUEUES.paymentSweep.name, {})).toBeNull();
    expect(await sendJob(QUEUES.paymentSweep.name, {})).toBeNull();
  });
});
