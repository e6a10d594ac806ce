/**
 * Zod schemas for the newsletter and contact forms: one schema per form, which the action parses with Conform's
 * parseWithZod (the authority, decision 0019). The contact page checks with it in the browser too; the newsletter
 * form, on the home page, never loads it (form-words.ts holds what that form needs).
 */
import { z } from 'zod';
import { CONTACT_LIMITS, EMAIL_MAX, INVALID_EMAIL } from './form-words';

export * from './form-words';

/** Trimmed and lowercased, so " Ada@Example.COM " and "ada@example.com" are one subscriber. */
export const emailField = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .toLowerCase()
  .min(1, INVALID_EMAIL)
  .max(EMAIL_MAX, INVALID_EMAIL)
  .pipe(z.email({ error: INVALID_EMAIL }));

export const newsletterSchema = z.object({ email: emailField });
export type NewsletterInput = z.infer<typeof newsletterSchema>;

const required = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `Please keep ${label} under ${max.toLocaleString('en-NG')} characters.`);

export const contactSchema = z.object({
  name: required('your name', CONTACT_LIMITS.name),
  email: emailField,
  subject: required('a subject', CONTACT_LIMITS.subject),
  message: required('your message', CONTACT_LIMITS.message),
});
export type ContactInput = z.infer<typeof contactSchema>;

/**
 * The first message per field, in the shape the form shows next to each input. For the forms not yet parsed with
 * Conform (the admin's); Conform's `submission.error` replaces it.
 */
export function fieldErrors<T extends Record<string, unknown>>(error: z.ZodError<T>): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as keyof T | undefined;
    if (key !== undefined && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Strings only: a repeated or file field becomes '' instead of reaching the schema as something odd. Still used by
 * the forms not yet parsed with Conform (the admin's); Conform's parseWithZod reads a form itself.
 */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
