/**
 * The shipping fields of docs/requirements.md#5-data-the-store-keeps (Nigeria by default, the 36 states and the FCT,
 * 'Town' for the city): the saved address on /account and the checkout form both render these.
 */
import { Form } from 'react-router';
import type { AddressField, ShippingAddress } from '~/lib/address';
import { ADDRESS_LIMITS } from '~/lib/address';
import type { FieldErrors } from '~/lib/account-forms';
import { COUNTRIES, NIGERIAN_STATES } from '~/lib/nigeria';
import { FieldError, FormMessage, SubmitButton, TextField } from './fields';

type Props = {
  values: ShippingAddress;
  saved: boolean;
  fieldErrors?: FieldErrors<AddressField>;
  formError?: string;
  success?: string;
  busy: boolean;
};

export function AddressForm({ values, saved, fieldErrors = {}, formError, success, busy }: Props) {
  return (
    <Form method="post" noValidate className="space-y-5" aria-labelledby="address-heading">
      <div>
        <h2 id="address-heading" className="text-sm font-semibold uppercase tracking-widest">
          Delivery address
        </h2>
        <p className="mt-1 text-sm text-muted">
          {saved ? 'Checkout fills this in for you.' : 'Save an address and checkout will fill it in for you.'}
        </p>
      </div>
      <FormMessage error={formError} success={success} />
      {/* Ids are prefixed: the profile form on the same page has its own first and last name inputs. */}
      <AddressFields values={values} fieldErrors={fieldErrors} idPrefix="address-" />
      <SubmitButton name="intent" value="address" busy={busy}>
        {busy ? 'Saving…' : 'Save Address'}
      </SubmitButton>
    </Form>
  );
}

type FieldsProps = { values: ShippingAddress; fieldErrors?: FieldErrors<AddressField>; idPrefix?: string };

export function AddressFields({ values, fieldErrors = {}, idPrefix = '' }: FieldsProps) {
  const id = (name: AddressField) => `${idPrefix}${name}`;
  const text = (name: AddressField, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      name={name}
      id={id(name)}
      label={label}
      defaultValue={values[name] ?? ''}
      error={fieldErrors[name]}
      {...props}
    />
  );
  const select = (
    name: AddressField,
    label: string,
    options: readonly string[],
    autoComplete: string,
    placeholder?: string,
  ) => (
    <SelectField
      id={id(name)}
      name={name}
      label={label}
      value={values[name] ?? ''}
      options={options}
      placeholder={placeholder}
      error={fieldErrors[name]}
      autoComplete={autoComplete}
    />
  );
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {text('firstName', 'First name', {
          autoComplete: 'shipping given-name',
          required: true,
          maxLength: ADDRESS_LIMITS.name,
        })}
        {text('lastName', 'Last name', {
          autoComplete: 'shipping family-name',
          required: true,
          maxLength: ADDRESS_LIMITS.name,
        })}
      </div>
      {select('country', 'Country', COUNTRIES, 'shipping country-name')}
      {text('address', 'Address', {
        autoComplete: 'shipping address-line1',
        required: true,
        maxLength: ADDRESS_LIMITS.line,
        placeholder: 'House number and street name',
      })}
      {text('apartment', 'Apartment, suite, etc. (optional)', {
        autoComplete: 'shipping address-line2',
        maxLength: ADDRESS_LIMITS.apartment,
      })}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('city', 'Town', {
          autoComplete: 'shipping address-level2',
          required: true,
          maxLength: ADDRESS_LIMITS.city,
        })}
        {select('state', 'State', NIGERIAN_STATES, 'shipping address-level1', 'Choose a state')}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('phone', 'Phone', {
          type: 'tel',
          autoComplete: 'shipping tel',
          inputMode: 'tel',
          required: true,
          maxLength: ADDRESS_LIMITS.phone,
          placeholder: '0803 123 4567',
        })}
        {text('email', 'Email', {
          type: 'email',
          autoComplete: 'shipping email',
          required: true,
          maxLength: ADDRESS_LIMITS.email,
        })}
      </div>
    </div>
  );
}

type SelectProps = {
  id: string;
  name: AddressField;
  label: string;
  value: string;
  options: readonly string[];
  placeholder?: string;
  error?: string;
  autoComplete: string;
};

function SelectField({ id, name, label, value, options, placeholder, error, autoComplete }: SelectProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium uppercase tracking-widest">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        required
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-2 h-12 w-full border bg-paper px-3 text-base outline-none focus:border-ink ${error ? 'border-sale' : 'border-line'}`}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
