/**
 * Mail jobs on real PostgreSQL and a real local SMTP server: a queued mail survives a restart, two queues on one
 * database send each mail once, and a mail that keeps failing ends in the admin's list, from where Retry sends it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, mailFailures } from '~/db/schema';
import type { MailFailureView } from '~/lib/admin/admin-mail-failures';
import { db } from '~/server/db.server';
import { createUser } from '../../../tests/factories';
import { drainJobs, eventually, TEST_QUEUE_OPTIONS } from '../../../tests/job-helpers';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';
import { startTestSmtp } from '../../../tests/smtp-test-server';
import { queueMail } from './mail-jobs.server';
import { openJobQueue, runningJobQueue } from './queue.server';
import { QUEUES } from './queues.server';
import { registerWorkers, startJobs, stopJobs } from './workers.server';

const mailFailuresRoute = await routeModule<typeof import('~/routes/admin/mail-failures')>(
  'routes/admin/mail-failures.tsx',
);

// Read by env() on first use, which comes after this line: every mail of this file goes to this server.
const smtp = await startTestSmtp();
process.env.SMTP_URL = smtp.url;
afterAll(async () => {
  await stopJobs({ timeoutMs: 1_000 });
  smtp.answer();
  await smtp.close();
});

const start = () => startJobs({ ...TEST_QUEUE_OPTIONS, sweep: false });
const copiesOf = (subject: string) =>
  smtp.received.filter((mail) => mail.raw.split(/\r?\n/).includes(`Subject: ${subject}`)).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a mail job survives a restart', () => {
  it('queued while no queue runs (the store stopped), it is sent by the next queue to start', async () => {
    await start();
    await stopJobs({ timeoutMs: 1_000 });
    expect(runningJobQueue()).toBeUndefined();

    await queueMail({ to: 'kemi@example.com', subject: 'Queued while stopped', text: 'Hello' });
    await sleep(1_500);
    expect(copiesOf('Queued while stopped')).toBe(0);

    await start();
    await eventually(() => copiesOf('Queued while stopped') === 1, 15_000, 'the mail being sent after the restart');
    await drainJobs();
    expect(copiesOf('Queued while stopped')).toBe(1);
    await stopJobs({ timeoutMs: 1_000 });
  });
});

describe('several store processes on one database', () => {
  it('two queues with the same workers send each mail exactly once', async () => {
    const queues = await Promise.all([openJobQueue(TEST_QUEUE_OPTIONS), openJobQueue(TEST_QUEUE_OPTIONS)]);
    try {
      const subjects = Array.from({ length: 12 }, (_, i) => `Twice-${i}`);
      for (const subject of subjects) await queueMail({ to: 'tunde@example.com', subject, text: subject });
      await Promise.all(queues.map((boss) => registerWorkers(boss, { sweep: false })));
      await eventually(() => subjects.every((subject) => copiesOf(subject) >= 1), 20_000, 'every mail being sent');
      await sleep(1_500);
      expect(subjects.map(copiesOf)).toEqual(subjects.map(() => 1));
    } finally {
      await Promise.all(queues.map((boss) => boss.stop({ graceful: true, timeout: 1_000, wait: true })));
    }
  });
});

describe('a mail that keeps failing', () => {
  it('is listed for the admin after its last retry; Retry queues it again, once, audit-logged', async () => {
    const boss = await start();
    // This file's database only: two attempts a second apart instead of nine over two hours.
    await boss.updateQueue(QUEUES.mail.name, { ...QUEUES.mail, retryLimit: 1, retryDelay: 1, retryBackoff: false });
    const admin = await createUser({ admin: true });
    smtp.refuse('bounce@example.com');

    await queueMail({ to: 'bounce@example.com', subject: 'Your order shipped', text: 'On its way' });
    const failure = await eventually(
      async () => (await db().select().from(mailFailures).where(eq(mailFailures.recipient, 'bounce@example.com')))[0],
      15_000,
      'the failure being recorded',
    );
    expect(failure).toMatchObject({ subject: 'Your order shipped', attempts: 2, retriedAt: null });
    expect(failure.lastError).toContain('451');

    const page = await outcome(() => mailFailuresRoute.loader(args(get('/admin/mail-failures', admin.cookie))));
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    const listed = (page.data as { failures: { rows: MailFailureView[]; total: number } }).failures;
    expect(listed.total).toBe(1);
    expect(listed.rows[0]).toMatchObject({
      id: failure.id,
      recipient: 'bounce@example.com',
      subject: 'Your order shipped',
      attempts: 2,
    });
    expect(listed.rows[0].lastError).toContain('451');
    expect(listed.rows[0]).not.toHaveProperty('mail');

    smtp.accept('bounce@example.com');
    const retry = () =>
      outcome(() =>
        mailFailuresRoute.action(
          args(post('/admin/mail-failures', { intent: 'retry', id: String(failure.id) }, { cookie: admin.cookie })),
        ),
      );
    expect(await retry()).toMatchObject({ status: 302, location: '/admin/mail-failures?retried=1' });
    // A second click (another tab, a double submit) queues nothing more.
    expect(await retry()).toMatchObject({ status: 409 });
    await drainJobs();
    expect(copiesOf('Your order shipped')).toBe(1);

    const after = await outcome(() =>
      mailFailuresRoute.loader(args(get('/admin/mail-failures?retried=1', admin.cookie))),
    );
    expect(after.data).toMatchObject({ failures: { rows: [], total: 0 }, queued: true });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail_failure.retried'), eq(auditLog.entityId, String(failure.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorEmail: admin.email, entityType: 'mail_failure' });
  });

  it('refuses Retry from another site and an unknown id', async () => {
    const admin = await createUser({ admin: true });
    const foreign = await outcome(() =>
      mailFailuresRoute.action(
        args(
          post(
            '/admin/mail-failures',
            { intent: 'retry', id: '1' },
            { cookie: admin.cookie, origin: 'https://evil.example' },
          ),
        ),
      ),
    );
    expect(foreign.status).toBe(403);
    const unknown = await outcome(() =>
      mailFailuresRoute.action(
        args(post('/admin/mail-failures', { intent: 'retry', id: '999999' }, { cookie: admin.cookie })),
      ),
    );
    expect(unknown.status).toBe(404);
    const badIntent = await outcome(() =>
      mailFailuresRoute.action(
        args(post('/admin/mail-failures', { intent: 'delete', id: '1' }, { cookie: admin.cookie })),
      ),
    );
    expect(badIntent.status).toBe(400);
  });
});
