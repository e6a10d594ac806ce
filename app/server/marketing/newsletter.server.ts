/**
 * Newsletter sign-ups: each address once, however often it is submitted, within the form's hourly caps per client
 * and per mailbox (decision 0027, form-attempts.server.ts).
 */
import { newsletterSubscribers } from '~/db/schema';
import { normaliseMailbox } from '~/lib/mailbox';
import { db } from '../db.server';
import { claimFormAttempt } from '../http/form-attempts.server';

/** No "already subscribed": a new and a known address get the same answer (decision 0027). */
export type SubscribeResult = 'subscribed' | 'tooOften';

/**
 * Stores a validated, normalised address (lib/forms/forms.ts). `on conflict do nothing` makes a repeat, including two
 * submissions racing each other, a no-op; it is answered as a new one.
 */
export async function subscribe(email: string, clientKey: string): Promise<SubscribeResult> {
  const claimed = await claimFormAttempt({ form: 'newsletter', clientKey, mailbox: normaliseMailbox(email) });
  if (!claimed) return 'tooOften';
  await db()
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email });
  return 'subscribed';
}
