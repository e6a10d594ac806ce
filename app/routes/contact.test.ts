/**
 * POST /contact: field errors keep what was typed; a full message is stored and thanked; past the hourly cap a 429;
 * a control character is refused before the action.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '~/db/schema';
import { CONTROL_CHARACTERS_MESSAGE } from '~/lib/forms/control-characters';
import { FORM_CAP_MESSAGE, FORM_CAPS } from '~/lib/forms/form-caps';
import { db } from '~/server/db.server';
import { outcome, routeModule } from '../../tests/route-helpers';

const { action } = await routeModule<typeof import('~/routes/contact')>('routes/contact.tsx');

/** The action's answer: Conform's result (field errors, what was typed) and, once sent, the thank-you text. */
type Body = {
  message?: string;
  result: { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, unknown> | null };
};

async function post(fields: Record<string, string> | BodyInit, headers: Record<string, string> = {}) {
  const body = typeof fields === 'string' ? fields : new URLSearchParams(fields as Record<string, string>);
  const request = new Request('http://localhost/contact', { method: 'POST', body, headers });
  const answer = await outcome(() => action({ request, params: {}, context: {} } as Parameters<typeof action>[0]));
  return { status: answer.status, body: answer.data as Body };
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
  it('stores a full message, answers with the thank-you text and empties the form', async () => {
    expect(await post(full)).toEqual({
      status: 200,
      body: { result: { initialValue: null }, message: "Thank you for your message! We'll get back to you soon." },
    });
    const rows = await db().select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(full);
  });

  it('a blank field is a 400 naming it, keeping what was typed, and stores nothing', async () => {
    const answer = await post({ ...full, subject: '   ' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBeUndefined();
    expect(answer.body.result).toMatchObject({
      status: 'error',
      error: { subject: ['Please enter a subject.'] },
      initialValue: { ...full, subject: '   ' },
    });
    expect(Object.keys(answer.body.result.error ?? {})).toEqual(['subject']);
    expect(await db().select().from(contactMessages)).toHaveLength(0);
  });

  it('every field missing, too long or malformed gets its own error', async () => {
    expect((await post({})).body.result.error).toEqual({
      name: ['Please enter your name.'],
      email: ['Please enter a valid email address.'],
      subject: ['Please enter a subject.'],
      message: ['Please enter your message.'],
    });
    const long = await post({ ...full, name: 'x'.repeat(101), email: 'chidi@', message: 'm'.repeat(5001) });
    expect(Object.keys(long.body.result.error ?? {}).sort()).toEqual(['email', 'message', 'name']);
  });

  it('a body that is not a form is a 400 with the field errors, not a 500', async () => {
    const answer = await post('{"name":"x"}', { 'Content-Type': 'application/json' });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.result.error ?? {}).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('a post from another site is refused with a 403 and stores nothing', async () => {
    const answer = await post(new URLSearchParams(full).toString(), {
      Origin: 'https://evil.example',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(answer.status).toBe(403);
    expect(await db().select().from(contactMessages)).toHaveLength(0);
  });

  it('a filled-in honeypot is thanked but not stored', async () => {
    expect((await post({ ...full, website: 'http://spam.example' })).body.message).toBe(
      "Thank you for your message! We'll get back to you soon.",
    );
    expect(await db().select().from(contactMessages)).toHaveLength(0);
  });

  it(`past ${FORM_CAPS.perClient} messages an hour from one client: a 429 with the cap's message, typed kept`, async () => {
    const client = { 'x-client-ip': '203.0.113.44' };
    for (let i = 0; i < FORM_CAPS.perClient; i++) {
      expect((await post({ ...full, email: `c${i}@example.com` }, client)).status).toBe(200);
    }
    const refused = await post({ ...full, email: 'one-more@example.com' }, client);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBeUndefined();
    expect(refused.body.result).toMatchObject({
      status: 'error',
      error: { '': [FORM_CAP_MESSAGE] },
      initialValue: { ...full, email: 'one-more@example.com' },
    });
    expect(await db().$count(contactMessages)).toBe(FORM_CAPS.perClient);
    // Another client is not held by it.
    expect((await post({ ...full, email: 'elsewhere@example.com' }, { 'x-client-ip': '203.0.113.45' })).status).toBe(
      200,
    );
  });

  it('a NUL byte in the message is a 400 with a clear message, never a database error; line breaks are fine', async () => {
    expect(await post({ ...full, message: 'Hello\0there' })).toEqual({ status: 400, body: CONTROL_CHARACTERS_MESSAGE });
    expect(await db().$count(contactMessages)).toBe(0);
    expect((await post({ ...full, message: 'Line one\r\nLine two\twith a tab' })).status).toBe(200);
    expect((await post({ ...full, name: 'Chidi\r\nBcc: x@evil.example' })).status).toBe(400);
    expect(await db().$count(contactMessages)).toBe(1);
  });
});
