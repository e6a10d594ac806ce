/**
 * The browser half of every form that may load Zod (decision 0019): `useSchemaForm(schema, …)` is Conform's useForm
 * with the form's one Zod schema, the one its action parses. The page checks the whole form when it is sent, with
 * the messages the server would give, then each field again at every keystroke, never when a field is left: a
 * message that came or went at the blur a press causes would move the control under the pointer, so the press
 * missed (decision 0039). It shows the server's answer (`lastResult`, the action's `result`) the same way, with
 * JavaScript or after a post without it (never the passwords, which the action hides). The inputs get the
 * constraints the schema states (required, lengths). Forms import this hook, never Conform's useForm (ESLint).
 */
// eslint-disable-next-line no-restricted-imports -- the one place useForm is called (decision 0039)
import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;
type Constraints = ReturnType<typeof getZodConstraint>;

export type SchemaFormOptions<Schema extends FormSchema> = {
  /** The form's id, which prefixes its inputs' ids (two forms on a page may share field names). */
  id: string;
  /** The action's answer to the last post of this form, if any. */
  lastResult?: SubmissionResult<string[]> | null;
  /** What the inputs hold before anything is sent (a saved address, the record as loaded). */
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** Called once the form passed the check, just before it is sent. */
  onSubmit?: () => void;
  /**
   * False lets the browser check the inputs' constraints until the scripts arrive; by default the form posts as it
   * is and the server's answer says what is wrong, as it does with them.
   */
  defaultNoValidate?: boolean;
};

export function useSchemaForm<Schema extends FormSchema>(schema: Schema, options: SchemaFormOptions<Schema>) {
  const { onSubmit, ...rest } = options;
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...rest,
    constraint: schemaConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: onSubmit ? () => onSubmit() : undefined,
    // Set after the options, so no form can ask for another moment (decision 0039).
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
}

const known = new WeakMap<FormSchema, Constraints>();

/**
 * The inputs' constraints from the schema. Conform 1.21's getZodConstraint refuses a schema whose root is a transform
 * (settings and products reshape their values at the end), so it reads the object the transform takes: the same
 * fields. It also sees only `required` with zod 4.6 (edmundhung/conform#1340), so the text lengths are read here from
 * each field's own checks, rows of a list included (`slides[].title`).
 */
export function schemaConstraint(schema: FormSchema): Constraints {
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
