/**
 * /admin/admins: the admin addresses (docs/requirements.md#11-accounts-and-roles, decision 0026: admin by invitation
 * only). Adding an address mails it an invitation; the rights start when its owner accepts it (the page shows each
 * address as invited, accepted or expired, with Resend). Remove takes the rights away at once; the last accepted admin
 * cannot be removed. Every change is audit-logged and needs a sign-in within the last 15 minutes. The forms are one
 * schema (adminChangeSchema): an address typed into the add form that is not one shows under its field; a failed
 * change shows above the list.
 */
import type { SubmissionResult } from '@conform-to/react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { fieldProps, useAdminForm } from '~/components/admin/admin-form';
import { formKey } from '~/components/admin/crud/form';
import { AdminField } from '~/components/store/admin/settings-fields';
import { adminChangeSchema, ADMINS_MESSAGES, INVITATION_HOURS } from '~/lib/accounts/admin-admins';
import { formMessage, UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { formatOrderDate, formatOrderDateTime } from '~/lib/orders/orders';
import { mailInvitation, type Invitation } from '~/server/accounts/admin-invitations.server';
import { addAdmin, listAdmins, removeAdmin, resendInvitation } from '~/server/accounts/admins.server';
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
  const success = isNotice(notice) ? ADMINS_MESSAGES[notice](email.slice(0, 254)) : null;
  return data({ admins, me: admin.email.toLowerCase(), success });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { submission } = await readSubmission(request, adminChangeSchema);
  // The answer says which form it is for: the add form shows it over what was typed, a Remove above the list.
  const answer = (intent: 'add' | 'remove', result: SubmissionResult<string[]>, status: number) =>
    data({ intent, result }, { status });
  const intent = submission.payload.intent === 'add' ? 'add' : 'remove';
  if (submission.status !== 'success' && submission.error?.intent)
    return answer(intent, submission.reply({ formErrors: [UNKNOWN_ACTION] }), 400);
  await requireRecentSignIn(request, admin, '/admin/admins');
  // A Resend or Remove button sends a listed address, so a wrong one there is a hand-made post: said for the page.
  if (submission.status !== 'success')
    return answer(
      intent,
      intent === 'add' ? submission.reply() : submission.reply({ formErrors: [ADMINS_MESSAGES.notFound] }),
      400,
    );
  const { email } = submission.value;
  const failed = (message: string, status: number) =>
    answer(submission.value.intent === 'add' ? 'add' : 'remove', submission.reply({ formErrors: [message] }), status);
  try {
    if (submission.value.intent === 'add') {
      const result = await addAdmin(admin, email);
      return result.kind === 'added' ? invited('added', result.invitation) : done('already', email);
    }
    if (submission.value.intent === 'resend') {
      const result = await resendInvitation(admin, email);
      if (result.kind === 'not-found') return failed(ADMINS_MESSAGES.notFound, 404);
      if (result.kind === 'accepted') return failed(ADMINS_MESSAGES.alreadyAccepted, 409);
      return invited('resent', result.invitation);
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

type Notice = 'added' | 'already' | 'resent' | 'unsent' | 'removed';
const NOTICES: readonly string[] = ['added', 'already', 'resent', 'unsent', 'removed'] satisfies Notice[];
const isNotice = (value: string | null): value is Notice => value !== null && NOTICES.includes(value);

/** Post/redirect/get: the page says what happened from its address, so a reload does not post again. */
const done = (notice: Notice, email: string) => redirect(`/admin/admins?${new URLSearchParams({ notice, email })}`);

/** Mails the invitation once its row is committed; a mail that fails leaves the address listed, to resend. */
async function invited(notice: 'added' | 'resent', invitation: Invitation) {
  try {
    await mailInvitation(invitation);
  } catch (error) {
    logger.error({ err: error, email: invitation.email }, 'admin invitation mail failed');
    return done('unsent', invitation.email);
  }
  return done(notice, invitation.email);
}

export default function AdminAdmins({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData : undefined;
  const error = formMessage(actionData?.result);
  const last = loaderData.admins.filter((entry) => entry.state === 'accepted').length <= 1;
  return (
    <div className="max-w-3xl space-y-10">
      <div>
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Admins</h1>
        <p className="mt-2 text-sm text-muted">
          Adding an address emails it a single-use invitation that works for {INVITATION_HOURS} hours.{' '}
          {ADMINS_MESSAGES.rightsWaitForInvitation}
        </p>
        <p className="mt-2 text-sm text-muted">
          Changing the admins asks you to sign in again if your last sign-in was more than 15 minutes ago.
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
                  {entry.state === 'accepted'
                    ? ADMINS_MESSAGES.accepted
                    : entry.state === 'invited' && entry.expiresAt
                      ? ADMINS_MESSAGES.invited(formatOrderDateTime(entry.expiresAt))
                      : ADMINS_MESSAGES.expired}{' '}
                  · added <time dateTime={entry.createdAt}>{formatOrderDate(entry.createdAt)}</time>
                </p>
              </div>
              <div className="flex gap-2">
                {entry.state === 'accepted' ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="email" value={entry.email} />
                    <button
                      type="submit"
                      disabled={busy?.get('email') === entry.email}
                      className="h-11 border border-line px-3 text-xs font-medium uppercase tracking-widest hover:border-ink disabled:opacity-50"
                    >
                      {/* The name starts with the words shown (WCAG 2.5.3), then says whose invitation. */}
                      Resend invitation<span className="sr-only"> to {entry.email}</span>
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="email" value={entry.email} />
                  <button
                    type="submit"
                    disabled={(last && entry.state === 'accepted') || busy?.get('email') === entry.email}
                    aria-label={`Remove ${entry.email}`}
                    title={last && entry.state === 'accepted' ? ADMINS_MESSAGES.lastAdmin : undefined}
                    className="h-11 border border-line px-3 text-xs font-medium uppercase tracking-widest hover:border-sale hover:text-sale disabled:opacity-50 disabled:hover:border-line disabled:hover:text-ink"
                  >
                    Remove
                  </button>
                </Form>
              </div>
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
