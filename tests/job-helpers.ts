/** The job queue in an integration test file: workers on the file's own database, and waiting for them to finish. */
import { afterAll, beforeAll } from 'vitest';
import { runningJobQueue } from '~/server/jobs/queue.server';
import { QUEUES, type QueueName } from '~/server/jobs/queues.server';
import { startJobs, stopJobs, type WorkerOptions } from '~/server/jobs/workers.server';

/** Fast polling, so a test waits half a second at most for a worker to notice a job. */
export const TEST_QUEUE_OPTIONS = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 };

/** Starts this process's queue with its workers for the test file (no payment sweep unless asked). */
export function withJobs(options: WorkerOptions = {}) {
  beforeAll(async () => {
    await startJobs({ ...TEST_QUEUE_OPTIONS, sweep: false, ...options });
  });
  afterAll(async () => {
    await stopJobs({ timeoutMs: 1_000 });
  });
}

/** Waits until no job of `queues` is waiting, retrying or running (the running queue's view of the database). */
export async function drainJobs({
  queues = [QUEUES.mail.name],
  timeoutMs = 20_000,
}: { queues?: QueueName[]; timeoutMs?: number } = {}) {
  const boss = runningJobQueue();
  if (!boss) throw new Error('drainJobs needs the queue running: call withJobs() in the test file');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sizes = await Promise.all(queues.map((queue) => boss.getQueueSize(queue, { before: 'completed' })));
    if (sizes.every((size) => size === 0)) return;
    if (Date.now() > deadline)
      throw new Error(
        `jobs still pending after ${timeoutMs} ms: ${queues.map((q, i) => `${q}=${sizes[i]}`).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls `check` until it returns something truthy (or throws after `timeoutMs`). */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
