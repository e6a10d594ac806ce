/**
 * /admin/admins: the admin addresses (docs/requirements.md#11-accounts-and-roles: an admin is a user whose email is
 * listed). Add one (the person need not have an account yet) or remove one; the last admin cannot be removed. Every
 * change is audit-logged. Rights apply only to a verified address (the page says so per admin), and a change needs a
 * sign-in within the last 15 minutes. Both forms are one schema (adminChangeSchema): an address typed into the add
 * form that is not one shows under its field; a failed change shows above the list.
 */
import type { SubmissionResult } from '@conform-to/react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { FormMessage } from '~/components/account/fields';
import { fieldProps, useAdminForm } from '~/components/admin/admin-form';
import { formKey } from '~/components/admin/crud/form';
import { AdminField } from '~/components/admin/settings-fields';
import { adminChangeSchema, ADMINS_MESSAGES } from '~/lib/admin-admins';
import { formMessage, UNKNOWN_ACTION } from '~/lib/admin-form';
import { formatOrderDate } from '~/lib/orders';
import { addAdmin, listAdmins, removeAdmin } from '~/server/admin/admins.server';
import { requireRecentSignIn } from '~/server/accounts/auth.server';
import { adminOf } from '~/server/accounts/guards.server';
import { readSubmission } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import type { Route } from './+types/admins';

export function meta() {
  return [{ title: 'Admins · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const params = new URL(request.url).searchParams;
  const notice = params.get('notice');
  const email = params.get('email') ?? '';
  const admins = await listAdmins();
  let success =
    notice === 'added' || notice === 'already' || notice === 'removed'
      ? ADMINS_MESSAGES[notice](email.slice(0, 254))
      : null;
  const entry = admins.find((a) => a.email === email);
  if (success && notice !== 'removed' && entry && !entry.emailVerified)
    success = `${success} ${ADMINS_MESSAGES.rightsWaitForVerification}`;
  return data({ admins, me: admin.email.toLowerCase(), success });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { submission } = await readSubmission(request, adminChangeSchema);
  // The answer says which form it is for: the add form shows it over what was typed, a Remove above the list.
  const answer = (intent: 'add' | 'remove', result: SubmissionResult<string[]>, status: number) =>
    data({ intent, result }, { status });
  const intent = submission.payload.intent === 'remove' ? 'remove' : 'add';
  if (submission.status !== 'success' && submission.error?.intent)
    return answer(intent, submission.reply({ formErrors: [UNKNOWN_ACTION] }), 400);
  await requireRecentSignIn(request, admin, '/admin/admins');
  // A Remove button sends a listed address, so a wrong one there is a hand-made post: said for the whole page.
  if (submission.status !== 'success')
    return answer(
      intent,
      intent === 'add' ? submission.reply() : submission.reply({ formErrors: [ADMINS_MESSAGES.notFound] }),
      400,
    );
  const { email } = submission.value;
  const failed = (message: string, status: number) =>
    answer(submission.value.intent, submission.reply({ formErrors: [message] }), status);
  try {
    if (submission.value.intent === 'add') {
      const result = await addAdmin(admin, email);
      return done(result.kind, email);
    }
    const result = await removeAdmin(admin, email);
    if (result.kind === 'not-found') return failed(ADMINS_MESSAGES.notFound, 404);
    if (result.kind === 'last-admin') return failed(ADMINS_MESSAGES.lastAdmin, 409);
  } catch (error) {
    logger.error({ err: error }, 'changing the admins failed');
    return failed(ADMINS_MESSAGES.failed, 500);
  }
  // Whoever removed their own address is no longer let in here.
  if (email === admin.email.toLowerCase()) return redirect('/');
  return done('removed', email);
}

/** Post/redirect/get: the page says what happened from its address, so a reload does not post again. */
const done = (notice: 'added' | 'already' | 'removed', email: string) =>
  redirect(`/admin/admins?${new URLSearchParams({ notice, email })}`);

export default function AdminAdmins({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData : undefined;
  const error = formMessage(actionData?.result);
  const last = loaderData.admins.length <= 1;
  return (
    <div className="max-w-3xl space-y-10">
      <div>
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Admins</h1>
        <p className="mt-2 text-sm text-muted">
          Anyone signed in with one of these addresses can use the Admin Panel. An address can be added before its owner
          registers.
        </p>
        <p className="mt-2 text-sm text-muted">
          {ADMINS_MESSAGES.rightsWaitForVerification} Adding or removing an admin asks you to sign in again if your last
          sign-in was more than 15 minutes ago.
        </p>
      </div>
      <FormMessage error={error} success={error ? undefined : (loaderData.success ?? undefined)} />
      <AddAdminForm
        // After a change the page reloads its data: the box starts empty again.
        key={formKey(loaderData)}
        lastResult={actionData?.intent === 'add' ? actionData.result : undefined}
        busy={busy?.get('intent') === 'add'}
      />
      <section aria-labelledby="admins-heading">
        <h2 id="admins-heading" className="text-sm font-semibold uppercase tracking-widest">
          Current admins ({loaderData.admins.length})
        </h2>
        <ul className="mt-4 divide-y divide-line border-y border-line text-sm">
          {loaderData.admins.map((entry) => (
            <li key={entry.email} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="break-all font-medium">
                  {entry.email}
                  {entry.email === loaderData.me ? (
                    <span className="ml-2 text-xs font-normal uppercase tracking-widest text-muted">(you)</span>
                  ) : null}
                </p>
                <p className="text-xs text-muted">
                  {entry.name ? `${entry.name} · ` : ''}
                  {entry.emailVerified
                    ? ADMINS_MESSAGES.verified
                    : entry.hasAccount
                      ? ADMINS_MESSAGES.unverified
                      : ADMINS_MESSAGES.noAccount}{' '}
                  · added <time dateTime={entry.createdAt}>{formatOrderDate(entry.createdAt)}</time>
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="email" value={entry.email} />
                <button
                  type="submit"
                  disabled={last || busy?.get('email') === entry.email}
                  aria-label={`Remove ${entry.email}`}
                  title={last ? ADMINS_MESSAGES.lastAdmin : undefined}
                  className="h-9 border border-line px-3 text-xs font-medium uppercase tracking-widest hover:border-sale hover:text-sale disabled:opacity-50 disabled:hover:border-line disabled:hover:text-ink"
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
        {last ? <p className="mt-2 text-xs text-muted">{ADMINS_MESSAGES.lastAdmin}</p> : null}
      </section>
    </div>
  );
}

/** "Add an admin by email": the address is checked as it is left and before posting, as the server checks it. */
function AddAdminForm({ lastResult, busy }: { lastResult?: SubmissionResult<string[]>; busy: boolean }) {
  const [form, fields] = useAdminForm(adminChangeSchema, { id: 'add-admin', lastResult });
  return (
    <Form
      id={form.id}
      method="post"
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      className="flex flex-wrap items-end gap-3"
      aria-labelledby="add-admin-heading"
    >
      <h2 id="add-admin-heading" className="sr-only">
        Add an admin
      </h2>
      <input type="hidden" name="intent" value="add" />
      <AdminField
        id="admin-email"
        type="email"
        label="Add an admin by email"
        autoComplete="off"
        className="min-w-64 flex-1"
        {...fieldProps(fields.email)}
      />
      <button
        type="submit"
        disabled={busy}
        className="h-11 bg-ink px-6 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60"
      >
        Add admin
      </button>
    </Form>
  );
}
