/** Newsletter sign-ups: each address once, however often it is submitted. */
import { newsletterSubscribers } from '~/db/schema';
import { db } from './db.server';

export type SubscribeResult = 'subscribed' | 'already';

/**
 * Stores a validated, normalised address (lib/forms.ts). `on conflict do nothing` makes a repeat,
 * including two submissions racing each other, a no-op that we can tell apart from a new row.
 */
export async function subscribe(email: string): Promise<SubscribeResult> {
  const inserted = await db()
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0 ? 'subscribed' : 'already';
}
