/**
 * The server half of every form (decision 0019): the posted form is parsed with the form's one Zod schema by
 * Conform's parseWithZod, and the action answers `submission.reply()` (field errors, form errors and, for a page
 * sent without JavaScript, the values to show again) for the page's useForm to show. A body that is not a form
 * (a broken or hostile post) counts as an empty one, so it gets the same field errors instead of a 500.
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';

export async function readForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}

/** The submission of `schema` from the request's form, and the form itself (for an intent or a redirect target). */
export async function readSubmission<Schema extends z.ZodType>(request: Request, schema: Schema) {
  const form = await readForm(request);
  return { form, submission: parseSubmission(form, schema) };
}

/** No form of the store has a list this long (5 hero slides, 12 images, a stock grid); the largest index allowed. */
const MAX_LIST_INDEX = 999;
const LIST_INDEX = /\[(\d+)\]/g;

/**
 * A field named `x[99999999]` would make Conform build an array that long, and its reply (the values sent back)
 * hundreds of megabytes: such fields are dropped before parsing, as fields no form has.
 */
function withoutHugeIndexes(form: FormData): FormData {
  const huge = (name: string) => [...name.matchAll(LIST_INDEX)].some(([, index]) => Number(index) > MAX_LIST_INDEX);
  if (![...form.keys()].some(huge)) return form;
  const kept = new FormData();
  for (const [name, value] of form) if (!huge(name)) kept.append(name, value);
  return kept;
}

/** Fields Conform reserves for its own state, which it reads as JSON. */
const CONFORM_FIELDS = ['__intent__', '__state__'];

/**
 * parseWithZod, except that a forged `__intent__` or `__state__` that is not JSON (Conform would throw, a 500) counts
 * as absent: the rest of the form is checked as usual.
 */
export function parseSubmission<Schema extends z.ZodType>(raw: FormData, schema: Schema) {
  const form = withoutHugeIndexes(raw);
  try {
    return parseWithZod(form, { schema });
  } catch (error) {
    if (!CONFORM_FIELDS.some((name) => form.has(name))) throw error;
    const cleaned = new FormData();
    for (const [name, value] of form) if (!CONFORM_FIELDS.includes(name)) cleaned.append(name, value);
    return parseWithZod(cleaned, { schema });
  }
}

/** What an action returns for a form: Conform's result, and anything else the page shows (a notice, a payment). */
export type FormAnswer<Extra extends object = object> = { result: SubmissionResult<string[]> } & Extra;

/** A refused submission: 400 unless told otherwise, with the reply the form shows. */
export function refused(result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) {
  return data<FormAnswer>({ result }, { status, headers });
}
