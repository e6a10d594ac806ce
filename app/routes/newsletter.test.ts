/**
 * POST /newsletter: the fetcher answers (JSON) and the no-JavaScript round trip (redirects), one answer for a new and
 * a known address, the hourly cap.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '~/db/schema';
import { FORM_CAP_MESSAGE, FORM_CAPS } from '~/lib/forms/form-caps';
import { INVALID_EMAIL, NEWSLETTER_MESSAGES } from '~/lib/forms/forms';
import { db } from '~/server/db.server';
import { nextIp, routeModule } from '../../tests/route-helpers';

const { action } = await routeModule<typeof import('~/routes/newsletter')>('routes/newsletter.ts');

type Answer = {
  status: number;
  body?: { ok: boolean; outcome: string; message: string; result: unknown };
  location?: string;
};

async function post(body: BodyInit, headers: Record<string, string> = {}): Promise<Answer> {
  const request = new Request('http://localhost/newsletter', {
    method: 'POST',
    body,
    // Each post from its own client address: the per-client cap is not what these tests are about.
    headers: { 'x-client-ip': nextIp(), ...headers },
  });
  const result: unknown = await action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get('Location') ?? undefined };
  const { data, init } = result as { data: Answer['body']; init: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const count = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
  )[0].n;

describe('with JavaScript (fetcher)', () => {
  it('stores and thanks a new address; a repeat (any case, spacing) gets the very same answer, stored once', async () => {
    expect(await post(form({ email: 'Ngozi@Example.com' }))).toEqual({
      status: 200,
      // Conform's result empties the field (resetForm) for a form that reads it.
      body: {
        ok: true,
        outcome: 'subscribed',
        message: NEWSLETTER_MESSAGES.subscribed,
        result: { initialValue: null },
      },
    });
    expect(NEWSLETTER_MESSAGES.subscribed).toMatch(/^Thanks for subscribing! /);
    // Known or new, the answer is the same (decision 0027): the form tells no one who is on the list.
    expect(await post(form({ email: '  ngozi@example.COM ' }))).toEqual(await post(form({ email: 'new@example.com' })));
    expect(await post(form({ email: 'ngozi@example.com' }))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await count()).toBe(2);
  });

  it(`past ${FORM_CAPS.perMailbox} sign-ups of one mailbox in an hour: a 429 with the cap's message, nothing stored`, async () => {
    for (let i = 0; i < FORM_CAPS.perMailbox; i++) await post(form({ email: `cap+${i}@example.com` }));
    const before = await count();
    expect(await post(form({ email: 'Cap+more@example.com' }))).toEqual({
      status: 429,
      body: {
        ok: false,
        outcome: 'tooOften',
        message: FORM_CAP_MESSAGE,
        result: expect.objectContaining({ status: 'error', error: { '': [FORM_CAP_MESSAGE] } }),
      },
    });
    expect(await post(form({ email: 'cap+more@example.com', redirectTo: '/about' }))).toEqual({
      status: 303,
      location: '/about?newsletter=tooOften#newsletter',
    });
    expect(await count()).toBe(before);
  });

  it.each<Record<string, string>>([
    { email: 'not-an-email' },
    { email: '' },
    {},
    { email: `${'a'.repeat(250)}@x.com` },
  ])("refuses %j with a 400 and the schema's field error", async (fields) => {
    const before = await count();
    expect(await post(form(fields))).toEqual({
      status: 400,
      body: {
        ok: false,
        outcome: 'invalid',
        message: INVALID_EMAIL,
        result: expect.objectContaining({ status: 'error', error: { email: [INVALID_EMAIL] } }),
      },
    });
    expect(await count()).toBe(before);
  });

  it('a body that is not a form is a 400, not a 500', async () => {
    expect((await post('{"email":"x@y.z"}', { 'Content-Type': 'application/json' })).status).toBe(400);
    expect((await post('--broken', { 'Content-Type': 'multipart/form-data; boundary=nothing' })).status).toBe(400);
  });
});

describe('without JavaScript (plain form post)', () => {
  it('sends the shopper back to the page the form was on, with the outcome', async () => {
    expect(await post(form({ email: 'tolu@example.com', redirectTo: '/about' }))).toEqual({
      status: 303,
      location: '/about?newsletter=subscribed#newsletter',
    });
    expect(await post(form({ email: 'tolu@example.com', redirectTo: '/collections?q=shirt' }))).toEqual({
      status: 303,
      location: '/collections?q=shirt&newsletter=subscribed#newsletter',
    });
    expect(await post(form({ email: 'nope', redirectTo: '/?newsletter=subscribed' }))).toEqual({
      status: 303,
      location: '/?newsletter=invalid#newsletter',
    });
  });

  it('never to another site', async () => {
    for (const redirectTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect((await post(form({ email: 'x@', redirectTo }))).location).toBe('/?newsletter=invalid#newsletter');
    }
  });
});

describe('from another site', () => {
  it('is refused with a 403 and stores nothing', async () => {
    const before = await count();
    const thrown = await post(form({ email: 'csrf@example.com' }), { Origin: 'https://evil.example' }).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 403 } });
    expect(await count()).toBe(before);
  });
});
