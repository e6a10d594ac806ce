import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '~/db/schema';
import { FORM_CAPS } from '~/lib/forms/form-caps';
import { contactSchema } from '~/lib/forms/forms';
import { saveContactMessage } from './contact.server';
import { db } from '../db.server';

const message = (email: string) =>
  contactSchema.parse({ name: ' Ada ', email, subject: 'Sizing', message: 'Does the bomber run small?' });

describe('contact messages', () => {
  it('stores the validated message, unhandled', async () => {
    const saved = await saveContactMessage(message('Ada@Example.com'), '198.51.100.1');
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, saved!.id));
    expect(row).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Sizing',
      message: 'Does the bomber run small?',
      handledAt: null,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it(`stores at most ${FORM_CAPS.perClient} an hour from one client, ${FORM_CAPS.perMailbox} per mailbox`, async () => {
    await db().delete(contactMessages);
    const fromOne = [];
    for (let i = 0; i < FORM_CAPS.perClient + 2; i++) {
      fromOne.push(await saveContactMessage(message(`sender${i}@example.com`), '203.0.113.9'));
    }
    expect(fromOne.filter(Boolean)).toHaveLength(FORM_CAPS.perClient);
    expect(fromOne.slice(FORM_CAPS.perClient)).toEqual([null, null]);

    const oneMailbox = [];
    for (let i = 0; i < FORM_CAPS.perMailbox + 2; i++) {
      oneMailbox.push(await saveContactMessage(message(`Same+${i}@example.com`), `198.51.100.${50 + i}`));
    }
    expect(oneMailbox.filter(Boolean)).toHaveLength(FORM_CAPS.perMailbox);
    expect(await db().$count(contactMessages)).toBe(FORM_CAPS.perClient + FORM_CAPS.perMailbox);
  });
});
