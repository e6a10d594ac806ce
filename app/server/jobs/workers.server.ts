/**
 * What a store process runs from the job queue: the mail worker, and the payment sweep every minute (and once at
 * start). Every process runs the same workers; pg-boss hands each job to one of them, and the sweep's queue lets
 * one run at a time across all processes (QUEUES.paymentSweep).
 */
import type PgBoss from 'pg-boss';
import { runBackInStockJob, type BackInStockJob } from '../back-in-stock/notify.server';
import { queueDropMails, sendDropMails } from '../back-in-stock/drop-mails.server';
import { runCatalogImport, type CatalogImportJob } from '../catalog/catalog-import.server';
import { onOpening } from '../http/opening-clock.server';
import { sendAbandonedCartMails } from '../cart/abandoned-cart.server';
import { checkUnansweredRefunds } from '../payments/refund-checks.server';
import { sweepStalePayments } from '../payments/payment-sweep.server';
import { sendUnpaidReminders } from '../orders/unpaid-reminder.server';
import { logger } from '../logger.server';
import { deliverMailJob, type MailJob } from './mail-jobs.server';
import { addWorker, sendJob, startJobQueue, stopJobQueue } from './queue.server';
import { QUEUES, type JobQueueOptions } from './queues.server';

export const SWEEP_CRON = '* * * * *';
export const ABANDONED_CARTS_CRON = '*/10 * * * *';
export const UNPAID_REMINDERS_CRON = '* * * * *';
export const REFUND_CHECKS_CRON = '* * * * *';
export const DROP_MAILS_CRON = '* * * * *';

export type WorkerOptions = {
  /** false: no payment sweep nor abandoned-cart runs from this queue (tests that only need mail). */
  sweep?: boolean;
};

/** Starts this process's queue and its workers. Call after the migrations. */
export async function startJobs(options: JobQueueOptions & WorkerOptions = {}): Promise<PgBoss> {
  const boss = await startJobQueue(options);
  await registerWorkers(boss, options);
  return boss;
}

export const stopJobs = stopJobQueue;

export async function registerWorkers(boss: PgBoss, { sweep = true }: WorkerOptions = {}): Promise<void> {
  await addWorker<MailJob>(boss, QUEUES.mail.name, deliverMailJob);
  await addWorker<BackInStockJob>(boss, QUEUES.backInStock.name, runBackInStockJob);
  // "Email me when it drops": asked for at the minute a drop opens by this process's clock (decision 0036).
  await addWorker(boss, QUEUES.dropMails.name, () => sendDropMails());
  // A catalog CSV import the admin applied (decision 0041).
  await addWorker<CatalogImportJob>(boss, QUEUES.catalogImport.name, (job) => runCatalogImport(job.data));
  onOpening(queueDropMailsAtOpening);
  if (!sweep) return;
  await addWorker(boss, QUEUES.paymentSweep.name, runSweep);
  // pg-boss turns the schedule into one job a minute for all processes together.
  await boss.schedule(QUEUES.paymentSweep.name, SWEEP_CRON, {});
  // Right after a (re)start too; dropped when a run is already waiting.
  await sendJob(QUEUES.paymentSweep.name, {});
  // Abandoned carts: every ten minutes, one run at a time across processes (cart/abandoned-cart.server.ts).
  await addWorker(boss, QUEUES.abandonedCarts.name, () => sendAbandonedCartMails());
  await boss.schedule(QUEUES.abandonedCarts.name, ABANDONED_CARTS_CRON, {});
  // Reminders to pay an order left unpaid: every minute, one run at a time (checkout/unpaid-reminder.server.ts).
  await addWorker(boss, QUEUES.unpaidReminders.name, () => sendUnpaidReminders());
  await boss.schedule(QUEUES.unpaidReminders.name, UNPAID_REMINDERS_CRON, {});
  // Refunds without an answer from Paystack: asked about every minute, each on its own back-off (decision 0030).
  await addWorker(boss, QUEUES.refundChecks.name, () => checkUnansweredRefunds());
  await boss.schedule(QUEUES.refundChecks.name, REFUND_CHECKS_CRON, {});
  // The drop mails every minute too: a time set by hand, a process down at the minute (decision 0036).
  await boss.schedule(QUEUES.dropMails.name, DROP_MAILS_CRON, {});
}

/** One listener however often the workers are registered (a Set keeps it once). */
function queueDropMailsAtOpening(): void {
  queueDropMails().catch((error: unknown) => logger.error({ err: error }, 'could not queue the drop mails'));
}

async function runSweep(): Promise<void> {
  try {
    await sweepStalePayments();
  } catch (error) {
    logger.error({ err: error }, 'payment sweep failed; it runs again within a minute');
    throw error;
  }
}
