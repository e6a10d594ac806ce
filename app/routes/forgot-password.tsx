import { data, Form, Link, useNavigation } from 'react-router';
import { AuthCard, FormMessage, SubmitButton, TextField } from '~/components/account/fields';
import { fieldErrorsOf, forgotPasswordSchema, MESSAGES, textFields } from '~/lib/account-forms';
import { requestPasswordReset } from '~/server/accounts/accounts.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/forgot-password';

type ActionData = { values: { email: string }; fieldErrors?: { email?: string }; formError?: string; sent?: boolean };

export function meta() {
  return [
    { title: 'Forgot Password' },
    { name: 'description', content: 'Get a link to choose a new password.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The answer is the same whether or not the address has an account (no way to probe who shops here). */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => new FormData());
  const fields = textFields(form, ['email']);
  const values = { email: fields.email.trim() };
  const parsed = forgotPasswordSchema.safeParse(fields);
  if (!parsed.success) return data<ActionData>({ values, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const outcome = await requestPasswordReset(request, parsed.data.email);
  if (!outcome.ok) return data<ActionData>({ values, formError: outcome.message }, { status: outcome.status });
  return data<ActionData>({ values, sent: true });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      {actionData?.sent ? (
        <div className="space-y-6">
          <FormMessage success={MESSAGES.resetSent} />
          <Link to="/login" className="block text-center text-sm underline underline-offset-4">
            Back to Sign In
          </Link>
        </div>
      ) : (
        <Form method="post" noValidate className="space-y-5">
          <FormMessage error={actionData?.formError} />
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData?.values.email}
            error={actionData?.fieldErrors?.email}
          />
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
