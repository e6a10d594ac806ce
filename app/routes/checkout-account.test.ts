/**
 * The account made inside checkout (docs/decisions/0038-account-inside-checkout.md): a signed-out shopper's Pay makes
 * the account (or signs in to the one the email has), keeps the visitor's cart and starts the payment in one request.
 */
import { mailsSince, outboxNow, withOutbox } from '~/server/accounts/accounts-test-helpers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartLines, carts, orders, users } from '~/db/schema';
import { MESSAGES } from '~/lib/accounts/account-forms';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { CHECKOUT_ACCOUNT_MESSAGES } from '~/lib/checkout/checkout-account';
import { registerAccount } from '~/server/accounts/accounts.server';
import { backgroundTasksSettled, readSession } from '~/server/accounts/auth.server';
import { newCartId, serializeCartId } from '~/server/cart/cart-cookie.server';
import { db } from '~/server/db.server';
import { newRequestContext } from '~/server/http/request-context.server';
import { addressFields, putInCart, shownAmounts, withSimulator } from '../../tests/checkout-helpers';
import { createProduct, createUser } from '../../tests/factories';
import { args, get, nextIp, ORIGIN, outcome, routeModule } from '../../tests/route-helpers';
import * as checkoutModule from './checkout';

const checkoutRoute = await routeModule<typeof import('~/routes/checkout')>('routes/checkout.tsx');
const simulator = withSimulator();
withOutbox();

const PASSWORD = 'amber-kettle-river';
let n = 0;
const newEmail = () => `checkout-new-${++n}-${Date.now()}@example.com`;

/** A visitor's cart (no account) with one shirt, and the Cookie header that carries it. */
async function visitorWithCart(quantity = 1) {
  const product = await createProduct({ price: 30_000_00, stock: { 'M/Black': 5 } });
  const [cart] = await db().insert(carts).values({ id: newCartId() }).returning({ id: carts.id });
  await db().insert(cartLines).values({ cartId: cart.id, productId: product.id, size: 'M', color: 'Black', quantity });
  const cookie = (await serializeCartId(cart.id)).split(';')[0];
  return { product, cartId: cart.id, cookie };
}

function postFrom(ip: string, fields: Record<string, string>, cookie: string) {
  return new Request(`${ORIGIN}/checkout`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'x-client-ip': ip, cookie, 'user-agent': 'checkout-test' },
    body: new URLSearchParams(fields),
  });
}

/** Pay as the signed-out page posts it: the address, the account fields and the amounts the page shows. */
async function payAsVisitor(
  cookie: string,
  fields: Record<string, string> = {},
  { mode = 'popup', ip = nextIp() }: { mode?: 'popup' | 'redirect'; ip?: string } = {},
) {
  const form = {
    ...addressFields(),
    password: PASSWORD,
    terms: 'on',
    ...(mode === 'popup' ? { mode } : {}),
    ...fields,
  };
  const shown = await shownAmounts(cookie, form);
  return outcome(() => checkoutRoute.action(args(postFrom(ip, { ...shown, ...form }, cookie))));
}

/** "a=1; b=2" from Set-Cookie lines, as the browser sends them back (expired ones left out). */
const cookiesFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .filter((line) => !/max-age=0/i.test(line))
    .map((line) => line.split(';')[0])
    .join('; ');

const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

describe('/checkout for a signed-out shopper', () => {
  it('shows the page (with the account fields to add), not the sign-in page', async () => {
    const { cookie } = await visitorWithCart();
    const page = await outcome(() => checkoutRoute.loader(args(get('/checkout', cookie))));
    expect(page).toMatchObject({ status: 200, data: { signedIn: false, cart: { itemCount: 1 } } });
  });

  it('Pay makes the account, signs in, keeps the cart and starts the payment in one request (pop-up)', async () => {
    const { cookie, cartId } = await visitorWithCart(2);
    const email = newEmail();
    const before = outboxNow();
    const paid = await payAsVisitor(cookie, { email, firstName: 'Chioma', lastName: 'Eze' });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    const { payment } = paid.data as { payment: { orderId: string; reference: string } };
    expect(JSON.stringify(paid.data)).not.toContain(PASSWORD);
    // The new session's cookie, and the visitor's cart cookie expired (its lines joined the account's cart).
    const session = await readSession({ headers: new Headers({ cookie: cookiesFrom(paid.headers) }) });
    const user = await userByEmail(email);
    expect(session?.user).toMatchObject({ id: user.id, email, firstName: 'Chioma', lastName: 'Eze' });
    expect(user.emailVerified).toBe(false);
    expect(paid.headers.getSetCookie().some((line) => /^cart=;.*Max-Age=0/i.test(line))).toBe(true);
    expect(await db().select().from(carts).where(eq(carts.id, cartId))).toEqual([]);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ id: payment.orderId, paymentStatus: 'pending', total: 62_600_00 });
    expect(simulator.current.transactions.get(payment.reference)).toMatchObject({ amount: 62_600_00, email });
    // The confirmation mail of /register; an unconfirmed address pays all the same.
    await backgroundTasksSettled();
    expect(
      mailsSince(before).filter((mail) => mail.includes(`To: ${email}`) && mail.includes('Confirm your')),
    ).toHaveLength(1);
  });

  it('without JavaScript, Pay answers the redirect to Paystack with the new session cookie', async () => {
    const { cookie } = await visitorWithCart();
    const email = newEmail();
    const paid = await payAsVisitor(cookie, { email }, { mode: 'redirect' });
    expect(paid.status).toBe(302);
    expect(paid.location).toMatch(new RegExp(`^${simulator.current.baseUrl}/checkout/[0-9a-f]+$`));
    const session = await readSession({ headers: new Headers({ cookie: cookiesFrom(paid.headers) }) });
    expect(session?.user.email).toBe(email);
    // The cart now the account's, kept until the payment is confirmed.
    expect(session?.cartCount).toBe(1);
    expect(await ordersOf(session!.user.id)).toHaveLength(1);
  });

  it('an email with an account: the wrong password is refused, saying nothing more; the right one pays as its owner', async () => {
    const owner = await createUser({ password: 'owner-secret-pass' });
    const { cookie } = await visitorWithCart();
    const wrong = await payAsVisitor(cookie, { email: owner.email, password: 'not-the-owners-pass' });
    expect(wrong).toMatchObject({
      status: 400,
      data: { result: { error: { password: [CHECKOUT_ACCOUNT_MESSAGES.existingAccount] } } },
    });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(JSON.stringify(wrong.data)).not.toContain('not-the-owners-pass');
    expect(await ordersOf(owner.id)).toHaveLength(0);
    const right = await payAsVisitor(cookie, { email: owner.email, password: 'owner-secret-pass' });
    expect(right.status, JSON.stringify(right.data)).toBe(200);
    const session = await readSession({ headers: new Headers({ cookie: cookiesFrom(right.headers) }) });
    expect(session?.user.id).toBe(owner.id);
    expect(await ordersOf(owner.id)).toHaveLength(1);
    expect(await db().select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
  });

  it('counts the password typed for an existing account against the sign-in throttle', async () => {
    const owner = await createUser({ password: 'owner-secret-pass' });
    const { cookie } = await visitorWithCart();
    for (let i = 0; i < 5; i++) await payAsVisitor(cookie, { email: owner.email, password: `wrong-pass-${i}` });
    const throttled = await payAsVisitor(cookie, { email: owner.email, password: 'owner-secret-pass' });
    expect(throttled.status).toBe(429);
    expect((throttled.data as { result: { error: Record<string, string[]> } }).result.error['']?.[0]).toMatch(
      /^Too many failed sign-ins for this account/,
    );
  });

  it('refuses a password /register refuses: too short, or easy to guess', async () => {
    const { cookie } = await visitorWithCart();
    const email = newEmail();
    expect(await payAsVisitor(cookie, { email, password: 'short' })).toMatchObject({
      status: 400,
      data: { result: { error: { password: [MESSAGES.passwordTooShort] } } },
    });
    const guessable = await payAsVisitor(cookie, { email, password: 'password123' });
    expect(guessable.status).toBe(400);
    expect((guessable.data as { result: { error: { password: string[] } } }).result.error.password[0]).toMatch(
      /^This password is too easy to guess/,
    );
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses a post without the terms consent, forged past the page', async () => {
    const { cookie } = await visitorWithCart();
    const email = newEmail();
    const form = { ...addressFields(), email, password: PASSWORD, mode: 'popup' };
    const answer = await outcome(() => checkoutRoute.action(args(postFrom(nextIp(), form, cookie))));
    expect(answer).toMatchObject({
      status: 400,
      data: { result: { error: { terms: ['Please accept the terms and conditions.'] } } },
    });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('makes no account for a Pay with an empty cart, forged past the page or emptied in another tab', async () => {
    const { cookie, cartId } = await visitorWithCart();
    await db().delete(cartLines).where(eq(cartLines.cartId, cartId));
    for (const visitor of [cookie, '']) {
      const email = newEmail();
      const form = { ...addressFields(), email, password: PASSWORD, terms: 'on', mode: 'popup' };
      const answer = await outcome(() => checkoutRoute.action(args(postFrom(nextIp(), form, visitor))));
      expect(answer).toMatchObject({
        status: 400,
        data: { signedIn: false, result: { error: { '': [CHECKOUT_MESSAGES.emptyCart] } } },
      });
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(await userByEmail(email)).toBeUndefined();
    }
  });

  it('counts against the sign-up limit of /register for the client address', async () => {
    const ip = nextIp();
    const register = (email: string) =>
      registerAccount(postFrom(ip, {}, ''), { email, password: PASSWORD, firstName: 'Ada', lastName: 'Obi' });
    for (let i = 0; i < 4; i++) expect((await register(newEmail())).ok).toBe(true);
    const { cookie } = await visitorWithCart();
    // The fifth sign-up from this address is the checkout's; the sixth, /register's, is refused.
    const paid = await payAsVisitor(cookie, { email: newEmail() }, { ip });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    expect(await register(newEmail())).toMatchObject({ ok: false, status: 429 });
    const { cookie: next } = await visitorWithCart();
    const email = newEmail();
    expect(await payAsVisitor(next, { email }, { ip })).toMatchObject({
      status: 429,
      data: { result: { error: { '': [MESSAGES.tooManyRequests] } } },
    });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('without JavaScript, a Pay refused after the account step shows the signed-in page with the cart', async () => {
    const { cookie } = await visitorWithCart();
    const email = newEmail();
    const form = { ...addressFields(), email, password: PASSWORD, terms: 'on', shownDeliveryFee: '0', shownTotal: '1' };
    // React Router runs the action, then the page's loader, in one request and one context (the root middleware's).
    const request = postFrom(nextIp(), form, cookie);
    const context = newRequestContext(request);
    const refused = await outcome(() => checkoutModule.action({ request, params: {}, context } as never));
    expect(refused.status).toBe(409);
    const page = await outcome(() =>
      checkoutModule.loader({
        request: new Request(request.url, { headers: request.headers }),
        params: {},
        context,
      } as never),
    );
    expect(page.data).toMatchObject({ signedIn: true, address: { email }, cart: { itemCount: 1 } });
  });

  it("with JavaScript, a Pay refused after the account step (Paystack down) reloads the page as the customer's", async () => {
    const { cookie } = await visitorWithCart();
    const email = newEmail();
    simulator.current.setFault('down');
    let refused;
    try {
      refused = await payAsVisitor(cookie, { email });
    } finally {
      simulator.current.setFault('none');
    }
    expect(refused.status).toBe(503);
    const session = await readSession({ headers: new Headers({ cookie: cookiesFrom(refused.headers) }) });
    expect(session?.user.email).toBe(email);
    // React Router skips the loaders after an error status unless the route asks for them.
    const revalidates = (actionStatus: number, actionResult: unknown) =>
      checkoutModule.shouldRevalidate({ actionStatus, actionResult, defaultShouldRevalidate: false } as never);
    expect(revalidates(503, refused.data)).toBe(true);
    const owner = await createUser({ password: 'owner-secret-pass' });
    const wrong = await payAsVisitor(cookie, { email: owner.email, password: 'not-the-owners-pass' });
    expect(revalidates(wrong.status, wrong.data)).toBe(false);
  });

  it('leaves a signed-in shopper as before: no account fields, none asked for', async () => {
    const user = await createUser();
    const product = await createProduct({ price: 30_000_00, stock: { 'M/Black': 5 } });
    await putInCart(user.id, [{ productId: product.id }]);
    const page = await outcome(() => checkoutRoute.loader(args(get('/checkout', user.cookie))));
    expect(page.data).toMatchObject({ signedIn: true, address: { email: user.email } });
    const form = { ...addressFields(), mode: 'popup' };
    const shown = await shownAmounts(user.cookie, form);
    const paid = await outcome(() =>
      checkoutRoute.action(args(postFrom(nextIp(), { ...shown, ...form }, user.cookie))),
    );
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    expect(paid.headers.getSetCookie()).toEqual([]);
    const [{ count }] = await db().execute<{ count: number }>(
      sql`select count(*)::int as count from users where email = ${addressFields().email}`,
    );
    expect(count).toBe(0);
  });
});
