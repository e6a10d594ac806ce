/**
 * Text fields bound to a Conform field: its name, value, constraints and first error, and a key that renews the input
 * when the form is reset. The email and name fields of /login, /register, /forgot-password and the admin invitation.
 */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { TextField } from './fields';

export function FormTextField({
  field,
  type,
  label,
  autoComplete,
}: {
  field: FieldMetadata<string>;
  type: 'text' | 'email';
  label: string;
  autoComplete: string;
}) {
  return (
    <TextField
      {...getInputProps(field, { type })}
      key={field.key}
      label={label}
      autoComplete={autoComplete}
      error={field.errors?.[0]}
    />
  );
}

/** First and last name side by side, as a new account is asked for them. */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: FieldMetadata<string>;
  lastName: FieldMetadata<string>;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormTextField field={firstName} type="text" label="First name" autoComplete="given-name" />
      <FormTextField field={lastName} type="text" label="Last name" autoComplete="family-name" />
    </div>
  );
}
