/**
 * The browser half of every admin form (decision 0019): `useAdminForm(schema, …)` is Conform's useForm with the
 * form's one Zod schema, so the page checks a field when it is left (then at each keystroke once checked) and the
 * whole form before posting, with the messages the server would give; it shows the server's answer (`lastResult`,
 * the action's `result`) the same way, with JavaScript or after a post without it. `fieldProps(field)` gives an input
 * of ~/components/admin its name, value as loaded or posted, first error and the constraints the schema states.
 */
import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;
type Constraints = ReturnType<typeof getZodConstraint>;

export function useAdminForm<Schema extends FormSchema>(
  schema: Schema,
  options: {
    /** The form element's id; Conform finds the form by it (a stable one keeps the page's markup readable). */
    id: string;
    /** The values the form starts with: the record as loaded, or a blank one. */
    defaultValue?: DefaultValue<z.input<Schema>>;
    /** The action's answer to the last post of this form, if any. */
    lastResult?: SubmissionResult<string[]> | null;
    /**
     * False lets the browser check the inputs' constraints until the scripts arrive; by default the form posts as it
     * is and the server's answer says what is wrong, as it does with them.
     */
    defaultNoValidate?: boolean;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint: constraintOf(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

const known = new WeakMap<FormSchema, Constraints>();

/**
 * The inputs' constraints from the schema. Conform 1.21's getZodConstraint refuses a schema whose root is a transform
 * (settings and products reshape their values at the end), so it reads the object the transform takes: the same
 * fields. It also sees only `required` with zod 4.6 (edmundhung/conform#1340), so the text lengths are read here from
 * each field's own checks, rows of a list included (`slides[].title`).
 */
function constraintOf(schema: FormSchema): Constraints {
  let constraint = known.get(schema);
  if (!constraint) {
    const fields = schema instanceof z.ZodPipe ? schema.in : schema;
    const inferred = getZodConstraint(fields);
    const lengths: Constraints = {};
    readLengths(fields, '', lengths);
    constraint = { ...inferred };
    for (const [name, limits] of Object.entries(lengths)) constraint[name] = { ...inferred[name], ...limits };
    known.set(schema, constraint);
  }
  return constraint;
}

/** The length limits of every text field under `name`; a minimum of 1 is left out, `required` says it already. */
function readLengths(schema: z.core.$ZodType, name: string, into: Constraints) {
  if (schema instanceof z.ZodObject)
    for (const [key, field] of Object.entries(schema.shape)) readLengths(field, name ? `${name}.${key}` : key, into);
  else if (schema instanceof z.ZodArray) readLengths(schema.element, `${name}[]`, into);
  else if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) readLengths(schema.unwrap(), name, into);
  else if (schema instanceof z.ZodPipe) readLengths(schema.in, name, into);
  else if (schema instanceof z.ZodString && name) {
    const { minLength, maxLength } = schema;
    into[name] = {
      ...(minLength && minLength > 1 ? { minLength } : {}),
      ...(maxLength ? { maxLength } : {}),
    };
  }
}

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
