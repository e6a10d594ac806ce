/**
 * A new password and its confirmation, as /register and the admin invitation's page ask for them: the same rules
 * (PASSWORD_MIN, zxcvbn on the server) and the same hint, which gives way to the error when there is one.
 */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { PASSWORD_MIN } from '~/lib/accounts/account-forms';
import { TextField } from './fields';

export function NewPasswordFields({
  password,
  confirmPassword,
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
}) {
  const passwordError = password.errors?.[0];
  return (
    <>
      <TextField
        {...getInputProps(password, { type: 'password', value: false })}
        key={password.key}
        label="Password"
        autoComplete="new-password"
        aria-describedby={passwordError ? password.errorId : password.descriptionId}
        error={passwordError}
      />
      {passwordError ? null : (
        <p id={password.descriptionId} className="-mt-3 text-sm text-muted">
          At least {PASSWORD_MIN} characters, and not easy to guess: a few unrelated words work well.
        </p>
      )}
      <TextField
        {...getInputProps(confirmPassword, { type: 'password', value: false })}
        key={confirmPassword.key}
        label="Confirm password"
        autoComplete="new-password"
        error={confirmPassword.errors?.[0]}
      />
    </>
  );
}
