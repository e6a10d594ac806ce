/**
 * Zod schemas for the newsletter and contact forms: one schema per form, shared by the server action
 * (the authority) and the page (field names, length limits on the inputs).
 */
import { z } from 'zod';

/** RFC 5321 caps a forward path at 256 octets, so an address is at most 254 characters. */
export const EMAIL_MAX = 254;
export const INVALID_EMAIL = 'Please enter a valid email address.';

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

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thanks for subscribing! Look out for new drops and private sales in your inbox.',
  already: "You're already on the list. Thank you!",
  invalid: INVALID_EMAIL,
} as const;
export type NewsletterOutcome = keyof typeof NEWSLETTER_MESSAGES;

/** The query key the no-JavaScript round trip uses to carry the outcome back to the page. */
export const NEWSLETTER_PARAM = 'newsletter';

export const isNewsletterOutcome = (value: unknown): value is NewsletterOutcome => typeof value === 'string' && Object.hasOwn(NEWSLETTER_MESSAGES, value);

/** Limits of the contact form (SPEC.md section 5 makes every field required; the lengths are ours). */
export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000 } as const;
export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you soon.";

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
export type ContactField = keyof ContactInput;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The first message per field, in the shape the form shows next to each input. */
export function fieldErrors<T extends Record<string, unknown>>(error: z.ZodError<T>): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as keyof T | undefined;
    if (key !== undefined && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Strings only: a repeated or file field becomes '' instead of reaching the schema as something odd. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

