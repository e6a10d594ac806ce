/**
 * The server-side guards and form actions of the account pages, called as React Router calls them.
 * The admin guard over every /admin route (and every other route's access) is tests/integration/authorization.test.ts.
 */
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '~/lib/accounts/account-forms';
import { registerAccount, signIn } from '~/server/accounts/accounts.server';
import { routeModule } from '../../tests/route-helpers';
import LoginPage from './login';
import RegisterPage from './register';
import { renderPage } from '../../tests/render-page';

const login = await routeModule<typeof import('~/routes/login')>('routes/login.tsx');
const logout = await routeModule<typeof import('~/routes/logout')>('routes/logout.ts');
const register = await routeModule<typeof import('~/routes/register')>('routes/register.tsx');
const account = await routeModule<typeof import('~/routes/account')>('routes/account.tsx');

const ORIGIN = 'http://shop.test';
let ip = 1;

/** Registers, then signs in (registering does not: docs/requirements.md#14-messages); the session's cookie. */
async function signedUp(email: string) {
  const request = () =>
    new Request(`${ORIGIN}/register`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'x-client-ip': `203.0.113.${ip++}` },
    });
  const registered = await registerAccount(request(), {
    email,
    password: 'amber-kettle-river',
    firstName: 'Test',
    lastName: 'User',
  });
  if (!registered.ok) throw new Error(registered.message);
  const outcome = await signIn(request(), { email, password: 'amber-kettle-river' });
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

type RouteFunctions = { loader: (args: never) => unknown; action: (args: never) => unknown };

/**
 * The page a browser without JavaScript gets back after posting `request`: React Router's static handler runs the
 * action, then the loader, and renders the page with the action's answer.
 */
async function pageAfter(route: RouteFunctions, Page: ComponentType<never>, path: string, request: Request) {
  const page = await renderPage({ path, route, Page, request });
  if (page.location !== null) throw new Error(`answered ${page.status} instead of a page`);
  return page;
}

/** The opening tag of the element with this id, and the text of the element its aria-describedby names. */
function described(html: string, id: string): { tag: string; description: string | undefined } {
  const tag = html.match(new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`))?.[0] ?? '';
  const describedBy = tag.match(/aria-describedby="([^"]+)"/)?.[1];
  const description = describedBy && html.match(new RegExp(`id="${describedBy}"[^>]*>([^<]*)<`))?.[1];
  return { tag, description: description || undefined };
}

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

  it('answers a new address and a registered one with the same page, signing in neither', async () => {
    await signedUp('known@example.com');
    const fields = (email: string) => ({
      email,
      password: 'amber-kettle-river',
      confirmPassword: 'amber-kettle-river',
      firstName: 'Ada',
      lastName: 'Obi',
      terms: 'on',
      redirectTo: '/checkout',
    });
    const known = await outcome(() => register.action(args(post('/register', fields('known@example.com')))));
    const fresh = await outcome(() => register.action(args(post('/register', fields('fresh@example.com')))));
    expect(known).toEqual({ status: 302, location: '/register?sent=1&redirectTo=%2Fcheckout' });
    expect(fresh).toEqual(known);
    expect(await outcome(() => register.loader(args(get('/register?sent=1&redirectTo=%2Fcheckout'))))).toMatchObject({
      status: 200,
      data: { sent: true, redirectTo: '/checkout' },
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
      result: {
        error: {
          password: [MESSAGES.passwordTooShort],
          confirmPassword: [MESSAGES.passwordsDoNotMatch],
          lastName: [expect.any(String)],
          terms: [expect.any(String)],
        },
      },
    });
    // What was typed comes back as typed (the page shows it again without JavaScript), the passwords never.
    expect(result.data).toHaveProperty('result.initialValue', { email: ' a@b ', firstName: 'Ada' });
    expect(JSON.stringify(result.data)).not.toContain('abc');
  });

  it('without JavaScript, the refused page ties each message to its input and keeps what was typed', async () => {
    const typed = {
      email: 'ada@',
      password: 'amber-kettle',
      confirmPassword: 'amber-kettlf',
      firstName: 'Ada',
      lastName: '',
      terms: 'on',
    };
    const { status, html } = await pageAfter(register, RegisterPage, '/register', post('/register', typed));
    expect(status).toBe(400);
    expect(described(html, 'register-email')).toEqual({
      tag: expect.stringMatching(/aria-invalid="true".*value="ada@"/),
      description: 'Please enter a valid email address.',
    });
    expect(described(html, 'register-lastName').description).toBe('Please enter your last name.');
    expect(described(html, 'register-confirmPassword').description).toBe(MESSAGES.passwordsDoNotMatch);
    expect(described(html, 'register-firstName').tag).toMatch(/value="Ada"/);
    expect(described(html, 'register-firstName').tag).not.toMatch(/aria-invalid/);
    expect(described(html, 'register-terms').tag).toMatch(/checked=""/);
    // The password's hint stays tied to it while it has no error.
    expect(described(html, 'register-password').description).toMatch(/^At least 8 characters/);
    expect(html).not.toContain('amber-kettl');

    await signedUp('typed@example.com');
    const failed = await pageAfter(
      login,
      LoginPage,
      '/login',
      post('/login', { email: 'typed@example.com', password: 'wrong-pass-here' }),
    );
    expect(failed.status).toBe(401);
    // The form names its message (role=alert) as its description.
    expect(described(failed.html, 'login').description).toBe(MESSAGES.invalidCredentials);
    expect(described(failed.html, 'login-email').tag).toMatch(/value="typed@example.com"/);
    expect(failed.html).not.toContain('wrong-pass-here');
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
    const refused = await outcome(() => login.action(args(post('/login', { ...fields, password: 'wrong-pass' }))));
    expect(refused).toMatchObject({
      status: 401,
      data: { result: { error: { '': [MESSAGES.invalidCredentials] }, initialValue: { email: 'back@example.com' } } },
    });
    expect(JSON.stringify(refused.data)).not.toContain('wrong-pass');
  });

  it('/account: each form answers under its own intent; passwords never come back', async () => {
    const cookie = await signedUp('forms@example.com');
    const send = (fields: Record<string, string>) =>
      outcome(() => account.action(args(post('/account', fields, { origin: ORIGIN, cookie }))));
    const wrong = await send({
      intent: 'password',
      currentPassword: 'not-my-password',
      password: 'copper-lantern-sky',
      confirmPassword: 'copper-lantern-sky',
    });
    expect(wrong).toMatchObject({
      status: 400,
      data: { intent: 'password', result: { error: { '': [MESSAGES.wrongCurrentPassword] } } },
    });
    expect(JSON.stringify(wrong.data)).not.toMatch(/not-my-password|copper-lantern/);
    // Saved: the form starts again from the loader's (now saved) names.
    expect(await send({ intent: 'profile', firstName: ' Amaka ', lastName: 'Eze' })).toMatchObject({
      status: 200,
      data: { intent: 'profile', success: MESSAGES.profileSaved, result: { initialValue: null } },
    });
    expect((await outcome(() => account.loader(args(get('/account', cookie))))).data).toMatchObject({
      firstName: 'Amaka',
      lastName: 'Eze',
    });
    expect(await send({ intent: 'profile', firstName: '', lastName: 'Eze' })).toMatchObject({
      status: 400,
      data: { intent: 'profile', result: { error: { firstName: ['Please enter your first name.'] } } },
    });
  });

  it('signs out by POST only', async () => {
    expect(await outcome(() => logout.loader(args(get('/logout'))))).toMatchObject({ status: 405 });
    const cookie = await signedUp('leaving@example.com');
    const result = await logout.action(args(post('/logout', {}, { origin: ORIGIN, cookie })));
    expect(result.status).toBe(302);
    expect(result.headers.getSetCookie().some((line) => line.includes('session_token=;'))).toBe(true);
  });
});
