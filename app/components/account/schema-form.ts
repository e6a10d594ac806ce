/**
 * The browser half of a form (decision 0019): the same Zod schema the action parses checks the fields as the
 * shopper leaves them (then again at each keystroke once a field has been checked) and before sending, and gives
 * the inputs their constraints (required, lengths). `lastResult` is the action's reply: its errors, and without
 * JavaScript the values typed (never the passwords, which the action hides).
 */
import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';

type Constraints = ReturnType<typeof getZodConstraint>;

type Options<Schema extends z.ZodObject> = {
  /** The form's id, which prefixes its inputs' ids (two forms on a page may share field names). */
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** What the inputs hold before anything is sent (the saved address, the account's names). */
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** Called once the form passed the check, just before it is sent. */
  onSubmit?: () => void;
};

export function useSchemaForm<Schema extends z.ZodObject>(schema: Schema, options: Options<Schema>) {
  const { onSubmit, ...rest } = options;
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...rest,
    constraint: constraintOf(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: onSubmit ? () => onSubmit() : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
}

const known = new WeakMap<z.ZodObject, Constraints>();

/**
 * getZodConstraint (Conform 1.21) reads string lengths from a bag Zod 4.6 no longer fills, so only `required`
 * would reach the inputs; the lengths are read here from each field's own checks. A minimum of 1 is left out:
 * `required` says it already.
 */
function constraintOf(schema: z.ZodObject): Constraints {
  let constraint = known.get(schema);
  if (!constraint) {
    const inferred = getZodConstraint(schema);
    constraint = Object.fromEntries(
      Object.entries(schema.shape).map(([name, field]) => {
        const text = typedText(field);
        const lengths = {
          ...(text?.minLength && text.minLength > 1 ? { minLength: text.minLength } : {}),
          ...(text?.maxLength ? { maxLength: text.maxLength } : {}),
        };
        return [name, { ...inferred[name], ...lengths }];
      }),
    );
    known.set(schema, constraint);
  }
  return constraint;
}

/** The string schema that checks what is typed: the input side of a pipe or transform, inside an optional. */
function typedText(schema: z.core.$ZodType): z.ZodString | undefined {
  if (schema instanceof z.ZodString) return schema;
  if (schema instanceof z.ZodOptional) return typedText(schema.unwrap());
  if (schema instanceof z.ZodPipe) return typedText(schema.in);
  return undefined;
}
