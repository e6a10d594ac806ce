/** POST /contact: field errors keep what was typed; a full message is stored and thanked. */
import { beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '~/db/schema';
import { db } from '~/server/db.server';
import { action } from './contact';

type Body = { ok: boolean; message?: string; errors?: Record<string, string>; values?: Record<string, string> };

async function post(fields: Record<string, string> | BodyInit, headers: Record<string, string> = {}) {
  const body = typeof fields === 'string' ? fields : new URLSearchParams(fields as Record<string, string>);
  const request = new Request('http://localhost/contact', { method: 'POST', body, headers });
  const result = (await action({ request, params: {}, context: {} } as Parameters<typeof action>[0])) as {
    data: Body;
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, body: result.data };
}

const full = {
  name: 'Chidi Okeke',
  email: 'chidi@example.com',
  subject: 'Order question',
  message: 'When will my bomber jacket arrive?',
};

beforeEach(async () => {
  await db().delete(contactMessages);
});

describe('contact form action', () => {
  it('stores a full message and answers with the thank-you text', async () => {
    expect(await post(full)).toEqual({
      status: 200,
      body: { ok: true, message: "Thank you for your message! We'll get back to you soon." },
    });
    const rows = await db().select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(full);
  });

  it('a blank field is a 400 naming it, keeping what was typed, and stores nothing', async () => {
    const answer = await post({ ...full, subject: '   ' });
    expect(answer).toEqual({
      status: 400,
      body: { ok: false, errors: { subject: 'Please enter a subject.' }, values: { ...full, subject: '   ' } },
    });
    expect(await db().select().from(contactMessages)).toHaveLength(0);
  });

  it('every field missing, too long or malformed gets its own error', async () => {
    expect((await post({})).body.errors).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address.',
      subject: 'Please enter a subject.',
      message: 'Please enter your message.',
    });
    const long = await post({ ...full, name: 'x'.repeat(101), email: 'chidi@', message: 'm'.repeat(5001) });
    expect(Object.keys(long.body.errors ?? {}).sort()).toEqual(['email', 'message', 'name']);
  });

  it('a body that is not a form is a 400, not a 500', async () => {
    expect((await post('{"name":"x"}', { 'Content-Type': 'application/json' })).status).toBe(400);
  });

  it('a post from another site is refused with a 403 and stores nothing', async () => {
    const thrown = await post(new URLSearchParams(full).toString(), {
      Origin: 'https://evil.example',
      'Content-Type': 'application/x-www-form-urlencoded',
    }).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 403 } });
    expect(await db().select().from(contactMessages)).toHaveLength(0);
  });

  it('a filled-in honeypot is thanked but not stored', async () => {
    expect((await post({ ...full, website: 'http://spam.example' })).body.ok).toBe(true);
    expect(await db().select().from(contactMessages)).toHaveLength(0);
  });
});
