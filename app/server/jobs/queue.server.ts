/**
 * The job queue of this process (pg-boss on the store's database; decision 0014-job-queue.md). Jobs are rows, so
 * they survive a restart; workers take them with FOR UPDATE SKIP LOCKED, so each runs once however many store
 * processes share the database. Domain modules queue work with sendJob and handle it with addWorker; which
 * workers a store process runs is decided in ./workers.server.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { db, type Database } from '../db.server';
import { logger } from '../logger.server';
import { createBoss, type JobQueueOptions, type QueueName } from './queues.server';

/** The database or a transaction: anything that runs SQL through the store's own pool. */
export type SqlRunner = Pick<Database, 'execute'>;

export type Job<T> = PgBoss.JobWithMetadata<T>;

let running: PgBoss | undefined;
let sender: PgBoss | undefined;
const workerIds = new WeakMap<PgBoss, Map<QueueName, string[]>>();

/**
 * pg-boss's SQL (text with $1…$n and a list of values) run through drizzle, so a job can be written inside one
 * of our transactions and commits or rolls back with it. Values are prepared as node-postgres would: objects
 * as JSON, undefined as NULL.
 */
export function jobExecutor(runner: SqlRunner): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const rows = await runner.execute(withParams(text, values));
      return { rows: Array.from(rows) };
    },
  };
}

function withParams(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(prepare(values[Number(part) - 1]))));
  return sql.join(chunks);
}

function prepare(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date || Buffer.isBuffer(value) || Array.isArray(value)) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** A new, started PgBoss on the store's database (tests start two to prove a job runs once). Errors are logged. */
export async function openJobQueue(options: JobQueueOptions = {}, url = process.env.DATABASE_URL): Promise<PgBoss> {
  if (!url) throw new Error('DATABASE_URL is not set: the job queue lives in the store database.');
  const boss = createBoss(url, options);
  // Without a listener an 'error' event would end the process; a database away for a while must not.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error; it keeps trying'));
  await boss.start();
  return boss;
}

/** Starts this process's queue (once). Jobs can be queued without it; it is what runs them. */
export async function startJobQueue(options: JobQueueOptions = {}): Promise<PgBoss> {
  running ??= await openJobQueue(options);
  return running;
}

export const runningJobQueue = () => running;

/**
 * Stops taking jobs, lets running ones finish for up to `timeoutMs`, then hands back what is still running (it is
 * retried by whichever process runs next) and closes the queue's connections. Call before closing the database.
 */
export async function stopJobQueue({ timeoutMs = 10_000 } = {}): Promise<void> {
  const boss = running;
  running = undefined;
  await boss?.stop({ graceful: true, timeout: timeoutMs, wait: true });
}

/** Runs `handler` for each job of `queue`, one at a time per worker. A throw fails the attempt (retried by policy). */
export async function addWorker<T extends object>(
  boss: PgBoss,
  queue: QueueName,
  handler: (job: Job<T>) => Promise<unknown>,
): Promise<void> {
  const id = await boss.work<T>(queue, { includeMetadata: true, batchSize: 1 }, async ([job]) => handler(job));
  const ids = workerIds.get(boss) ?? new Map<QueueName, string[]>();
  ids.set(queue, [...(ids.get(queue) ?? []), id]);
  workerIds.set(boss, ids);
}

/** Asks this process's idle workers of `queue` to look now instead of at their next poll (after a commit). */
export function wakeWorkers(queue: QueueName): void {
  if (!running) return;
  for (const id of workerIds.get(running)?.get(queue) ?? []) running.notifyWorker(id);
}

export type SendOptions = Omit<PgBoss.SendOptions, 'db'> & {
  /** The transaction to write the job in; by default the store's pool. */
  db?: SqlRunner;
};

/**
 * Queues a job. Written through our own connection (or `options.db`), so it works in any process whose database
 * has been migrated, whether or not a worker runs here. Null when the queue's policy refused it (a run of a
 * `stately` queue already waiting) or the queue does not exist.
 */
export async function sendJob(
  queue: QueueName,
  data: object,
  { db: runner, ...options }: SendOptions = {},
): Promise<string | null> {
  // pg-boss needs an instance to build its SQL; one that is never started opens no connection of its own.
  const boss = running ?? (sender ??= createBoss(process.env.DATABASE_URL ?? 'postgres://unused'));
  return boss.send(queue, data, { ...options, db: jobExecutor(runner ?? db()) });
}
