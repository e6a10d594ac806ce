import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { AuthCard, FormMessage, SubmitButton, TextField } from '~/components/account/fields';
import {
  fieldErrorsOf,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  registerSchema,
  textFields,
  type FieldErrors,
} from '~/lib/account-forms';
import { registerAccount } from '~/server/accounts/accounts.server';
import { redirectIfSignedIn, redirectTarget } from '~/server/accounts/auth.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/register';

const FIELDS = ['email', 'password', 'confirmPassword', 'firstName', 'lastName', 'terms', 'redirectTo'] as const;
type Field = 'email' | 'password' | 'confirmPassword' | 'firstName' | 'lastName' | 'terms';
type ActionData = {
  values: { email: string; firstName: string; lastName: string; terms: boolean };
  fieldErrors?: FieldErrors<Field>;
  formError?: string;
};

export function meta() {
  return [
    { title: 'Create an Account' },
    { name: 'description', content: 'Create an account to check out and follow your orders.' },
    { name: 'robots', content: 'noindex' },
  ];
}

export const loader = ({ request }: Route.LoaderArgs) => redirectIfSignedIn(request);

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => new FormData());
  const fields = textFields(form, FIELDS);
  const values = {
    email: fields.email.trim(),
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    terms: fields.terms === 'on',
  };
  const parsed = registerSchema.safeParse(fields);
  if (!parsed.success) return data<ActionData>({ values, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  const outcome = await registerAccount(request, parsed.data);
  if (!outcome.ok && outcome.field)
    return data<ActionData>({ values, fieldErrors: { [outcome.field]: outcome.message } }, { status: outcome.status });
  if (!outcome.ok) return data<ActionData>({ values, formError: outcome.message }, { status: outcome.status });
  return redirect(redirectTarget(request, fields.redirectTo), { headers: outcome.headers });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const { redirectTo } = loaderData;
  const errors = actionData?.fieldErrors;
  const values = actionData?.values;
  const suffix = redirectTo === '/' ? '' : `?${new URLSearchParams({ redirectTo })}`;
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
      <Form method="post" noValidate className="space-y-5">
        <FormMessage error={actionData?.formError} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="firstName"
            label="First name"
            autoComplete="given-name"
            required
            maxLength={NAME_MAX}
            defaultValue={values?.firstName}
            error={errors?.firstName}
          />
          <TextField
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            required
            maxLength={NAME_MAX}
            defaultValue={values?.lastName}
            error={errors?.lastName}
          />
        </div>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          error={errors?.email}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-describedby={errors?.password ? 'password-error' : 'password-hint'}
          error={errors?.password}
        />
        {errors?.password ? null : (
          <p id="password-hint" className="-mt-3 text-sm text-muted">
            At least {PASSWORD_MIN} characters, and not easy to guess: a few unrelated words work well.
          </p>
        )}
        <TextField
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          error={errors?.confirmPassword}
        />
        <div>
          <div className="flex items-start gap-3">
            <input
              id="terms"
              name="terms"
              type="checkbox"
              required
              defaultChecked={values?.terms}
              aria-invalid={errors?.terms ? true : undefined}
              aria-describedby={errors?.terms ? 'terms-error' : undefined}
              className="mt-1 h-5 w-5 accent-ink"
            />
            <label htmlFor="terms" className="text-sm">
              I agree to the{' '}
              <Link to="/terms" className="underline underline-offset-4">
                terms and conditions
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" className="underline underline-offset-4">
                privacy policy
              </Link>
              .
            </label>
          </div>
          {errors?.terms ? (
            <p id="terms-error" className="mt-1 text-sm text-sale">
              {errors.terms}
            </p>
          ) : null}
        </div>
        <SubmitButton busy={busy}>{busy ? 'Creating account…' : 'Create Account'}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
