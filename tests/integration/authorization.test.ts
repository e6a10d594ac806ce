/**
 * Who may see what, for EVERY route of app/routes.ts: each route module's loader (and action, with an empty
 * same-site POST) is called as a visitor, a customer, an account whose address is listed in `admins` and verified
 * but never accepted the invitation (decision 0026), and an admin, and the answer compared with what that role may get. Routes under /admin are
 * expected to be guarded without being listed; every other route must be classified below, so a new route without
 * an expectation fails here until someone decides who may use it.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth } from '~/server/accounts/auth.server';
import { createCollection, createOrder, createProduct, createUser } from '../factories';
import { args, get, outcome, post, routeChain, routeModule, routeTable, type Outcome } from '../route-helpers';

/**
 * `unverified`: registered with an address listed in `admins` and even confirmed, but no invitation accepted: it is
 * refused like a customer (admin rights come only from accepting the invitation, decision 0026).
 */
type Role = 'visitor' | 'customer' | 'unverified' | 'admin';
type Answer = { status: number; location?: string | null };
/** For routes outside /admin, the unverified account gets what the admin gets (another signed-in user). */
type Expectation = Record<Exclude<Role, 'unverified'>, Answer> & { unverified?: Answer };
const ROLES: Role[] = ['visitor', 'customer', 'unverified', 'admin'];
const expected = (expectation: Expectation, role: Role) =>
  role === 'unverified' ? (expectation.unverified ?? expectation.admin) : expectation[role];
type Access = { loader: Expectation | 'no-loader'; action?: Expectation };

const ok: Answer = { status: 200, location: null };
const toLogin = (url: string): Answer => ({ status: 302, location: `/login?redirectTo=${encodeURIComponent(url)}` });
const home: Answer = { status: 302, location: '/' };
const everyone = (answer: Answer): Expectation => ({ visitor: answer, customer: answer, admin: answer });

const PUBLIC = everyone(ok);
/** Bad input (an empty form) is answered 400 for anyone: the action is open to all, its validation applies. */
const OPEN_ACTION = everyone({ status: 400 });
/** Sign-in and registration pages send a signed-in user on to where they were going ('/'). */
const GUESTS = { visitor: ok, customer: home, admin: home };
const signedIn = (url: string): Expectation => ({ visitor: toLogin(url), customer: ok, admin: ok });

/**
 * Every non-admin route, by its full path. Adding a route means adding it here: public (everyone 200),
 * signed-in only, or something particular.
 */
const EXPECTATIONS: Record<string, Access> = {
  '/': { loader: PUBLIC },
  '/collections': { loader: PUBLIC },
  '/new-arrivals': { loader: PUBLIC },
  '/collections/:collectionId': { loader: PUBLIC },
  '/product/:id': { loader: PUBLIC },
  '/cart': { loader: PUBLIC, action: OPEN_ACTION },
  '/about': { loader: PUBLIC },
  '/contact': { loader: PUBLIC, action: OPEN_ACTION },
  '/terms': { loader: PUBLIC },
  '/privacy': { loader: 'no-loader' },
  '/newsletter': { loader: 'no-loader', action: OPEN_ACTION },
  // "Email me when it's back" (decision 0027): open to all, POST only; an empty form goes back home with the refusal.
  '/back-in-stock': {
    loader: everyone({ status: 405 }),
    action: everyone({ status: 303, location: '/?message=This+product+could+not+be+found.#back-in-stock' }),
  },
  // Its "confirm you want this alert" link (decision 0027): without a token, not valid, for anyone.
  '/back-in-stock/confirm': { loader: everyone({ status: 400 }), action: everyone({ status: 400 }) },
  // "Ask about this piece" (docs/requirements.md#9-order-and-payment-statuses): without a product it has nothing to ask
  // about, for anyone.
  '/whatsapp/ask': { loader: everyone({ status: 302, location: '/404' }) },
  '/register': { loader: GUESTS, action: OPEN_ACTION },
  '/login': { loader: GUESTS, action: OPEN_ACTION },
  // Signing out is a POST only; it sends everyone home, signed in or not.
  '/logout': { loader: everyone({ status: 405 }), action: everyone(home) },
  '/forgot-password': { loader: 'no-loader', action: OPEN_ACTION },
  '/reset-password': { loader: PUBLIC, action: OPEN_ACTION },
  // Without a token the link is not valid: a page saying so, for anyone; only the page's button (a POST) confirms.
  '/verify-email': { loader: everyone({ status: 400 }), action: everyone({ status: 400 }) },
  // An admin invitation's link (decision 0026): without a token, not valid, for anyone.
  '/admin-invitation': { loader: everyone({ status: 400 }), action: everyone({ status: 400 }) },
  // A marketing mail's unsubscribe link (docs/requirements.md#9-order-and-payment-statuses): its token is the proof,
  // not a session; without one, not valid.
  '/unsubscribe': { loader: everyone({ status: 400 }), action: everyone({ status: 400 }) },
  '/account': {
    loader: signedIn('/account'),
    action: { visitor: toLogin('/account'), customer: { status: 400 }, admin: { status: 400 } },
  },
  // docs/requirements.md#14-messages: visitors see 'Please log in to view your orders.' (401) rather than a redirect.
  '/orders': { loader: { visitor: { status: 401 }, customer: ok, admin: ok } },
  // The order belongs to the customer: the admin, not its owner, is refused here like any other user (403).
  // "Pay for this order" (decision 0025) is for its owner: the admin finds no order of theirs to pay (404). The
  // customer's pending order is paid on Paystack's page (the test store has no Paystack: 503, its reason shown).
  '/orders/:orderId': {
    loader: { visitor: { status: 401 }, customer: ok, admin: { status: 403 } },
    action: { visitor: toLogin('/orders/:orderId'), customer: { status: 503 }, admin: { status: 404 } },
  },
  // Back from Paystack without a reference of one's own: the order's page says what it can.
  '/orders/:orderId/payment': {
    loader: {
      visitor: toLogin('/orders/:orderId/payment'),
      customer: { status: 302, location: '/orders/:orderId' },
      admin: { status: 302, location: '/orders/:orderId' },
    },
  },
  // A review (decision 0040) is its buyer's, once the order is delivered: the customer's test order is not yet
  // (409), the admin finds another's order (403), even by a forged post.
  '/orders/:orderId/review/:position': {
    loader: {
      visitor: toLogin('/orders/:orderId/review/:position'),
      customer: { status: 409 },
      admin: { status: 403 },
    },
    action: {
      visitor: toLogin('/orders/:orderId/review/:position'),
      customer: { status: 409 },
      admin: { status: 403 },
    },
  },
  // Visitors have a wishlist in their browser; only saving to an account needs one.
  '/wishlist': {
    loader: PUBLIC,
    action: { visitor: { status: 401 }, customer: { status: 400 }, admin: { status: 400 } },
  },
  // A visitor checks out on the page itself, making an account as they pay (docs/decisions/0038-account-inside-checkout.md).
  '/checkout': {
    loader: PUBLIC,
    action: OPEN_ACTION,
  },
  // Without a reference there is nothing to confirm: back to checkout with 'Payment was not successful'.
  '/checkout/callback': {
    loader: {
      visitor: toLogin('/checkout/callback'),
      customer: { status: 302, location: '/checkout?payment=failed' },
      admin: { status: 302, location: '/checkout?payment=failed' },
    },
  },
  // The pop-up's close asks here (JSON); without a reference of one's own there is nothing to tell.
  '/checkout/payment-status': { loader: { visitor: toLogin('/checkout/payment-status'), customer: ok, admin: ok } },
  // The product page's own-address delivery line (decision 0022): anyone may ask; a visitor learns nothing.
  '/delivery-estimate': { loader: PUBLIC },
  // The id given here is a product's, so a signed-in user finds no such order.
  '/order-success/:id': {
    loader: { visitor: toLogin('/order-success/:id'), customer: { status: 404 }, admin: { status: 404 } },
  },
  // Paystack's server calls this; it proves itself with a signature, not a session (an unsigned post is 401).
  '/webhooks/paystack': { loader: 'no-loader', action: everyone({ status: 401 }) },
  '/healthz': { loader: PUBLIC },
  '/sitemap.xml': { loader: PUBLIC },
  '/robots.txt': { loader: PUBLIC },
  // Installing the store (decision 0043): the manifest, its icons (only 192 and 512 px), the worker, the offline page.
  '/manifest.webmanifest': { loader: PUBLIC },
  '/icons/:file': { loader: everyone({ status: 404 }) },
  '/sw.js': { loader: PUBLIC },
  '/offline': { loader: 'no-loader' },
  '/404': { loader: everyone({ status: 404 }) },
  '/*': { loader: everyone({ status: 404 }) },
};

const table = routeTable();
const isAdminPath = (url: string) => url === '/admin' || url.startsWith('/admin/');

/** Admin routes need no entry: they must send visitors to sign in, customers home, and let admins in. */
function expectationFor(url: string, file = ''): Access | undefined {
  if (isAdminPath(url)) {
    // With a made-up id an admin page may answer 404, and a resource route may take POSTs only; what matters
    // is that the admin is let in.
    const admin: Answer = url.includes(':') || file.endsWith('.ts') ? { status: -1 } : ok;
    return {
      loader: { visitor: toLogin(url), customer: home, unverified: home, admin },
      action: { visitor: toLogin(url), customer: home, unverified: home, admin: { status: -1 } },
    };
  }
  return EXPECTATIONS[url];
}

/** An expected redirect names the route pattern (…%3Aid…, or /orders/:orderId); the request used concrete values. */
function resolved(answer: Answer, values: Record<string, string>): Answer {
  if (!answer.location) return answer;
  return {
    ...answer,
    location: answer.location.replace(/(?:%3A|:)([A-Za-z]+)/g, (match, name: string) => values[name] ?? match),
  };
}

const PLACEHOLDER_ID = '00000000000000';
const cookies: Record<Role, string> = { visitor: '', customer: '', unverified: '', admin: '' };
const accounts: Partial<Record<Role, { email: string; password: string }>> = {};
const params: Record<string, string> = {};

/** A fresh session per test: POST /logout ends the one it is given. */
async function sessionCookie({ email, password }: { email: string; password: string }) {
  const response = await auth().api.signInEmail({ body: { email, password }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

beforeEach(async () => {
  cookies.customer = await sessionCookie(accounts.customer!);
  cookies.unverified = await sessionCookie(accounts.unverified!);
  cookies.admin = await sessionCookie(accounts.admin!);
});

beforeAll(async () => {
  const customer = await createUser();
  const admin = await createUser({ admin: true });
  // Registered first with an address the admins list names, and confirmed: the takeover decision 0026 closes.
  accounts.unverified = await createUser({ listed: true, verified: true });
  accounts.customer = customer;
  accounts.admin = admin;
  const collection = await createCollection();
  const product = await createProduct({ collectionId: collection.id });
  const order = await createOrder({ userId: customer.id, items: [{ product }] });
  Object.assign(params, { collectionId: collection.id, id: product.id, orderId: order.id, '*': 'no-such-page' });
});

function concreteUrl(url: string): { url: string; params: Record<string, string> } {
  const values: Record<string, string> = {};
  const concrete = url.replace(/:([^/]+)|\*/g, (match, name: string | undefined) => {
    const key = name ?? '*';
    values[key] = params[key] ?? PLACEHOLDER_ID;
    return values[key];
  });
  return { url: concrete, params: values };
}

/** -1 stands for "let in": not sent to sign in or home, and not a server error. */
function check(actual: Outcome, wanted: Answer, what: string) {
  if (wanted.status === -1) {
    expect(actual.status, what).toBeLessThan(500);
    expect(['/login', '/'], what).not.toContain(actual.location?.split('?')[0]);
    return;
  }
  expect(actual.status, what).toBe(wanted.status);
  if (wanted.location !== undefined) expect(actual.location, what).toBe(wanted.location);
}

describe('authorization over every route of app/routes.ts', () => {
  it('finds the route table, including the admin area', () => {
    expect(table.length).toBeGreaterThan(10);
    expect(table.some((r) => isAdminPath(r.path))).toBe(true);
  });

  it('every route must be classified (add new routes to EXPECTATIONS; /admin routes are guarded automatically)', () => {
    const unclassified = table.filter((r) => !expectationFor(r.path)).map((r) => r.path);
    expect(unclassified).toEqual([]);
    const stale = Object.keys(EXPECTATIONS).filter((key) => !table.some((r) => r.path === key));
    expect(stale, 'expectations for routes that no longer exist').toEqual([]);
  });

  it.each(table)('$path', async ({ path: url, file }) => {
    const access = expectationFor(url, file);
    if (!access) throw new Error(`${url} (${file}) is not classified: add it to EXPECTATIONS in this test`);
    // As React Router runs it: the middleware of app/root.tsx and of every layout above first (the admin guard, the
    // origin check), so a guard missing from the route tree fails here.
    const mod = await routeModule(file, { withHeaders: true });
    const target = concreteUrl(url);
    // The shopper's and admin's own pages: no cache may keep any answer of theirs (routes/layouts/private.tsx).
    const isPrivate = routeChain(file)!.includes('routes/layouts/private.tsx');

    if (access.loader === 'no-loader') {
      expect(mod.has.loader, `${file} has a loader now: classify what it returns`).toBe(false);
    } else {
      expect(mod.has.loader, `${file} needs a loader`).toBe(true);
      for (const role of ROLES) {
        const answer = await outcome(() =>
          mod.loader(args(get(target.url, cookies[role] || undefined), target.params)),
        );
        check(answer, resolved(expected(access.loader, role), target.params), `GET ${target.url} as ${role}`);
        if (isPrivate)
          expect(answer.headers.get('Cache-Control'), `GET ${target.url}: private`).toBe('private, no-store');
      }
    }

    if (mod.has.action) {
      expect(access.action, `${file} has an action: classify it`).toBeDefined();
      for (const role of ROLES) {
        const answer = await outcome(() =>
          mod.action(args(post(target.url, {}, { cookie: cookies[role] || undefined }), target.params)),
        );
        check(answer, resolved(expected(access.action!, role), target.params), `POST ${target.url} as ${role}`);
      }
    } else if (!isAdminPath(url)) {
      expect(access.action, `${file} has no action`).toBeUndefined();
    }
  });
});
