/**
 * The newsletter and contact forms' limits and words, which the browser needs too: no zod here, so the newsletter
 * form (on the home page) does not carry the schema library. forms.ts builds the schemas from them, for the server
 * actions and for the contact page, which checks with its schema in the browser too.
 */
import { FORM_CAP_MESSAGE } from './form-caps';

/** RFC 5321 caps a forward path at 256 octets, so an address is at most 254 characters. */
export const EMAIL_MAX = 254;
export const INVALID_EMAIL = 'Please enter a valid email address.';

/**
 * One answer for a new address and one already subscribed (decision 0027, docs/requirements.md#14-messages): the
 * form never tells a stranger whether an address is on the list.
 */
export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thanks for subscribing! Look out for new drops and private sales in your inbox.',
  tooOften: FORM_CAP_MESSAGE,
  invalid: INVALID_EMAIL,
} as const;
export type NewsletterOutcome = keyof typeof NEWSLETTER_MESSAGES;

/** The query key the no-JavaScript round trip uses to carry the outcome back to the page. */
export const NEWSLETTER_PARAM = 'newsletter';

export const isNewsletterOutcome = (value: unknown): value is NewsletterOutcome =>
  typeof value === 'string' && Object.hasOwn(NEWSLETTER_MESSAGES, value);

/**
 * Limits of the contact form (docs/requirements.md#13-forms-and-validation makes every field required; the lengths are
 * ours).
 */
export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000 } as const;
export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you soon.";
