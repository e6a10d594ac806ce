import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { AuthCard, FormMessage, SubmitButton, TextField } from '~/components/account/fields';
import { CHECKOUT_MESSAGES } from '~/lib/checkout';
import {
  fieldErrorsOf,
  loginSchema,
  SIGN_IN_REASONS,
  textFields,
  type FieldErrors,
  type SignInReason,
} from '~/lib/account-forms';
import { signIn } from '~/server/accounts/accounts.server';
import { redirectIfSignedIn, redirectTarget } from '~/server/accounts/auth.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/login';

type ActionData = { values: { email: string }; fieldErrors?: FieldErrors<'email' | 'password'>; formError?: string };

export function meta() {
  return [
    { title: 'Sign In' },
    { name: 'description', content: 'Sign in to your account.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** `reason` is set by the admin guards when they ended a session (idle, or a sign-in too old for the change). */
export async function loader({ request }: Route.LoaderArgs) {
  const { redirectTo } = await redirectIfSignedIn(request);
  const reason = new URL(request.url).searchParams.get('reason') ?? '';
  return {
    redirectTo,
    notice: Object.hasOwn(SIGN_IN_REASONS, reason) ? SIGN_IN_REASONS[reason as SignInReason] : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => new FormData());
  const fields = textFields(form, ['email', 'password', 'redirectTo']);
  const values = { email: fields.email.trim() };
  const parsed = loginSchema.safeParse(fields);
  if (!parsed.success) return data<ActionData>({ values, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const outcome = await signIn(request, parsed.data);
  if (!outcome.ok) return data<ActionData>({ values, formError: outcome.message }, { status: outcome.status });
  return redirect(redirectTarget(request, fields.redirectTo), { headers: outcome.headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { redirectTo, notice } = loaderData;
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
      <Form method="post" noValidate className="space-y-5">
        <FormMessage error={actionData?.formError} />
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
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
          error={actionData?.fieldErrors?.email}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={actionData?.fieldErrors?.password}
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
