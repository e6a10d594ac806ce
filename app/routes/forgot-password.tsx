import { getFormProps } from '@conform-to/react';
import { data, Form, Link, useNavigation } from 'react-router';
import { AuthCard, FormMessage, OutcomeWithLink, SubmitButton } from '~/components/accounts/fields';
import { FormTextField } from '~/components/accounts/form-text-fields';
import { useSchemaForm } from '~/components/forms/schema-form';
import { unlistedPageMeta } from '~/lib/seo';
import { forgotPasswordSchema, MESSAGES } from '~/lib/accounts/account-forms';
import { requestPasswordReset } from '~/server/accounts/accounts.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import type { Route } from './+types/forgot-password';

export const meta = () => unlistedPageMeta('Forgot Password', 'Get a link to choose a new password.');

/** The answer is the same whether or not the address has an account (no way to probe who shops here). */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { submission } = await readSubmission(request, forgotPasswordSchema);
  if (submission.status !== 'success') return refused(submission.reply());
  const outcome = await requestPasswordReset(request, submission.value.email);
  if (!outcome.ok) return refused(submission.reply({ formErrors: [outcome.message] }), outcome.status);
  // The page shows the answer instead of the form, so there is no form to reply to.
  return data({ sent: true });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined;
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { id: 'forgot-password', lastResult });
  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      {actionData && 'sent' in actionData ? (
        <OutcomeWithLink success={MESSAGES.resetSent} to="/login">
          Back to Sign In
        </OutcomeWithLink>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormMessage id={form.errorId} error={form.errors?.[0]} />
          <FormTextField field={fields.email} type="email" label="Email" autoComplete="email" />
          <SubmitButton busy={busy}>{busy ? 'Sending…' : 'Send Reset Link'}</SubmitButton>
          <p className="text-center text-sm">
            <Link to="/login" className="text-muted underline underline-offset-4 hover:text-ink">
              Back to Sign In
            </Link>
          </p>
        </Form>
      )}
    </AuthCard>
  );
}
