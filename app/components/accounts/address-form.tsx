/**
 * The shipping fields of docs/requirements.md#5-data-the-store-keeps (Nigeria by default, the 36 states and the FCT,
 * 'Town' for the city): the saved address on /account and the checkout form both render these.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react';
import { Form } from 'react-router';
import {
  shippingAddressSchema,
  type AddressField,
  type AddressInput,
  type ShippingAddress,
} from '~/lib/accounts/address';
import { COUNTRIES, NIGERIAN_STATES } from '~/lib/nigeria';
import { FieldError, FormMessage, SubmitButton, TextField } from './fields';
import { useSchemaForm } from '../forms/schema-form';

type Props = {
  /** The saved address, or a blank one with the account's name and email. */
  address: ShippingAddress;
  saved: boolean;
  result?: SubmissionResult<string[]>;
  success?: string;
  busy: boolean;
};

export function AddressForm({ address, saved, result, success, busy }: Props) {
  // Its id prefixes the inputs' ids: the profile form on the same page has its own first and last name inputs.
  const [form, fields] = useSchemaForm(shippingAddressSchema, {
    id: 'address',
    lastResult: result,
    defaultValue: address,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5" aria-labelledby="address-heading">
      <div>
        <h2 id="address-heading" className="text-sm font-semibold uppercase tracking-widest">
          Delivery address
        </h2>
        <p className="mt-1 text-sm text-muted">
          {saved ? 'Checkout fills this in for you.' : 'Save an address and checkout will fill it in for you.'}
        </p>
      </div>
      <FormMessage id={form.errorId} error={form.errors?.[0]} success={success} />
      <AddressFields fields={fields} />
      <SubmitButton name="intent" value="address" busy={busy}>
        {busy ? 'Saving…' : 'Save Address'}
      </SubmitButton>
    </Form>
  );
}

/** The fields of a form of the address schema (the saved address, or checkout's, which has the same fields). */
export type AddressFieldset = { [Name in AddressField]: FieldMetadata<AddressInput[Name], AddressInput> };

export function AddressFields({ fields }: { fields: AddressFieldset }) {
  const text = (
    name: AddressField,
    label: string,
    type: 'text' | 'tel' | 'email',
    props: Record<string, string> = {},
  ) => (
    <TextField
      {...getInputProps(fields[name], { type })}
      key={fields[name].key}
      label={label}
      error={fields[name].errors?.[0]}
      {...props}
    />
  );
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {text('firstName', 'First name', 'text', { autoComplete: 'shipping given-name' })}
        {text('lastName', 'Last name', 'text', { autoComplete: 'shipping family-name' })}
      </div>
      <SelectField field={fields.country} label="Country" options={COUNTRIES} autoComplete="shipping country-name" />
      {text('address', 'Address', 'text', {
        autoComplete: 'shipping address-line1',
        placeholder: 'House number and street name',
      })}
      {text('apartment', 'Apartment, suite, etc. (optional)', 'text', { autoComplete: 'shipping address-line2' })}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('city', 'Town', 'text', { autoComplete: 'shipping address-level2' })}
        <SelectField
          field={fields.state}
          label="State"
          options={NIGERIAN_STATES}
          autoComplete="shipping address-level1"
          placeholder="Choose a state"
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('phone', 'Phone', 'tel', {
          autoComplete: 'shipping tel',
          inputMode: 'tel',
          placeholder: '0803 123 4567',
        })}
        {text('email', 'Email', 'email', { autoComplete: 'shipping email' })}
      </div>
    </div>
  );
}

type SelectProps = {
  field: FieldMetadata<string | undefined, AddressInput>;
  label: string;
  options: readonly string[];
  placeholder?: string;
  autoComplete: string;
};

function SelectField({ field, label, options, placeholder, autoComplete }: SelectProps) {
  const error = field.errors?.[0];
  const { defaultValue, ...select } = getSelectProps(field);
  return (
    <div>
      <label htmlFor={field.id} className="block text-xs font-medium uppercase tracking-widest">
        {label}
      </label>
      <select
        {...select}
        key={field.key}
        // Nothing chosen yet selects the placeholder: left without a value, the browser would pick the first state.
        defaultValue={defaultValue ?? ''}
        autoComplete={autoComplete}
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
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}
