/**
 * /admin/mail-failures: mails the job queue gave up on after their last retry (recipient, subject, the mail
 * server's last answer, when), each with Retry, a plain form that queues it again (audit-logged).
 */
import { data, redirect } from 'react-router';
import { FormMessage } from '~/components/account/fields';
import { MailFailureTable } from '~/components/admin/mail-failure-table';
import { MAIL_FAILURE_MESSAGES, retryMailSchema } from '~/lib/admin-mail-failures';
import { listMailFailures, retryMailFailure } from '~/server/admin/mail-failures.server';
import { requireAdmin } from '~/server/accounts/auth.server';
import { logger } from '~/server/logger.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/mail-failures';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta() {
  return [{ title: 'Mail failures · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const failures = await listMailFailures();
  const queued = new URL(request.url).searchParams.get('retried') === '1';
  return data({ failures, queued }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const form = await request.formData().catch(() => new FormData());
  if (form.get('intent') !== 'retry') return data({ error: 'Unknown action.' }, { status: 400 });
  const parsed = retryMailSchema.safeParse({ id: form.get('id') });
  if (!parsed.success) return data({ error: MAIL_FAILURE_MESSAGES.notFound }, { status: 400 });
  try {
    const result = await retryMailFailure(admin, parsed.data.id);
    if (result.kind === 'not-found') return data({ error: MAIL_FAILURE_MESSAGES.notFound }, { status: 404 });
    if (result.kind === 'already-retried')
      return data({ error: MAIL_FAILURE_MESSAGES.alreadyRetried }, { status: 409 });
  } catch (error) {
    logger.error({ err: error }, 'queueing a failed mail again failed');
    return data({ error: MAIL_FAILURE_MESSAGES.failed }, { status: 500 });
  }
  return redirect('/admin/mail-failures?retried=1', { headers: NO_STORE });
}

export default function AdminMailFailures({ loaderData, actionData }: Route.ComponentProps) {
  const { failures, queued } = loaderData;
  const error = actionData && 'error' in actionData ? actionData.error : undefined;
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
