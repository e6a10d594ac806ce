/**
 * The store's job queues (pg-boss, decision 0014-job-queue.md) and how they retry. Kept free of the app's other
 * modules so the test set-up can install the queues into its template database as migrations do.
 */
import PgBoss from 'pg-boss';

export const QUEUES = {
  /**
   * Outgoing mail. Nine attempts: the retries wait about 30 s, 1, 2, 4, 8, 16, 32 and 64 minutes (doubling, with
   * jitter), so an SMTP server away for two hours loses nothing. A try that takes longer than two minutes is
   * treated as failed (sendMail gives up before that).
   */
  mail: { name: 'mail', policy: 'standard', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /**
   * The payment sweep. `stately`: at most one run waiting and one running across every store process, so two
   * processes never sweep at once. No retry: the next minute's run is the retry. It may call Paystack for each
   * of 100 orders, so it may run long.
   */
  paymentSweep: { name: 'payment-sweep', policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
  /**
   * The abandoned-cart mails (docs/requirements.md#9-order-and-payment-statuses; cart/abandoned-cart.server.ts),
   * scheduled every few minutes: `stately`, one run waiting and one running across every process; no retry, the next
   * run is the retry.
   */
  abandonedCarts: { name: 'abandoned-carts', policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
  /**
   * Back-in-stock mails for restocked products (decision 0027): marks requests and queues their mails, so a retry after
   * a failure skips what was already done. Queued by each stock change, delayed by the store's setting.
   */
  backInStock: { name: 'back-in-stock', policy: 'standard', retryLimit: 5, retryDelay: 30, expireInSeconds: 5 * 60 },
  /**
   * "Email me when it drops" (decision 0036; back-in-stock/drop-mails.server.ts): asked for at each opening by every
   * process's drop clock and every minute by the schedule: `stately`, one run waiting and one running across every
   * process; no retry, the next minute's run is the retry.
   */
  dropMails: { name: 'drop-mails', policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
  /**
   * The reminders to pay an order left unpaid (decision 0025; checkout/unpaid-reminder.server.ts), every minute:
   * `stately`, one run waiting and one running across every process; no retry, the next minute's run is the retry.
   */
  unpaidReminders: { name: 'unpaid-reminders', policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
  /**
   * Refunds Paystack did not answer about (checkout/refund-checks.server.ts, decision 0030), every minute: `stately`,
   * one run waiting and one running across every process; no retry, the next minute's run is the retry.
   */
  refundChecks: { name: 'refund-checks', policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
  /**
   * A catalog CSV import being applied (decision 0041; catalog/catalog-import.server.ts): one transaction, all rows or
   * none, marked applied in that transaction. A failure is shown to the admin, who imports again; a run cut off by
   * a dying process is retried once its job expires, and a retry of an applied import writes nothing.
   */
  catalogImport: { name: 'catalog-import', policy: 'standard', retryLimit: 2, expireInSeconds: 15 * 60 },
} as const satisfies Record<string, PgBoss.Queue>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

/** pg-boss keeps its tables in this schema of the store's database. */
export const JOB_SCHEMA = 'pgboss';

export type JobQueueOptions = {
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Expiry of stuck jobs and clean-up run at this interval (by one process at a time). */
  maintenanceIntervalSeconds?: number;
};

/** A PgBoss on its own small pool of the store's database; nothing connects until start(). */
export function createBoss(url: string, options: JobQueueOptions = {}): PgBoss {
  return new PgBoss({
    connectionString: url,
    schema: JOB_SCHEMA,
    application_name: 'store-jobs',
    max: 4,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    // Completed jobs hold mail content (links in it included): kept an hour, then archived and deleted after a day.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 1,
  });
}

/**
 * Creates or upgrades pg-boss's schema and brings every queue's retry policy in line with QUEUES. Runs with the
 * migrations (app/server/migrate.server.ts), so a job can be queued (even inside a payment's transaction) before
 * any worker has started. Safe to run from several processes at once: pg-boss serialises its own migration.
 */
export async function installJobQueue(url: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: url,
    schema: JOB_SCHEMA,
    application_name: 'store-jobs-install',
    max: 1,
    supervise: false,
    schedule: false,
  });
  const failures: unknown[] = [];
  boss.on('error', (error) => failures.push(error));
  await boss.start();
  try {
    for (const queue of Object.values(QUEUES)) {
      await boss.createQueue(queue.name, queue);
      await boss.updateQueue(queue.name, queue);
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
  if (failures.length) throw failures[0];
}
