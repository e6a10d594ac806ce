/**
 * Mail as jobs: queueMail writes the mail into the `mail` queue (in the caller's transaction when given one) and
 * returns at once; the worker sends it through sendMail and pg-boss retries it with backoff (QUEUES.mail). A mail
 * whose last attempt fails is recorded in mail_failures, where the admin sees it and can send it again.
 */
import { mailFailures } from '~/db/schema';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { sendMail, type Mail } from '../mail.server';
import { sendJob, type Job, type SqlRunner } from './queue.server';
import { QUEUES } from './queues.server';

export type MailJob = { mail: Mail };

/** sendMail gives up before pg-boss would expire the attempt, so the failure is ours to record. */
const SEND_TIMEOUT_MS = (QUEUES.mail.expireInSeconds - 30) * 1000;

/**
 * Queues `mail`; with `db` (a transaction) the mail is sent only if that transaction commits. Returns the job id.
 * `singletonKey` names what the mail is about (an order's status mail): the mail queue's policy is `standard`, where
 * pg-boss does not refuse a second job with the same key, so a caller that must send once keeps its own record
 * (order_mails' unique order and kind); the key finds the job.
 */
export async function queueMail(
  mail: Mail,
  { db: runner, singletonKey }: { db?: SqlRunner; singletonKey?: string } = {},
): Promise<string> {
  const id = await sendJob(QUEUES.mail.name, { mail } satisfies MailJob, { db: runner, singletonKey });
  if (!id) throw new Error('The mail queue is missing: run the migrations (npm run db:migrate).');
  return id;
}

/** The `mail` worker: one attempt at sending. A throw makes pg-boss retry; after the last retry it is recorded. */
export async function deliverMailJob(job: Job<MailJob>): Promise<void> {
  const { mail } = job.data;
  try {
    await withTimeout(sendMail(mail), SEND_TIMEOUT_MS);
  } catch (error) {
    const attempt = job.retryCount + 1;
    const last = job.retryCount >= job.retryLimit;
    logger.warn(
      { err: error, jobId: job.id, subject: mail.subject, attempt, last },
      last ? 'mail failed for the last time: listed at /admin/mail-failures' : 'mail failed; it will be retried',
    );
    if (last) await recordMailFailure(job, error, attempt);
    throw error;
  }
}

async function recordMailFailure(job: Job<MailJob>, error: unknown, attempts: number) {
  const { mail } = job.data;
  await db()
    .insert(mailFailures)
    .values({
      jobId: job.id,
      recipient: mail.to,
      subject: mail.subject,
      mail,
      lastError: describeError(error),
      attempts,
    })
    .onConflictDoNothing({ target: mailFailures.jobId });
}

/** What the admin reads: the SMTP server's answer or the network error, on one line, never very long. */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, 500) || 'Unknown error';
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The mail server did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
