/**
 * The emailed link lands here (?token=…): a new password, once, within the hour; then every session is signed out.
 */
import { data, Form, Link, useNavigation } from 'react-router';
import { AuthCard, FormMessage, SubmitButton, TextField } from '~/components/account/fields';
import {
  fieldErrorsOf,
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  resetPasswordSchema,
  textFields,
  type FieldErrors,
} from '~/lib/account-forms';
import { resetPassword } from '~/server/accounts/accounts.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/reset-password';

type ActionData = {
  fieldErrors?: FieldErrors<'password' | 'confirmPassword' | 'token'>;
  formError?: string;
  done?: boolean;
};

export function meta() {
  return [{ title: 'Choose a New Password' }, { name: 'robots', content: 'noindex' }];
}

/** The loader's no-store (and, here, referrer) headers apply to the page itself. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  // The token (in this page's URL) never leaves the site in a Referer header. Not 'no-referrer': that would make
  // the browser send "Origin: null" with the form, which the origin checks refuse.
  return data(
    { token: token.slice(0, 200) },
    { headers: { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => new FormData());
  const parsed = resetPasswordSchema.safeParse(textFields(form, ['token', 'password', 'confirmPassword']));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data<ActionData>({ fieldErrors, formError: fieldErrors.token }, { status: 400 });
  }
  const outcome = await resetPassword(request, parsed.data);
  if (!outcome.ok && outcome.field)
    return data<ActionData>({ fieldErrors: { [outcome.field]: outcome.message } }, { status: outcome.status });
  if (!outcome.ok) return data<ActionData>({ formError: outcome.message }, { status: outcome.status });
  return data<ActionData>({ done: true });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  if (actionData?.done) {
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
        <div className="space-y-6">
          <FormMessage error={MESSAGES.resetInvalid} />
          <Link to="/forgot-password" className="block text-center text-sm underline underline-offset-4">
            Request a new link
          </Link>
        </div>
      </AuthCard>
    );
  }
  const errors = actionData?.fieldErrors;
  return (
    <AuthCard title="Choose a New Password">
      <Form method="post" noValidate className="space-y-5">
        <FormMessage error={actionData?.formError} />
        {actionData?.formError === MESSAGES.resetInvalid ? (
          <p className="text-center text-sm">
            <Link to="/forgot-password" className="underline underline-offset-4">
              Request a new link
            </Link>
          </p>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          error={errors?.password}
        />
        <TextField
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          error={errors?.confirmPassword}
        />
        <SubmitButton busy={busy}>{busy ? 'Saving…' : 'Set New Password'}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
