/**
 * The server-side guards and form actions of the account pages, called as React Router calls them.
 * The admin guard over every /admin route (and every other route's access) is tests/integration/authorization.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '~/lib/account-forms';
import { registerAccount } from '~/server/accounts/accounts.server';
import * as login from './login';
import * as logout from './logout';
import * as register from './register';
import * as account from './account';

const ORIGIN = 'http://shop.test';
let ip = 1;

async function signedUp(email: string) {
  const outcome = await registerAccount(
    new Request(`${ORIGIN}/register`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'x-client-ip': `203.0.113.${ip++}` },
    }),
    {
      email,
      password: 'amber-kettle-river',
      firstName: 'Test',
      lastName: 'User',
    },
  );
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

function get(url: string, cookie?: string) {
  return new Request(`${ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });
}

function post(url: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) {
  return new Request(`${ORIGIN}${url}`, {
    method: 'POST',
    headers: { 'x-client-ip': `203.0.113.${ip++}`, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The response a loader or action returned or threw. */
async function outcome(run: () => unknown): Promise<{ status: number; location: string | null; data?: unknown }> {
  try {
    const value = await run();
    if (value instanceof Response) return { status: value.status, location: value.headers.get('Location') };
    if (
      value &&
      typeof value === 'object' &&
      'type' in value &&
      (value as { type: string }).type === 'DataWithResponseInit'
    ) {
      const init = (value as unknown as { init?: { status?: number }; data: unknown }).init;
      return { status: init?.status ?? 200, location: null, data: (value as unknown as { data: unknown }).data };
    }
    return { status: 200, location: null, data: value };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location') };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, location: null, data: (thrown as { data: unknown }).data };
    throw thrown;
  }
}

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

describe('account pages', () => {
  it('/account sends visitors to sign in and shows a customer their details', async () => {
    expect(await outcome(() => account.loader(args(get('/account'))))).toMatchObject({
      status: 302,
      location: '/login?redirectTo=%2Faccount',
    });
    const cookie = await signedUp('details@example.com');
    expect(await outcome(() => account.loader(args(get('/account', cookie))))).toMatchObject({
      status: 200,
      data: { email: 'details@example.com', firstName: 'Test' },
    });
    expect(
      await outcome(() => account.action(args(post('/account', { intent: 'nope' }, { origin: ORIGIN, cookie })))),
    ).toMatchObject({ status: 400 });
  });

  it('refuses a form sent from another site with 403', async () => {
    const fields = { email: 'x@example.com', password: 'secret-pass' };
    expect(
      await outcome(() => login.action(args(post('/login', fields, { origin: 'https://evil.example' })))),
    ).toMatchObject({ status: 403 });
    expect(await outcome(() => login.action(args(post('/login', fields, { origin: 'null' }))))).toMatchObject({
      status: 403,
    });
    expect(await outcome(() => logout.action(args(post('/logout', {}, { cookie: 'a=b' }))))).toMatchObject({
      status: 403,
    });
  });

  it('answers 400 with field errors and keeps what was typed, except passwords', async () => {
    const result = await outcome(() =>
      register.action(
        args(
          post('/register', {
            email: ' a@b ',
            password: 'abc',
            confirmPassword: 'abd',
            firstName: 'Ada',
            lastName: '',
          }),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      values: { email: 'a@b', firstName: 'Ada', lastName: '', terms: false },
      fieldErrors: {
        password: MESSAGES.passwordTooShort,
        confirmPassword: MESSAGES.passwordsDoNotMatch,
        lastName: expect.any(String),
        terms: expect.any(String),
      },
    });
    expect(JSON.stringify(result.data)).not.toContain('abc');
  });

  it('signs in and goes back to a same-site redirectTo only', async () => {
    await signedUp('back@example.com');
    const fields = { email: 'back@example.com', password: 'amber-kettle-river' };
    expect(await outcome(() => login.action(args(post('/login', { ...fields, redirectTo: '/admin' }))))).toMatchObject({
      status: 302,
      location: '/admin',
    });
    expect(
      await outcome(() => login.action(args(post('/login', { ...fields, redirectTo: '//evil.example' })))),
    ).toMatchObject({ status: 302, location: '/' });
    expect(
      await outcome(() => login.action(args(post('/login', { ...fields, password: 'wrong-pass' })))),
    ).toMatchObject({ status: 401, data: { formError: MESSAGES.invalidCredentials } });
  });

  it('signs out by POST only', async () => {
    expect(await outcome(() => logout.loader())).toMatchObject({ status: 405 });
    const cookie = await signedUp('leaving@example.com');
    const result = await logout.action(args(post('/logout', {}, { origin: ORIGIN, cookie })));
    expect(result.status).toBe(302);
    expect(result.headers.getSetCookie().some((line) => line.includes('session_token=;'))).toBe(true);
  });
});
