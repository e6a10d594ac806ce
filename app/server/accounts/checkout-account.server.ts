/**
 * The account a signed-out shopper's Pay needs (docs/decisions/0038-account-inside-checkout.md), in the same request
 * as the order:
 * - an address without an account gets one exactly as /register makes it (registerAccount: the guessable-password
 *   check, Better Auth's '/sign-up/email' endpoint with its rate limit for the client address, the confirmation mail),
 *   then a session at once: an unconfirmed address may pay, and registering itself never signs in (auth.server.ts);
 * - an address with an account is signed in with the password typed, exactly as /login signs in (signIn: the
 *   per-account throttle and Better Auth's '/sign-in/email' limit), and a wrong one is refused;
 * - either way the visitor's cart joins the account's (cart-merge.server.ts), as at any sign-in.
 */
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { users } from '~/db/schema';
import { CHECKOUT_ACCOUNT_MESSAGES } from '~/lib/checkout/checkout-account';
import { signIn, signUp, withVisitorCart } from './accounts.server';
import { auth, CLIENT_IP_HEADER } from './auth.server';
import { db } from '../db.server';
import { logger } from '../logger.server';

export type CheckoutAccountInput = { email: string; password: string; firstName: string; lastName: string };

export type CheckoutAccount =
  | { ok: true; user: { id: string; email: string }; headers: Headers }
  /** `field`: the message belongs under the password input. */
  | { ok: false; status: number; message: string; field?: 'password' };

/** The account with this address (normalised as the schema and Better Auth store it), if any. */
async function accountOf(email: string): Promise<string | undefined> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/** True when `userId` is the row registerAccount just made for `email` (not Better Auth's made-up duplicate id). */
async function isAccount(userId: string, email: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, email)));
  return Boolean(row);
}

/**
 * A session for an account made a moment ago by this request, as Better Auth's own sign-in would make it (its
 * internal adapter runs the session hooks of auth.server.ts), and its cookie signed as Better Auth signs it (the
 * format readSession verifies). Sign-up with autoSignIn would do the same, but /register must not sign in.
 */
async function startSession(request: Request, userId: string): Promise<Headers> {
  const context = await auth().$context;
  const session = await context.internalAdapter.createSession(userId, false, {
    ipAddress: request.headers.get(CLIENT_IP_HEADER) ?? '',
    userAgent: request.headers.get('user-agent') ?? '',
  });
  const { name, attributes } = context.authCookies.sessionToken;
  const signature = createHmac('sha256', context.secret).update(session.token).digest('base64');
  const parts = [
    `${name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
    `Max-Age=${context.sessionConfig.expiresIn}`,
    `Path=${attributes.path ?? '/'}`,
    'HttpOnly',
    ...(attributes.secure ? ['Secure'] : []),
    'SameSite=Lax',
  ];
  return new Headers({ 'Set-Cookie': parts.join('; ') });
}

/** The password typed for an address that has an account: a sign-in, refused with the conditional message. */
async function signInAtCheckout(request: Request, input: CheckoutAccountInput): Promise<CheckoutAccount> {
  const outcome = await signIn(request, { email: input.email, password: input.password });
  if (outcome.ok && outcome.userId)
    return { ok: true, user: { id: outcome.userId, email: input.email }, headers: outcome.headers };
  if (!outcome.ok && outcome.status !== 401) return { ok: false, status: outcome.status, message: outcome.message };
  return { ok: false, status: 400, message: CHECKOUT_ACCOUNT_MESSAGES.existingAccount, field: 'password' };
}

/**
 * The signed-out shopper's account for this Pay: made, or signed in to. The caller has checked the form with the
 * schema of lib/checkout/checkout-account.ts (the terms consent among it).
 */
export async function accountForCheckout(request: Request, input: CheckoutAccountInput): Promise<CheckoutAccount> {
  if (await accountOf(input.email)) return signInAtCheckout(request, input);
  // registerAccount's own sign-up: its password check, rate limit and confirmation mail.
  const { outcome, answeredId: userId } = await signUp(request, input);
  if (!outcome.ok) {
    const { status, message, field } = outcome;
    return { ok: false, status, message, ...(field ? { field } : {}) };
  }
  // Made by someone else between the look-up and the sign-up: this password is then tried as a sign-in.
  if (!userId || !(await isAccount(userId, input.email))) return signInAtCheckout(request, input);
  logger.info({ userId, ip: request.headers.get(CLIENT_IP_HEADER) }, 'account made at checkout');
  const joined = await withVisitorCart(request, userId, await startSession(request, userId));
  const headers = joined.ok ? joined.headers : new Headers();
  return { ok: true, user: { id: userId, email: input.email }, headers };
}
