/** First and last name side by side, as /register and the admin invitation's page ask for them for a new account. */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { TextField } from './fields';

export function NameFields({
  firstName,
  lastName,
}: {
  firstName: FieldMetadata<string>;
  lastName: FieldMetadata<string>;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        {...getInputProps(firstName, { type: 'text' })}
        key={firstName.key}
        label="First name"
        autoComplete="given-name"
        error={firstName.errors?.[0]}
      />
      <TextField
        {...getInputProps(lastName, { type: 'text' })}
        key={lastName.key}
        label="Last name"
        autoComplete="family-name"
        error={lastName.errors?.[0]}
      />
    </div>
  );
}
