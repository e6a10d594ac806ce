/**
 * What a signed-out shopper's checkout adds (docs/decisions/0038-account-inside-checkout.md): "Sign in" for an
 * account they have, and, after the address (whose email and name the account takes), /register's password and
 * terms consent. Pay makes the account, or signs in to the one the email already has with the password typed. Both
 * read the shipping form's fields from its FormProvider, whose schema (lib/checkout/checkout-account.ts) has them.
 */
import { getInputProps, useField } from '@conform-to/react';
import { Link } from 'react-router';
import { TextField } from '~/components/accounts/fields';
import { TermsField } from '~/components/accounts/terms-field';
import { PASSWORD_MIN } from '~/lib/accounts/account-forms';
import { CHECKOUT_ACCOUNT_MESSAGES } from '~/lib/checkout/checkout-account';

/** Where "Sign in" goes: the sign-in page, then back here. */
export const CHECKOUT_SIGN_IN = `/login?${new URLSearchParams({ redirectTo: '/checkout' })}`;

export function CheckoutSignInNote() {
  return (
    <p className="border border-line px-4 py-3 text-sm">
      Have an account?{' '}
      <Link to={CHECKOUT_SIGN_IN} className="font-medium underline underline-offset-4">
        Sign in
      </Link>{' '}
      for your saved address. New here? Fill in the form: Pay also makes your account.
    </p>
  );
}

export function CheckoutAccountFields() {
  const [password] = useField<string>('password');
  const [terms] = useField<string>('terms');
  const passwordError = password.errors?.[0];
  return (
    <fieldset className="space-y-5">
      <legend className="text-xs font-semibold uppercase tracking-widest">Your account</legend>
      <p className="text-sm text-muted">{CHECKOUT_ACCOUNT_MESSAGES.intro}</p>
      <TextField
        {...getInputProps(password, { type: 'password', value: false })}
        key={password.key}
        label="Password"
        autoComplete="new-password"
        aria-describedby={passwordError ? password.errorId : password.descriptionId}
        error={passwordError}
      />
      <p id={password.descriptionId} className="-mt-3 text-sm text-muted">
        {passwordError ? null : `At least ${PASSWORD_MIN} characters, and not easy to guess. `}
        Already have an account? Enter its password, or{' '}
        <Link to={CHECKOUT_SIGN_IN} className="text-ink underline underline-offset-4">
          sign in
        </Link>
        . Forgot it?{' '}
        <Link to="/forgot-password" className="text-ink underline underline-offset-4">
          Reset your password
        </Link>
        .
      </p>
      <TermsField terms={terms} />
    </fieldset>
  );
}
