/**
 * /admin/mail-failures: mails the job queue gave up on after their last retry (recipient, subject, the mail
 * server's last answer, when), each with Retry, a plain form that queues it again (audit-logged).
 */
import { data, redirect } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { MailFailureTable } from '~/components/admin/mail-failure-table';
import { formMessage, UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { MAIL_FAILURE_MESSAGES, retryMailSchema } from '~/lib/admin/admin-mail-failures';
import { listMailFailures, retryMailFailure } from '~/server/jobs/mail-failures.server';
import { adminOf } from '~/server/accounts/guards.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import type { Route } from './+types/mail-failures';

export function meta() {
  return [{ title: 'Mail failures · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const failures = await listMailFailures();
  const queued = new URL(request.url).searchParams.get('retried') === '1';
  return data({ failures, queued });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { submission } = await readSubmission(request, retryMailSchema);
  // Retry's fields are hidden, so a wrong one means a hand-made or stale post: one message for the page.
  const failed = (status: number, message: string) => refused(submission.reply({ formErrors: [message] }), status);
  if (submission.status !== 'success')
    return failed(400, submission.error?.intent ? UNKNOWN_ACTION : MAIL_FAILURE_MESSAGES.notFound);
  try {
    const result = await retryMailFailure(admin, submission.value.id);
    if (result.kind === 'not-found') return failed(404, MAIL_FAILURE_MESSAGES.notFound);
    if (result.kind === 'already-retried') return failed(409, MAIL_FAILURE_MESSAGES.alreadyRetried);
  } catch (error) {
    logger.error({ err: error }, 'queueing a failed mail again failed');
    return failed(500, MAIL_FAILURE_MESSAGES.failed);
  }
  return redirect('/admin/mail-failures?retried=1');
}

export default function AdminMailFailures({ loaderData, actionData }: Route.ComponentProps) {
  const { failures, queued } = loaderData;
  const error = formMessage(actionData?.result);
  return (
    <section aria-labelledby="mail-failures-heading" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="mail-failures-heading" className="text-2xl font-semibold uppercase tracking-[0.2em]">
          Mail failures
        </h1>
        <p className="text-sm text-muted">
          {failures.total === 1 ? '1 mail not sent' : `${failures.total} mails not sent`}
        </p>
      </div>
      <p className="max-w-2xl text-sm text-muted">
        Every mail is tried again for about two hours before it is listed here. Check the mail server setting (SMTP_URL)
        or the address, then press Retry.
      </p>
      <FormMessage error={error} success={!error && queued ? MAIL_FAILURE_MESSAGES.queued : undefined} />
      {failures.rows.length ? (
        <MailFailureTable failures={failures.rows} />
      ) : (
        <p className="border border-dashed border-line px-6 py-8 text-center text-sm text-muted">
          Every mail has been sent. Nothing to retry.
        </p>
      )}
    </section>
  );
}
