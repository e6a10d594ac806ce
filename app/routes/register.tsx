import { getFormProps } from '@conform-to/react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { AuthCard, FormMessage, SubmitButton } from '~/components/accounts/fields';
import { FormTextField, NameFields } from '~/components/accounts/form-text-fields';
import { NewPasswordFields } from '~/components/accounts/new-password-fields';
import { TermsField } from '~/components/accounts/terms-field';
import { useSchemaForm } from '~/components/forms/schema-form';
import { unlistedPageMeta } from '~/lib/seo';
import { MESSAGES, PASSWORD_FIELDS, registerSchema } from '~/lib/accounts/account-forms';
import { registerAccount } from '~/server/accounts/accounts.server';
import { redirectTarget } from '~/server/accounts/auth.server';
import { redirectIfSignedIn } from '~/server/accounts/guards.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import type { Route } from './+types/register';

export const meta = () =>
  unlistedPageMeta('Create an Account', 'Create an account to check out and follow your orders.');

export async function loader(args: Route.LoaderArgs) {
  const { redirectTo } = await redirectIfSignedIn(args);
  return { redirectTo, sent: new URL(args.request.url).searchParams.get('sent') === '1' };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { form, submission } = await readSubmission(request, registerSchema);
  if (submission.status !== 'success') return refused(submission.reply({ hideFields: PASSWORD_FIELDS }));
  const outcome = await registerAccount(request, submission.value);
  if (!outcome.ok) {
    // A guessable password belongs under its input; anything else (too many tries) above the form.
    const errors = outcome.field
      ? { fieldErrors: { [outcome.field]: [outcome.message] } }
      : { formErrors: [outcome.message] };
    return refused(submission.reply({ ...errors, hideFields: PASSWORD_FIELDS }), outcome.status);
  }
  // The same page whether the address was new or already had an account (docs/requirements.md#14-messages).
  const redirectTo = redirectTarget(request, form.get('redirectTo'));
  return redirect(`/register?${new URLSearchParams({ sent: '1', ...(redirectTo === '/' ? {} : { redirectTo }) })}`);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { redirectTo, sent } = loaderData;
  const [form, fields] = useSchemaForm(registerSchema, { id: 'register', lastResult: actionData?.result });
  const suffix = redirectTo === '/' ? '' : `?${new URLSearchParams({ redirectTo })}`;
  if (sent) {
    return (
      <AuthCard title="Check Your Email">
        <div className="space-y-6">
          <FormMessage success={MESSAGES.registered} />
          <Link
            to={`/login${suffix}`}
            className="flex h-12 items-center justify-center bg-ink text-xs font-medium uppercase tracking-widest text-paper"
          >
            Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create an Account"
      intro={
        <>
          Already have one?{' '}
          <Link to={`/login${suffix}`} className="text-ink underline underline-offset-4">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <FormMessage id={form.errorId} error={form.errors?.[0]} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <FormTextField field={fields.email} type="email" label="Email" autoComplete="email" />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <TermsField terms={fields.terms} />
        <SubmitButton busy={busy}>{busy ? 'Creating account…' : 'Create Account'}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
