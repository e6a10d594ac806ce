/**
 * The browser half of every admin form (decision 0019): `useAdminForm(schema, …)` is the shared schema form, and
 * `fieldProps(field)` gives an input of ~/components/admin its name, value as loaded or posted, first error and the
 * constraints the schema states; `initialList(field)` the values a list of checkboxes starts with.
 */
import { useSchemaForm } from '../forms/schema-form';

/** The admin's forms are schema forms like every other (components/forms/schema-form.ts). */
export const useAdminForm = useSchemaForm;

/** What an input needs from its Conform field (a FieldMetadata has all of it). */
export type FieldState = {
  name: string;
  defaultValue?: string;
  errors?: string[];
  required?: boolean;
  minLength?: number;
  maxLength?: number;
};

/** The props of a TextField, AdminField or text area for `field`. */
export const fieldProps = (field: FieldState) => ({
  name: field.name,
  defaultValue: field.defaultValue,
  error: field.errors?.[0],
  required: field.required,
  minLength: field.minLength,
  maxLength: field.maxLength,
});

/** The values a list field (ticked checkboxes) starts with, as loaded or posted: one value comes as a plain string. */
export const initialList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];
