/**
 * /admin/inbox and its subscribers CSV against real PostgreSQL: mark handled / not handled (audit-logged), filters,
 * export.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, newsletterSubscribers } from '~/db/schema';
import type { ContactMessageView, SubscriberView } from '~/lib/admin/admin-types';
import { db } from '~/server/db.server';
import { createUser } from '../../../tests/factories';
import { args, get, outcome, post, routeModule } from '../../../tests/route-helpers';

const inboxRoute = await routeModule<typeof import('~/routes/admin/inbox')>('routes/admin/inbox.tsx');
const exportRoute = await routeModule<typeof import('~/routes/admin/subscribers-export')>(
  'routes/admin/subscribers-export.ts',
);

let admin: Awaited<ReturnType<typeof createUser>>;
let older: number;
let newer: number;

type Page = {
  messages: { rows: ContactMessageView[]; total: number; unhandled: number };
  subscribers: { rows: SubscriberView[]; total: number };
};

beforeAll(async () => {
  admin = await createUser({ admin: true });
  [{ id: older }, { id: newer }] = await db()
    .insert(contactMessages)
    .values([
      {
        name: 'Chidi',
        email: 'chidi@example.com',
        subject: 'Sizing',
        message: 'Does it run small?',
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
      {
        name: 'Ngozi',
        email: 'ngozi@example.com',
        subject: 'Delivery',
        message: 'Abuja?',
        createdAt: new Date('2026-11-02T10:00:00Z'),
      },
    ])
    .returning({ id: contactMessages.id });
  await db()
    .insert(newsletterSubscribers)
    .values([
      { email: 'first@example.com', createdAt: new Date('2026-11-01T10:00:00Z') },
      { email: '=cmd|calc@example.com', createdAt: new Date('2026-11-03T10:00:00Z') },
    ]);
});

const page = async (query = '') => {
  const answer = await outcome(() => inboxRoute.loader(args(get(`/admin/inbox${query}`, admin.cookie))));
  expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
  return answer.data as Page;
};
const mark = (fields: Record<string, string>, origin?: string) =>
  outcome(() =>
    inboxRoute.action(
      args(
        post('/admin/inbox', { intent: 'mark', ...fields }, { cookie: admin.cookie, ...(origin ? { origin } : {}) }),
      ),
    ),
  );

describe('contact messages', () => {
  it('lists them newest first with the count still to handle', async () => {
    const { messages } = await page();
    expect(messages.rows.map((m) => m.subject)).toEqual(['Delivery', 'Sizing']);
    expect(messages).toMatchObject({ total: 2, unhandled: 2 });
    expect(messages.rows[1]).toMatchObject({
      name: 'Chidi',
      email: 'chidi@example.com',
      message: 'Does it run small?',
      createdAt: '2026-11-01T10:00:00.000Z',
      handledAt: null,
    });
  });

  it('marks one handled and back, each change audit-logged with before and after; filters the unhandled', async () => {
    const done = await mark({ id: String(older), handled: 'true', returnTo: '/admin/inbox?show=unhandled' });
    expect(done).toMatchObject({ status: 302, location: '/admin/inbox?show=unhandled' });
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, older));
    expect(row.handledAt).toBeInstanceOf(Date);
    const unhandled = await page('?show=unhandled');
    expect(unhandled.messages.rows.map((m) => m.subject)).toEqual(['Delivery']);
    expect(unhandled.messages).toMatchObject({ total: 1, unhandled: 1 });

    await mark({ id: String(older), handled: 'false' });
    expect((await db().select().from(contactMessages).where(eq(contactMessages.id, older)))[0].handledAt).toBeNull();
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'contact_message'), eq(auditLog.entityId, String(older))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.before, a.after, a.actorEmail])).toEqual([
      ['contact_message.handled', { handledAt: null }, { handledAt: row.handledAt!.toISOString() }, admin.email],
      ['contact_message.unhandled', { handledAt: row.handledAt!.toISOString() }, { handledAt: null }, admin.email],
    ]);
  });

  it('refuses a malformed or unknown id, an unknown intent, another site and a foreign return address', async () => {
    expect(await mark({ id: 'abc', handled: 'true' })).toMatchObject({
      status: 400,
      data: { result: { error: { '': ['Error updating the message. Please try again.'] } } },
    });
    expect(await mark({ id: String(newer), handled: 'maybe' })).toMatchObject({ status: 400 });
    expect(await mark({ id: '999999', handled: 'true' })).toMatchObject({
      status: 404,
      data: { result: { error: { '': ['That message no longer exists.'] } } },
    });
    expect(
      (
        await outcome(() =>
          inboxRoute.action(
            args(post('/admin/inbox', { intent: 'delete', id: String(newer) }, { cookie: admin.cookie })),
          ),
        )
      ).status,
    ).toBe(400);
    expect((await mark({ id: String(newer), handled: 'true' }, 'https://evil.example')).status).toBe(403);
    expect((await db().select().from(contactMessages).where(eq(contactMessages.id, newer)))[0].handledAt).toBeNull();
    expect((await mark({ id: String(newer), handled: 'true', returnTo: 'https://evil.example/' })).location).toBe(
      '/admin/inbox',
    );
  });
});

describe('newsletter subscribers', () => {
  it('lists them newest first', async () => {
    const { subscribers } = await page();
    expect(subscribers.total).toBe(2);
    expect(subscribers.rows.map((s) => s.email)).toEqual(['=cmd|calc@example.com', 'first@example.com']);
  });

  it('exports them as CSV, neutralising a cell that starts like a formula', async () => {
    const answer = await outcome(() => exportRoute.loader(args(get('/admin/inbox/subscribers-export', admin.cookie))));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Response.text() drops the byte-order mark; the bytes keep it, for Excel.
    expect(answer.data).toBe(
      "Email,Subscribed at\r\n'=cmd|calc@example.com,2026-11-03T10:00:00.000Z\r\n" +
        'first@example.com,2026-11-01T10:00:00.000Z\r\n',
    );
    const response = (await exportRoute.loader(args(get('/admin/inbox/subscribers-export', admin.cookie)))) as Response;
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
