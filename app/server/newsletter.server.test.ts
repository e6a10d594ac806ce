import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '~/db/schema';
import { db } from './db.server';
import { subscribe } from './newsletter.server';

describe('newsletter subscribe', () => {
  it('stores a new address once and answers a repeat kindly', async () => {
    expect(await subscribe('ada@example.com')).toBe('subscribed');
    expect(await subscribe('ada@example.com')).toBe('already');
    const rows = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'ada@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('two submissions racing each other make one row', async () => {
    const results = await Promise.all([
      subscribe('race@example.com'),
      subscribe('race@example.com'),
      subscribe('race@example.com'),
    ]);
    expect(results.filter((r) => r === 'subscribed')).toHaveLength(1);
    expect(
      await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'race@example.com')),
    ).toHaveLength(1);
  });
});
