/**
 * /admin/mail-failures: mails that failed their last retry (app/server/jobs/mail-jobs.server.ts records them), and
 * Retry, which queues the same mail again. The listing leaves the mail's body out: it may hold a sign-in link.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { mailFailures } from '~/db/schema';
import type { MailFailureView } from '~/lib/admin/admin-mail-failures';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { db } from '../db.server';
import { queueMail } from './mail-jobs.server';
import { wakeWorkers } from './queue.server';
import { QUEUES } from './queues.server';

/** Failures not retried yet, newest first (the page shows at most `limit`; the total says how many there are). */
export async function listMailFailures({ limit = 100 } = {}): Promise<{ rows: MailFailureView[]; total: number }> {
  const open = isNull(mailFailures.retriedAt);
  const [rows, [counted]] = await Promise.all([
    db()
      .select({
        id: mailFailures.id,
        recipient: mailFailures.recipient,
        subject: mailFailures.subject,
        lastError: mailFailures.lastError,
        attempts: mailFailures.attempts,
        failedAt: mailFailures.failedAt,
      })
      .from(mailFailures)
      .where(open)
      .orderBy(desc(mailFailures.failedAt), desc(mailFailures.id))
      .limit(limit),
    db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(mailFailures)
      .where(open),
  ]);
  return { rows: rows.map((row) => ({ ...row, failedAt: row.failedAt.toISOString() })), total: counted.n };
}

export type RetryResult = { kind: 'queued'; jobId: string } | { kind: 'already-retried' } | { kind: 'not-found' };

/**
 * Queues the failed mail again, once: the row is locked and marked in the same transaction that writes the new
 * job and the audit row, so two clicks on Retry send one mail.
 */
export async function retryMailFailure(actor: AuditActor, id: number): Promise<RetryResult> {
  const result = await db().transaction(async (tx): Promise<RetryResult> => {
    const [failure] = await tx.select().from(mailFailures).where(eq(mailFailures.id, id)).for('update');
    if (!failure) return { kind: 'not-found' };
    if (failure.retriedAt) return { kind: 'already-retried' };
    const jobId = await queueMail(failure.mail, { db: tx });
    await tx
      .update(mailFailures)
      .set({ retriedAt: new Date(), retryJobId: jobId })
      .where(and(eq(mailFailures.id, id), isNull(mailFailures.retriedAt)));
    await recordAudit(tx, actor, {
      action: 'mail_failure.retried',
      entityType: 'mail_failure',
      entityId: String(id),
      before: {
        recipient: failure.recipient,
        subject: failure.subject,
        lastError: failure.lastError,
        failedJobId: failure.jobId,
      },
      after: { retryJobId: jobId },
    });
    return { kind: 'queued', jobId };
  });
  if (result.kind === 'queued') wakeWorkers(QUEUES.mail.name);
  return result;
}
