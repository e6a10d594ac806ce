/**
 * docs/requirements.md#13-forms-and-validation: after signing in (or registering, or subscribing without JavaScript)
 * the browser goes to `redirectTo`. Whatever was sent, the Location answered is a path on the store, as a browser
 * resolves it. The guard itself is app/lib/safe-redirect.ts (with its property test beside it).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { refusedFieldText } from '~/lib/forms/control-characters';
import { logger } from '~/server/logger.server';
import { createUser } from '../factories';
import { args, get, ORIGIN, outcome, post, routeModule, type Outcome } from '../route-helpers';

const login = await routeModule<typeof import('~/routes/login')>('routes/login.tsx');
const newsletter = await routeModule<typeof import('~/routes/newsletter')>('routes/newsletter.ts');
const register = await routeModule<typeof import('~/routes/register')>('routes/register.tsx');

const PASSWORD = 'amber-kettle-river-92';

const HOSTILE = [
  '/.//evil.example/phish',
  '/%2e%2e//evil.example/phish',
  '/%2E%2e//evil.example',
  '/foo/..//evil.example/phish',
  '/./\\evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/%09/evil.example',
  '/%2F%2Fevil.example/phish',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  '/%252F%252Fevil.example',
  '/a/%2e%2e/%2e%2e//evil.example',
  '/a%2F..%2F..%2F%2Fevil.example',
  '//evil.example',
  'https://evil.example/phish',
];

/** The Location stays on the store however a browser (or a proxy decoding escapes once more) reads it. */
function expectOnStore(location: string | null) {
  expect(location).not.toBeNull();
  const target = location!;
  expect(target.startsWith('/')).toBe(true);
  expect(target.startsWith('//') || target.startsWith('/\\')).toBe(false);
  expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
  const unescape = (escape: string) => String.fromCharCode(parseInt(escape.slice(-2), 16));
  const decoded = target.replace(/%(25)?(2f|5c|2e|09)/gi, unescape);
  expect(new URL(decoded, ORIGIN).origin).toBe(ORIGIN);
  expect(new URL(decoded, ORIGIN).pathname.startsWith('//')).toBe(false);
}

/**
 * Redirected with `status` to a path on the store; or, for a value with a control character (a tab), refused before
 * any action with a 400 (decision 0027): no redirect at all.
 */
function expectRedirectOnStore(answer: Outcome, status: number, redirectTo: string) {
  if (refusedFieldText('redirectTo', redirectTo)) {
    expect(answer.status, JSON.stringify(redirectTo)).toBe(400);
    return;
  }
  expect(answer.status, redirectTo).toBe(status);
  expectOnStore(answer.location);
}

/** Signs in through the real /login action, asking to go back to `redirectTo`. */
const signInThenGo = (account: { email: string }, redirectTo: string) =>
  outcome(() => login.action(args(post('/login', { email: account.email, password: PASSWORD, redirectTo }))));

describe('redirectTo after sign-in', () => {
  it('never sends the browser off the store, for every hostile path, and logs the attempt', async () => {
    const account = await createUser({ password: PASSWORD });
    const warn = vi.spyOn(logger, 'warn');
    for (const redirectTo of HOSTILE) {
      expectRedirectOnStore(await signInThenGo(account, redirectTo), 302, redirectTo);
    }
    const attempt = expect.objectContaining({ ip: expect.any(String), redirectTo: '/.//evil.example/phish' });
    expect(warn).toHaveBeenCalledWith(attempt, expect.stringContaining('redirect refused'));
    warn.mockRestore();
    // …while a page of the store is still where the shopper goes back to, normalised.
    expect((await signInThenGo(account, '/checkout?step=2')).location).toBe('/checkout?step=2');
    expect((await signInThenGo(account, '/shop/../cart')).location).toBe('/cart');
  });

  it('never leaves the store for generated hostile paths (property, through the real action)', async () => {
    const account = await createUser({ password: PASSWORD });
    const piece = fc.constantFrom('.', '..', '', '%2e', '%2E%2e', '%2f', '%5c', '\\', '\t', '%252f', 'evil.example');
    const path = fc
      .tuple(fc.array(piece, { maxLength: 6 }), fc.constantFrom('/', '\\', '%2F'))
      .map(([pieces, join]) => `/${pieces.join(join)}`);
    await fc.assert(
      fc.asyncProperty(path, async (redirectTo) =>
        expectRedirectOnStore(await signInThenGo(account, redirectTo), 302, redirectTo),
      ),
      { numRuns: 40 },
    );
  });

  it('a signed-in visitor opening /login?redirectTo=… is sent on to the store only', async () => {
    const account = await createUser({ password: PASSWORD });
    for (const redirectTo of HOSTILE) {
      const url = `/login?${new URLSearchParams({ redirectTo })}`;
      expectRedirectOnStore(await outcome(() => login.loader(args(get(url, account.cookie)))), 302, redirectTo);
    }
  });
});

describe('redirectTo after registering and after a newsletter sign-up', () => {
  it('never sends the browser off the store', async () => {
    const someHostile = ['/.//evil.example/phish', '/%2e%2e//evil.example', '/%2F%2Fevil.example'];
    for (const [index, redirectTo] of someHostile.entries()) {
      const person = { email: `redirect-${index}@example.com`, firstName: 'Ada', lastName: 'Obi', terms: 'on' };
      const fields = { ...person, password: PASSWORD, confirmPassword: PASSWORD, redirectTo };
      const answer = await outcome(() => register.action(args(post('/register', fields))));
      expect(answer.status, redirectTo).toBe(302);
      expectOnStore(answer.location);
    }
    for (const redirectTo of HOSTILE) {
      const fields = { email: 'reader@example.com', redirectTo };
      const answer = await outcome(() => newsletter.action(args(post('/newsletter', fields))));
      expectRedirectOnStore(answer, 303, redirectTo);
    }
  });
});
