/**
 * The account forms' server side. Each call goes through Better Auth's own HTTP handler (in process, never
 * exposed as a public route), so its rate limits (kept in the database), origin check and cookie handling
 * apply exactly as they would to its HTTP endpoints; `auth.api.*` calls would skip the rate limiter.
 * The origin is checked first by app/root.tsx's middleware (http/middleware.server.ts); callers validate the form
 * with the schemas of lib/account-forms.
 */
import { eq, sql } from 'drizzle-orm';
import { users, verifications } from '~/db/schema';
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN, VERIFY_MESSAGES } from '~/lib/accounts/account-forms';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, auth, type CurrentUser } from './auth.server';
import { mergeVisitorCart, type MergeNote } from '../cart/cart-merge.server';
import { cartNoticeCookie } from '../cart/cart-notice.server';
import { readCartId } from '../cart/cart-cookie.server';
import { db } from '../db.server';
import { logger } from '../logger.server';
import { passwordWeakness } from './password-strength.server';
import { publicOrigin } from '../public-url.server';
import { claimSignInAttempt, clearSignInFailures } from './sign-in-throttle.server';

export type AuthOutcome =
  | { ok: true; headers: Headers; userId?: string; cartNotes?: MergeNote[] }
  /** `field`: the message belongs under that input (a guessable password) rather than above the form. */
  | { ok: false; status: number; message: string; code?: string; retryAfterSeconds?: number; field?: 'password' };

type AuthResult = { response: Response; payload: Record<string, unknown> | null };

const FORWARDED_HEADERS = ['cookie', 'user-agent', CLIENT_IP_HEADER];

async function callAuth(request: Request, endpoint: string, body: Record<string, unknown> | null): Promise<AuthResult> {
  // Better Auth's own address (auth.server.ts sets baseURL to it), never the request's Host: callers have
  // already checked the visitor's Origin (the root middleware), and links in its mails must not follow a forged Host.
  const origin = publicOrigin();
  const headers = new Headers({ 'content-type': 'application/json', origin });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  // A null body is a GET (Better Auth's verify-email endpoint, called from our POST action).
  const init = body === null ? { method: 'GET', headers } : { method: 'POST', headers, body: JSON.stringify(body) };
  const response = await auth().handler(new Request(`${origin}${AUTH_BASE_PATH}${endpoint}`, init));
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { response, payload };
}

/** The Set-Cookie lines of Better Auth's answer, to pass on with our redirect. */
function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const line of response.headers.getSetCookie()) headers.append('Set-Cookie', line);
  return headers;
}

function failure(
  { response, payload }: AuthResult,
  fallback: string,
  messages: Record<string, string> = {},
): AuthOutcome {
  if (response.status === 429) {
    const retry = Number(response.headers.get('X-Retry-After'));
    return {
      ok: false,
      status: 429,
      message: MESSAGES.tooManyRequests,
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: Number.isFinite(retry) ? retry : undefined,
    };
  }
  const code = typeof payload?.code === 'string' ? payload.code : undefined;
  const serviceMessage = typeof payload?.message === 'string' && payload.message ? payload.message : undefined;
  const message = (code && messages[code]) || (response.status < 500 ? serviceMessage : undefined) || fallback;
  // Better Auth answers 4xx for bad input; anything else is our fault, not the user's.
  const status = response.status >= 400 && response.status < 500 ? response.status : 500;
  return { ok: false, status, message, code };
}

const userIdOf = (payload: Record<string, unknown> | null) => {
  const user = payload?.user as { id?: unknown } | undefined;
  return typeof user?.id === 'string' ? user.id : undefined;
};

/**
 * A guessable password is refused before Better Auth sees it (sign-up, reset and change all pass here; Better
 * Auth's endpoints are not reachable over HTTP). Logged without the password.
 */
function weakPassword(request: Request, password: string, related: string[], what: string): AuthOutcome | null {
  // A length outside the limits gets Better Auth's own answer, which says which limit.
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return null;
  const message = passwordWeakness(password, related);
  if (!message) return null;
  logger.warn({ ip: request.headers.get(CLIENT_IP_HEADER), email: related[0] }, `${what} refused: guessable password`);
  return { ok: false, status: 400, message, code: 'PASSWORD_GUESSABLE', field: 'password' };
}

/**
 * Creates the account with its profile (firstName, lastName); a verification mail follows. It does not sign in, and
 * an address that already has an account gets the very same answer (its owner is mailed instead: auth.server.ts's
 * onExistingUserSignUp), so the answer never tells whether an address is registered
 * (docs/requirements.md#14-messages).
 */
export async function registerAccount(
  request: Request,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<AuthOutcome> {
  return (await signUp(request, input)).outcome;
}

/**
 * registerAccount's work, and the user id Better Auth answered: for an address that already had an account a made-up
 * one that no row has (its generic answer), so only the caller that checks the row may use it (checkout-account).
 */
export async function signUp(
  request: Request,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<{ outcome: AuthOutcome; answeredId?: string }> {
  const weak = weakPassword(request, input.password, [input.email, input.firstName, input.lastName], 'sign-up');
  if (weak) return { outcome: weak };
  const result = await callAuth(request, '/sign-up/email', {
    email: input.email,
    password: input.password,
    name: `${input.firstName} ${input.lastName}`,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  if (!result.response.ok) {
    const outcome = failure(result, MESSAGES.registerFailed, {
      PASSWORD_TOO_SHORT: MESSAGES.passwordTooShort,
      PASSWORD_TOO_LONG: MESSAGES.passwordTooLong,
      INVALID_EMAIL: 'Please enter a valid email address.',
    });
    return { outcome };
  }
  return { outcome: { ok: true, headers: new Headers() }, answeredId: userIdOf(result.payload) };
}

/**
 * One message for an unknown email and a wrong password alike. Throttled per address (Better Auth) and per
 * account (sign-in-throttle.server.ts): an account with too many recent failures waits before the next try.
 */
export async function signIn(request: Request, input: { email: string; password: string }): Promise<AuthOutcome> {
  const claim = await claimSignInAttempt(input.email);
  if (!claim.allowed) {
    const wait = claim.retryAfterSeconds;
    logger.warn(
      { email: input.email, ip: request.headers.get(CLIENT_IP_HEADER), retryAfterSeconds: wait },
      'sign-in refused: too many failures for this account',
    );
    return {
      ok: false,
      status: 429,
      message: MESSAGES.accountThrottled(Math.ceil(wait / 60)),
      code: 'ACCOUNT_THROTTLED',
      retryAfterSeconds: wait,
    };
  }
  const result = await callAuth(request, '/sign-in/email', {
    email: input.email,
    password: input.password,
    rememberMe: true,
  });
  if (result.response.ok) await clearSignInFailures(input.email);
  if (!result.response.ok) {
    // Who tried and from where, never the password: repeated failures are what an operator looks for.
    logger.warn(
      { email: input.email, ip: request.headers.get(CLIENT_IP_HEADER), status: result.response.status },
      'sign-in failed',
    );
    return failure(result, MESSAGES.signInFailed, {
      INVALID_EMAIL_OR_PASSWORD: MESSAGES.invalidCredentials,
      INVALID_EMAIL: MESSAGES.invalidCredentials,
      INVALID_PASSWORD: MESSAGES.invalidCredentials,
      USER_NOT_FOUND: MESSAGES.invalidCredentials,
    });
  }
  return signedIn(request, result);
}

/**
 * After sign-in or sign-up: the visitor's cart joins the account's cart and its cookie is expired (decision
 * 0005). A failed merge never fails the sign-in: the visitor cart then simply stays where it was.
 */
async function signedIn(request: Request, result: AuthResult): Promise<AuthOutcome> {
  const headers = cookiesOf(result.response);
  const userId = userIdOf(result.payload);
  if (!userId) return { ok: true, headers };
  return withVisitorCart(request, userId, headers);
}

/** The visitor's cart merged into `userId`'s, its notes added to `headers` (the new session's cookies). */
export async function withVisitorCart(request: Request, userId: string, headers: Headers): Promise<AuthOutcome> {
  try {
    const merge = await mergeVisitorCart(await readCartId(request), userId, request.headers.get(CLIENT_IP_HEADER));
    if (merge.clearCookie) headers.append('Set-Cookie', merge.clearCookie);
    if (merge.notes.length) {
      logger.info({ userId, notes: merge.notes.map((n) => n.message) }, 'cart merged with changes');
      headers.append('Set-Cookie', await cartNoticeCookie(merge.notes.map((n) => n.message)));
    }
    return { ok: true, headers, userId, cartNotes: merge.notes };
  } catch (error) {
    logger.error({ err: error, userId }, 'cart merge at sign-in failed');
    return { ok: true, headers, userId };
  }
}

/** Ends the session (when there is one) and clears the cookies either way. */
export async function signOut(request: Request): Promise<Headers> {
  const { response } = await callAuth(request, '/sign-out', {});
  const headers = cookiesOf(response);
  if (!headers.has('Set-Cookie')) {
    // No session row (already expired or revoked): still tell the browser to forget the cookie.
    for (const name of ['better-auth.session_token', '__Secure-better-auth.session_token']) {
      headers.append(
        'Set-Cookie',
        `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`,
      );
    }
  }
  return headers;
}

/** Same answer whether or not the address has an account; the mail (if any) goes out in the background. */
export async function requestPasswordReset(request: Request, email: string): Promise<AuthOutcome> {
  const result = await callAuth(request, '/request-password-reset', { email });
  if (!result.response.ok) return failure(result, 'Failed to send the reset link. Please try again.');
  return { ok: true, headers: new Headers() };
}

/** The account a reset token belongs to (while it is valid): its own words make a guessable password. */
async function resetTokenOwner(token: string): Promise<string[] | null> {
  const [row] = await db()
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(sql`${verifications.identifier} = ${`reset-password:${token}`} and ${verifications.expiresAt} > now()`);
  return row ? [row.email, row.firstName, row.lastName] : null;
}

/**
 * Sets the new password once per token; Better Auth revokes every session of the user, and auth.server's
 * onPasswordReset voids the account's other reset links.
 */
export async function resetPassword(
  request: Request,
  input: { token: string; password: string },
): Promise<AuthOutcome> {
  const owner = await resetTokenOwner(input.token);
  // An unknown or expired token is left for Better Auth to refuse, with its own message.
  const weak = owner && weakPassword(request, input.password, owner, 'password reset');
  if (weak) return weak;
  const result = await callAuth(request, '/reset-password', { token: input.token, newPassword: input.password });
  if (!result.response.ok) {
    return failure(result, 'Failed to reset your password. Please try again.', {
      INVALID_TOKEN: MESSAGES.resetInvalid,
      PASSWORD_TOO_SHORT: MESSAGES.passwordTooShort,
      PASSWORD_TOO_LONG: MESSAGES.passwordTooLong,
    });
  }
  return { ok: true, headers: new Headers() };
}

/** Changes the signed-in user's password and signs out their other sessions (this one gets a new cookie). */
export async function changePassword(
  request: Request,
  user: CurrentUser,
  input: { currentPassword: string; password: string },
): Promise<AuthOutcome> {
  const weak = weakPassword(request, input.password, [user.email, user.firstName, user.lastName], 'password change');
  if (weak) return weak;
  const result = await callAuth(request, '/change-password', {
    currentPassword: input.currentPassword,
    newPassword: input.password,
    revokeOtherSessions: true,
  });
  if (!result.response.ok) {
    return failure(result, 'Failed to change your password. Please try again.', {
      INVALID_PASSWORD: MESSAGES.wrongCurrentPassword,
      PASSWORD_TOO_SHORT: MESSAGES.passwordTooShort,
      PASSWORD_TOO_LONG: MESSAGES.passwordTooLong,
    });
  }
  return { ok: true, headers: cookiesOf(result.response) };
}

/** Saves first and last name (and Better Auth's display name with them). */
export async function updateProfile(
  request: Request,
  input: { firstName: string; lastName: string },
): Promise<AuthOutcome> {
  const result = await callAuth(request, '/update-user', {
    firstName: input.firstName,
    lastName: input.lastName,
    name: `${input.firstName} ${input.lastName}`,
  });
  if (!result.response.ok) return failure(result, 'Failed to save your details. Please try again.');
  return { ok: true, headers: cookiesOf(result.response) };
}

/** Sends the signed-in user a new confirmation link (rate limited per address by Better Auth). */
export async function sendVerificationEmail(request: Request, email: string): Promise<AuthOutcome> {
  const result = await callAuth(request, '/send-verification-email', { email });
  if (!result.response.ok) {
    logger.warn(
      { email, ip: request.headers.get(CLIENT_IP_HEADER), status: result.response.status },
      'confirmation link not sent again',
    );
    return failure(result, VERIFY_MESSAGES.sendFailed, { EMAIL_ALREADY_VERIFIED: VERIFY_MESSAGES.alreadyVerified });
  }
  return { ok: true, headers: new Headers() };
}

export type VerifyOutcome = 'verified' | 'expired' | 'invalid';

/**
 * The confirmation page's button (a POST; opening the mailed link changes nothing): Better Auth checks the signed
 * token and marks the address verified. It grants no admin rights (decision 0026).
 */
export async function verifyEmail(request: Request, token: string): Promise<VerifyOutcome> {
  const result = await callAuth(request, `/verify-email?${new URLSearchParams({ token })}`, null);
  if (result.response.ok) return 'verified';
  const code = typeof result.payload?.code === 'string' ? result.payload.code : undefined;
  logger.warn(
    { ip: request.headers.get(CLIENT_IP_HEADER), status: result.response.status, code },
    'email verification link refused',
  );
  return code === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
}
