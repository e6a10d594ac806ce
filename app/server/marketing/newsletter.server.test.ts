import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formAttempts, newsletterSubscribers } from '~/db/schema';
import { FORM_CAPS } from '~/lib/forms/form-caps';
import { db } from '../db.server';
import { subscribe } from './newsletter.server';

const rowsOf = (email: string) =>
  db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));

describe('newsletter subscribe', () => {
  it('stores a new address once; a repeat gets the same answer as a new one', async () => {
    expect(await subscribe('ada@example.com', '198.51.100.1')).toBe('subscribed');
    expect(await subscribe('ada@example.com', '198.51.100.2')).toBe('subscribed');
    expect(await rowsOf('ada@example.com')).toHaveLength(1);
  });

  it('two submissions racing each other make one row', async () => {
    const results = await Promise.all(
      ['198.51.100.3', '198.51.100.4', '198.51.100.5'].map((ip) => subscribe('race@example.com', ip)),
    );
    expect(results).toEqual(['subscribed', 'subscribed', 'subscribed']);
    expect(await rowsOf('race@example.com')).toHaveLength(1);
  });

  it(`caps one mailbox at ${FORM_CAPS.perMailbox} an hour, however its address is spelt`, async () => {
    const answers = [];
    for (let i = 0; i < FORM_CAPS.perMailbox + 3; i++) {
      answers.push(await subscribe(`flood+${i}@example.com`, `198.51.100.${20 + i}`));
    }
    expect(answers.filter((a) => a === 'subscribed')).toHaveLength(FORM_CAPS.perMailbox);
    expect(answers.slice(FORM_CAPS.perMailbox)).toEqual(['tooOften', 'tooOften', 'tooOften']);
    expect(await rowsOf(`flood+${FORM_CAPS.perMailbox}@example.com`)).toEqual([]);
    // An hour later the mailbox may ask again.
    await db().execute(sql`update form_attempts set created_at = now() - interval '61 minutes'`);
    expect(await subscribe('flood+late@example.com', '198.51.100.99')).toBe('subscribed');
  });

  it(`caps one client at ${FORM_CAPS.perClient} an hour; attempts older than a day are pruned`, async () => {
    await db().delete(formAttempts);
    await db().insert(formAttempts).values({ form: 'newsletter', clientKey: 'old', mailbox: null });
    await db().execute(sql`update form_attempts set created_at = now() - interval '25 hours'`);
    const answers = [];
    for (let i = 0; i < FORM_CAPS.perClient + 1; i++) answers.push(await subscribe(`c${i}@example.com`, '203.0.113.7'));
    expect(answers.filter((a) => a === 'subscribed')).toHaveLength(FORM_CAPS.perClient);
    expect(answers.at(-1)).toBe('tooOften');
    expect(await subscribe('other@example.com', '203.0.113.8')).toBe('subscribed');
    const old = await db().select().from(formAttempts).where(eq(formAttempts.clientKey, 'old'));
    expect(old).toEqual([]);
  });
});
