import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '~/db/schema';
import { contactSchema } from '~/lib/forms';
import { saveContactMessage } from './contact.server';
import { db } from './db.server';

describe('contact messages', () => {
  it('stores the validated message, unhandled', async () => {
    const input = contactSchema.parse({
      name: ' Ada ',
      email: 'Ada@Example.com',
      subject: 'Sizing',
      message: 'Does the bomber run small?',
    });
    const { id } = await saveContactMessage(input);
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Sizing',
      message: 'Does the bomber run small?',
      handledAt: null,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });
});
