/**
 * The emailed link lands here (?token=…): a new password, once, within the hour; then every session is signed out.
 */
import { getFormProps, getInputProps } from '@conform-to/react';
import { data, Form, Link, useNavigation } from 'react-router';
import { AuthCard, FormMessage, OutcomeWithLink, SubmitButton, TextField } from '~/components/accounts/fields';
import { useSchemaForm } from '~/components/forms/schema-form';
import { MESSAGES, PASSWORD_FIELDS, resetPasswordSchema } from '~/lib/accounts/account-forms';
import { resetPassword } from '~/server/accounts/accounts.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import type { Route } from './+types/reset-password';

export function meta() {
  return [{ title: 'Choose a New Password' }, { name: 'robots', content: 'noindex' }];
}

/** The loader's Referrer-Policy applies to the page itself: the token in its URL goes nowhere else. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  // The token (in this page's URL) never leaves the site in a Referer header. Not 'no-referrer': that would make
  // the browser send "Origin: null" with the form, which the origin checks refuse.
  return data({ token: token.slice(0, 200) }, { headers: { 'Referrer-Policy': 'same-origin' } });
}

/** Not sent back: the passwords, and the token, which the page takes from its own address again. */
const HIDDEN = [...PASSWORD_FIELDS, 'token'];

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { submission } = await readSubmission(request, resetPasswordSchema);
  if (submission.status !== 'success') return refused(submission.reply({ hideFields: HIDDEN }));
  const outcome = await resetPassword(request, submission.value);
  if (!outcome.ok) {
    // A guessable password belongs under its input; a used or expired link above the form.
    const errors = outcome.field
      ? { fieldErrors: { [outcome.field]: [outcome.message] } }
      : { formErrors: [outcome.message] };
    return refused(submission.reply({ ...errors, hideFields: HIDDEN }), outcome.status);
  }
  // The page shows the answer instead of the form, so there is no form to reply to.
  return data({ done: true });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined;
  const [form, fields] = useSchemaForm(resetPasswordSchema, { id: 'reset-password', lastResult });
  if (actionData && 'done' in actionData) {
    return (
      <AuthCard title="Password Changed">
        <div className="space-y-6">
          <FormMessage success={MESSAGES.resetDone} />
          <Link
            to="/login"
            className="flex h-12 items-center justify-center bg-ink text-xs font-medium uppercase tracking-widest text-paper"
          >
            Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (!loaderData.token) {
    return (
      <AuthCard title="Choose a New Password">
        <OutcomeWithLink error={MESSAGES.resetInvalid} to="/forgot-password">
          Request a new link
        </OutcomeWithLink>
      </AuthCard>
    );
  }
  // The token is a hidden input: its error (a link cut short) is said above the form.
  const formError = form.errors?.[0] ?? fields.token.errors?.[0];
  return (
    <AuthCard title="Choose a New Password">
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormMessage id={form.errorId} error={formError} />
        {formError === MESSAGES.resetInvalid ? (
          <p className="text-center text-sm">
            <Link to="/forgot-password" className="underline underline-offset-4">
              Request a new link
            </Link>
          </p>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          {...getInputProps(fields.password, { type: 'password', value: false })}
          key={fields.password.key}
          label="New password"
          autoComplete="new-password"
          error={fields.password.errors?.[0]}
        />
        <TextField
          {...getInputProps(fields.confirmPassword, { type: 'password', value: false })}
          key={fields.confirmPassword.key}
          label="Confirm new password"
          autoComplete="new-password"
          error={fields.confirmPassword.errors?.[0]}
        />
        <SubmitButton busy={busy}>{busy ? 'Saving…' : 'Set New Password'}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
