/**
 * /unsubscribe (docs/requirements.md#9-order-and-payment-statuses): opening the link only asks; the POST of the page's
 * button, or a mail client's RFC 8058 one-click POST (no session, no Origin, perhaps cookies), records the opt-out when
 * the token is this store's signature of the address. Run through app/root.tsx's middleware, where the origin check
 * lives.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_MESSAGES } from '~/lib/marketing/unsubscribe';
import { db } from '~/server/db.server';
import { hasOptedOut, unsubscribeToken, unsubscribeUrl } from '~/server/marketing/unsubscribe.server';
import { createUser } from '../../tests/factories';
import { args, get, ORIGIN, outcome, post, routeModule } from '../../tests/route-helpers';

const page = await routeModule<typeof import('./unsubscribe')>('routes/unsubscribe.tsx', { withHeaders: true });

let n = 0;
const address = () => `shopper-${++n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const oneClick = (token: string, headers: { cookie?: string; origin?: string | null } = {}) =>
  outcome(() =>
    page.action(
      args(post(`/unsubscribe?t=${encodeURIComponent(token)}`, { 'List-Unsubscribe': 'One-Click' }, headers)),
    ),
  );

describe('GET /unsubscribe', () => {
  it('shows the address masked and a button, and unsubscribes nobody (mail scanners follow links)', async () => {
    const email = address();
    const answer = await outcome(() => page.loader(args(get(`/unsubscribe?t=${unsubscribeToken(email)}`))));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ state: 'ask', address: `s•••@example.com` });
    expect(JSON.stringify(answer.data)).not.toContain(email);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    expect(answer.headers.get('Referrer-Policy')).toBe('same-origin');
    expect(await hasOptedOut(email)).toBe(false);
  });

  it('a link that is not this store’s is a plain error page', async () => {
    const email = address();
    const [encoded] = unsubscribeToken(email).split('.');
    const [, otherMac] = unsubscribeToken(address()).split('.');
    for (const t of ['', 'nonsense', `${encoded}.${otherMac}`, `${encoded}.`, unsubscribeToken(email).slice(0, -2)]) {
      const answer = await outcome(() => page.loader(args(get(`/unsubscribe?t=${encodeURIComponent(t)}`))));
      expect(answer, t).toMatchObject({ status: 400, data: { state: 'invalid' } });
    }
  });
});

describe('POST /unsubscribe', () => {
  it('the one-click POST unsubscribes with no session and no Origin, as a mail client sends it', async () => {
    const email = address();
    const answer = await oneClick(unsubscribeToken(email), { origin: null });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ state: 'done' });
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    expect(UNSUBSCRIBE_MESSAGES.done).toBe('You will not get these emails again.');
    expect(await hasOptedOut(email)).toBe(true);
    // Twice is harmless.
    expect((await oneClick(unsubscribeToken(email), { origin: null })).status).toBe(200);
  });

  it('works with cookies and another site’s Referer (an app’s cookie jar): the token is the proof', async () => {
    const customer = await createUser();
    const email = address();
    const request = post(
      `/unsubscribe?t=${unsubscribeToken(email)}`,
      { 'List-Unsubscribe': 'One-Click' },
      { cookie: customer.cookie, origin: null },
    );
    request.headers.set('referer', 'https://mail.example/inbox');
    const answer = await outcome(() => page.action(args(request)));
    expect(answer.status).toBe(200);
    expect(await hasOptedOut(email)).toBe(true);
    // The signed-in customer's own address is untouched: the session counts for nothing here.
    expect(await hasOptedOut(customer.email)).toBe(false);
  });

  it('the address in the mail’s link works as the mail gives it, whatever the case of the address', async () => {
    const email = address();
    const link = new URL(unsubscribeUrl(email.toUpperCase()));
    expect(link.origin).toBe('http://localhost:3000');
    const answer = await outcome(() =>
      page.action(args(post(`${link.pathname}${link.search}`, { 'List-Unsubscribe': 'One-Click' }, { origin: null }))),
    );
    expect(answer.status).toBe(200);
    expect(await hasOptedOut(email)).toBe(true);
  });

  it('a forged token (another address, altered, missing) is refused and stores nothing', async () => {
    const victim = address();
    const [encoded] = unsubscribeToken(victim).split('.');
    const [, mine] = unsubscribeToken(address()).split('.');
    const before = await db().execute(sql`select count(*)::int as n from mail_opt_outs`);
    for (const token of [`${encoded}.${mine}`, `${encoded}.${'A'.repeat(43)}`, encoded, '']) {
      const answer = await oneClick(token, { origin: ORIGIN });
      expect(answer, token).toMatchObject({ status: 400, data: { state: 'invalid' } });
    }
    const after = await db().execute(sql`select count(*)::int as n from mail_opt_outs`);
    expect(after[0].n).toBe(before[0].n);
    expect(await hasOptedOut(victim)).toBe(false);
  });
});
