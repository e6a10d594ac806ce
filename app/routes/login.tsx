import { getFormProps, getInputProps } from '@conform-to/react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { AuthCard, FormMessage, SubmitButton, TextField } from '~/components/accounts/fields';
import { FormTextField } from '~/components/accounts/form-text-fields';
import { useSchemaForm } from '~/components/forms/schema-form';
import { unlistedPageMeta } from '~/lib/seo';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { loginSchema, PASSWORD_FIELDS, SIGN_IN_REASONS, type SignInReason } from '~/lib/accounts/account-forms';
import { signIn } from '~/server/accounts/accounts.server';
import { redirectTarget } from '~/server/accounts/auth.server';
import { redirectIfSignedIn } from '~/server/accounts/guards.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import type { Route } from './+types/login';

export const meta = () => unlistedPageMeta('Sign In', 'Sign in to your account.');

/** `reason` is set by the admin guards when they ended a session (idle, or a sign-in too old for the change). */
export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const { redirectTo } = await redirectIfSignedIn(args);
  const reason = new URL(request.url).searchParams.get('reason') ?? '';
  return {
    redirectTo,
    notice: Object.hasOwn(SIGN_IN_REASONS, reason) ? SIGN_IN_REASONS[reason as SignInReason] : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { form, submission } = await readSubmission(request, loginSchema);
  if (submission.status !== 'success') return refused(submission.reply({ hideFields: PASSWORD_FIELDS }));
  const outcome = await signIn(request, submission.value);
  if (!outcome.ok)
    return refused(submission.reply({ formErrors: [outcome.message], hideFields: PASSWORD_FIELDS }), outcome.status);
  return redirect(redirectTarget(request, form.get('redirectTo')), { headers: outcome.headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { redirectTo, notice } = loaderData;
  const [form, fields] = useSchemaForm(loginSchema, { id: 'login', lastResult: actionData?.result });
  const suffix = redirectTo === '/' ? '' : `?${new URLSearchParams({ redirectTo })}`;
  return (
    <AuthCard
      title="Sign In"
      intro={
        <>
          New here?{' '}
          <Link to={`/register${suffix}`} className="text-ink underline underline-offset-4">
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormMessage id={form.errorId} error={form.errors?.[0]} />
        {notice && !actionData ? (
          <p role="status" className="border border-ink px-4 py-3 text-sm">
            {notice}
          </p>
        ) : null}
        {redirectTo.startsWith('/checkout') && !actionData ? (
          <p role="status" className="border border-ink px-4 py-3 text-sm">
            {CHECKOUT_MESSAGES.signIn}
          </p>
        ) : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormTextField field={fields.email} type="email" label="Email" autoComplete="email" />
        <TextField
          {...getInputProps(fields.password, { type: 'password', value: false })}
          key={fields.password.key}
          label="Password"
          autoComplete="current-password"
          error={fields.password.errors?.[0]}
        />
        <p className="text-right text-sm">
          <Link to="/forgot-password" className="text-muted underline underline-offset-4 hover:text-ink">
            Forgot your password?
          </Link>
        </p>
        <SubmitButton busy={busy}>{busy ? 'Signing in…' : 'Sign In'}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
