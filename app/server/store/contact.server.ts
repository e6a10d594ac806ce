/**
 * Contact messages: stored for the team to read in the admin area (the spec's version only logged them), within the
 * form's hourly caps per client and per mailbox (decision 0027, form-attempts.server.ts). The store mails nothing to
 * the address typed: a message's name and text never reach an inbox nobody has proven is theirs.
 */
import { contactMessages } from '~/db/schema';
import type { ContactInput } from '~/lib/forms/forms';
import { normaliseMailbox } from '~/lib/mailbox';
import { db } from '../db.server';
import { claimFormAttempt } from '../http/form-attempts.server';
import { logger } from '../logger.server';

/** The stored message's id, or null when the client or the mailbox is past the hourly cap (nothing stored). */
export async function saveContactMessage(input: ContactInput, clientKey: string): Promise<{ id: number } | null> {
  const claimed = await claimFormAttempt({ form: 'contact', clientKey, mailbox: normaliseMailbox(input.email) });
  if (!claimed) {
    logger.warn({ form: 'contact' }, 'contact message refused: over the hourly cap');
    return null;
  }
  const [row] = await db().insert(contactMessages).values(input).returning({ id: contactMessages.id });
  // The id and subject only: the message body and address stay out of the logs.
  logger.info({ contactMessageId: row.id, subject: input.subject.slice(0, 80) }, 'contact message received');
  return row;
}
