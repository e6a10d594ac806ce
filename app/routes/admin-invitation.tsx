/**
 * The admin invitation's link lands here (?token=…; decision 0026). Opening it changes nothing; the form sets a
 * password (the rules of /register) and, for an address with no account yet, the name. Posting it accepts: the
 * account is created, or an account registered with the address before gets the new password and loses every old
 * session; the invitee is signed in and sent to /admin. Outside the admin guard: the invitee has no rights yet.
 */
import { getFormProps } from '@conform-to/react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { AuthCard, FormMessage, SubmitButton } from '~/components/accounts/fields';
import { NameFields } from '~/components/accounts/form-text-fields';
import { NewPasswordFields } from '~/components/accounts/new-password-fields';
import { useSchemaForm } from '~/components/forms/schema-form';
import { PASSWORD_FIELDS } from '~/lib/accounts/account-forms';
import { acceptInvitationSchema, INVITATION_MESSAGES } from '~/lib/accounts/admin-admins';
import { acceptInvitation, openInvitation } from '~/server/accounts/admin-invitations.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import type { Route } from './+types/admin-invitation';

const TOKEN_MAX = 200;

/** The token in this page's address never leaves the site in a Referer header (not 'no-referrer': see reset-password). */
const REFERRER = { 'Referrer-Policy': 'same-origin' };

export function meta() {
  return [{ title: 'Accept Your Admin Invitation' }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const tokenOf = (request: Request) => {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return token.length <= TOKEN_MAX ? token : '';
};

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const opened = token ? await openInvitation(token) : ({ state: 'invalid' } as const);
  if (opened.state !== 'valid') return data({ state: opened.state, token: '' }, { status: 400, headers: REFERRER });
  return data(
    { state: opened.state, token, email: opened.email, newAccount: opened.newAccount },
    { headers: REFERRER },
  );
}

/** Not sent back: the passwords, and the token, which the page takes from its own address again. */
const HIDDEN = [...PASSWORD_FIELDS, 'token'];

export async function action({ request }: Route.ActionArgs) {
  const token = tokenOf(request);
  const opened = token ? await openInvitation(token) : ({ state: 'invalid' } as const);
  if (opened.state !== 'valid') return data({ state: opened.state }, { status: 400 });
  const { submission } = await readSubmission(request, acceptInvitationSchema(opened.newAccount));
  if (submission.status !== 'success') return refused(submission.reply({ hideFields: HIDDEN }));
  const outcome = await acceptInvitation(request, token, submission.value);
  if (!outcome.ok && outcome.reason === 'field')
    return refused(submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: HIDDEN }));
  if (!outcome.ok) return data({ state: outcome.reason }, { status: 400 });
  if (!outcome.signedIn) return redirect(`/login?${new URLSearchParams({ redirectTo: '/admin', reason: 'invited' })}`);
  return redirect('/admin', { headers: outcome.headers });
}

const TITLES = { expired: 'Invitation Expired', invalid: 'Invitation Not Valid' } as const;

export default function AdminInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const refusedState = actionData && 'state' in actionData ? actionData.state : undefined;
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined;
  const newAccount = loaderData.state === 'valid' && loaderData.newAccount;
  const [form, fields] = useSchemaForm(acceptInvitationSchema(newAccount), { id: 'admin-invitation', lastResult });
  const state = refusedState ?? loaderData.state;
  if (state !== 'valid' || loaderData.state !== 'valid') {
    const reason = state === 'expired' ? 'expired' : 'invalid';
    return (
      <AuthCard title={TITLES[reason]}>
        <div className="space-y-6">
          <FormMessage error={INVITATION_MESSAGES[reason]} />
          <Link to="/" className="block text-center text-sm underline underline-offset-4">
            Go to the store
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Accept Your Admin Invitation"
      intro={
        <>
          For <strong className="break-all text-ink">{loaderData.email}</strong>. Set a password to become an admin.
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormMessage id={form.errorId} error={form.errors?.[0]} />
        {newAccount ? null : <p className="text-sm text-muted">{INVITATION_MESSAGES.existingAccount}</p>}
        <input type="hidden" name="token" value={loaderData.token} />
        {newAccount ? <NameFields firstName={fields.firstName} lastName={fields.lastName} /> : null}
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <SubmitButton busy={busy}>{busy ? 'Accepting…' : 'Set Password and Accept'}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
