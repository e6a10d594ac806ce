/**
 * Accounts through Better Auth: email + password, sessions in PostgreSQL (Drizzle adapter), password reset,
 * rate limits kept in the database. This module holds the one instance and the helpers every route uses:
 * readSession (one statement), the sign-in redirects, endSession, isAdmin. The guards that use them are in
 * guards.server.ts; the forms in accounts.server.ts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { getSessionCookie } from 'better-auth/cookies';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import { redirect } from 'react-router';
import { accounts, admins, rateLimits, sessions, users, verifications } from '~/db/schema';
import { PASSWORD_MAX, PASSWORD_MIN, type SignInReason } from '~/lib/accounts/account-forms';
import { newId } from '~/lib/ids';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { hasAdminRights } from './admin-rights.server';
import { deleteSession, signedInRecently, type SessionTimes } from './admin-session.server';
import { accountCartUnits } from '../cart/cart-store.server';
import { db, preparedOnce } from '../db.server';
import { AUTH_SECRET_MIN_LENGTH, env, isProduction } from '../env.server';
import { logger } from '../logger.server';
import { sendMail } from '../mail.server';
import { mailStore } from '../mail/store.server';
import { alreadyRegisteredMail, passwordResetMail } from './account-mails.server';
import { emailVerificationOptions } from './email-verification.server';
import { publicOrigin, publicUrl } from '../public-url.server';

/** The header our server sets from the socket address (server.ts), read for rate limits and session records. */
export const CLIENT_IP_HEADER = 'x-client-ip';
export const AUTH_BASE_PATH = '/api/auth';
export const RESET_TOKEN_SECONDS = 60 * 60;
export const SESSION_SECONDS = 30 * 24 * 60 * 60;

const background = new Set<Promise<unknown>>();
function runInBackground(task: Promise<unknown>) {
  const tracked: Promise<unknown> = task
    .catch((error: unknown) => logger.error({ err: error }, 'auth background task failed'))
    .finally(() => background.delete(tracked));
  background.add(tracked);
}

/** Resolves when the mails Better Auth queued have been sent (tests, and a clean shutdown). */
export async function backgroundTasksSettled(): Promise<void> {
  while (background.size) await Promise.allSettled([...background]);
}

/**
 * Rate limits per client address and auth path (Better Auth keys them as "ip|path"). Several shoppers can share
 * one address behind a mobile carrier's NAT, so the windows are long rather than the counts tiny.
 */
export function rateLimitRules(factor = env().AUTH_RATE_LIMIT_FACTOR) {
  const rule = (window: number, max: number) => ({ window, max: max * factor });
  return {
    '/sign-in/email': rule(5 * 60, 10),
    '/sign-up/email': rule(10 * 60, 5),
    '/request-password-reset': rule(15 * 60, 5),
    '/reset-password': rule(15 * 60, 10),
    '/change-password': rule(5 * 60, 10),
    // Each one sends a mail to the account's own address.
    '/send-verification-email': rule(15 * 60, 3),
  };
}

/**
 * BETTER_AUTH_SECRET when given (env.server.ts refuses a missing or short one in a production deployment);
 * otherwise one generated once and kept in $DATA_DIR/auth-secret (0600), so sessions survive restarts.
 */
export function authSecret(): string {
  const given = env().BETTER_AUTH_SECRET;
  if (given) return given;
  const file = path.join(env().dataDir, 'auth-secret');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= AUTH_SECRET_MIN_LENGTH) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': when two processes start together, the second keeps the first one's secret.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    logger.info({ file }, 'generated an auth secret (set BETTER_AUTH_SECRET to choose one)');
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return fs.readFileSync(file, 'utf8').trim();
  }
}

function createAuth() {
  return betterAuth({
    appName: 'Store',
    basePath: AUTH_BASE_PATH,
    // Not inferred from the first request's Host: every URL Better Auth builds or checks origins against is ours.
    baseURL: publicOrigin(),
    secret: authSecret(),
    database: drizzleAdapter(db(), {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      // OWASP ASVS level 2 (the original brief said 6: docs/requirements.md#17-changes-from-the-original-brief).
      // Sign-in checks no minimum, so older 6-character passwords still work.
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // Registering never signs in, so a known address gets exactly the answer a new one gets (Better Auth's
      // generic duplicate answer, the password hashed either way) and its owner a mail instead
      // (docs/requirements.md#14-messages, OWASP ASVS V2 account enumeration).
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        const links = { signInLink: publicUrl('/login'), resetLink: publicUrl('/forgot-password') };
        await sendMail(await alreadyRegisteredMail({ to: user.email, ...links }, await mailStore()));
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Our own page receives the link (it works without JavaScript); Better Auth's `url` would go through its
      // GET endpoint. The link comes from PUBLIC_URL, never the request: a forged Host would send the victim's
      // token elsewhere.
      sendResetPassword: async ({ user, token }) => {
        const link = publicUrl(`/reset-password?token=${encodeURIComponent(token)}`);
        // An unconfirmed account's first name may be a stranger's words (account-mails.server.ts): left out.
        const firstName = user.emailVerified ? String((user as { firstName?: unknown }).firstName ?? '') : '';
        await sendMail(await passwordResetMail({ to: user.email, firstName, link }, await mailStore()));
      },
      onPasswordReset: async ({ user }) => passwordWasReset(user.id),
    },
    emailVerification: emailVerificationOptions,
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
      },
    },
    session: {
      expiresIn: SESSION_SECONDS,
      // No refresh writes from page loads: a session lasts 30 days from sign-in, like its cookie.
      disableSessionRefresh: true,
      additionalFields: {
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => ({ data: { ...session, isAdmin: await hasAdminRights(session.userId) } }),
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100 * env().AUTH_RATE_LIMIT_FACTOR,
      customRules: rateLimitRules(),
    },
    advanced: {
      // Mails are sent after the answer, so "reset requested" takes as long for an unknown address as a known one.
      backgroundTasks: { handler: runInBackground },
      database: { generateId: () => newId(), joins: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: isProduction(),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const line = { args: args.length ? args : undefined };
        if (level === 'error') logger.error(line, `auth: ${message}`);
        else if (level === 'warn') logger.warn(line, `auth: ${message}`);
        else logger.debug(line, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;

/** The Better Auth instance, made on first use (tests point DATABASE_URL at their own database first). */
export function auth(): Auth {
  instance ??= createAuth();
  return instance;
}

export type CurrentUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  /** The address was proven by the mailed link (or a completed password reset). It grants no admin rights. */
  emailVerified: boolean;
  /** As recorded when the session started (kept in step by admin changes): for showing links. Guards use adminGuard. */
  isAdmin: boolean;
};

export type CurrentSession = { user: CurrentUser; cartCount: number; session: SessionTimes };

/** What the admin guard (guards.server.ts) hands an admin route: the user and this session's times (sensitive
 * changes ask). */
export type AdminUser = CurrentUser & { isAdmin: true; session: SessionTimes };

/**
 * The session token from Better Auth's signed cookie (`token.signature`, HMAC-SHA256 with the auth secret,
 * as better-call signs it), or null when it is missing or its signature does not match.
 */
export function verifiedSessionToken(cookieHeader: string | null, cookieName: string, secret: string): string | null {
  if (!cookieHeader) return null;
  const raw = cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${cookieName}=`))
    ?.slice(cookieName.length + 1);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * Better Auth's getSession, in one statement instead of two: the cookie is verified as Better Auth does, then
 * the session (unexpired; sessions are never refreshed, see disableSessionRefresh) is read with its user and
 * the account cart's count, so the header of every signed-in page costs one query (the page budget is three, root
 * loader included). An expired session is left for Better Auth to remove at the next sign-in or out. No query
 * without a session cookie. http/request-context.server.ts reads it once per request.
 */
export async function readSession(request: Pick<Request, 'headers'>): Promise<CurrentSession | null> {
  if (!getSessionCookie(request.headers)) return null;
  const context = await auth().$context;
  const token = verifiedSessionToken(
    request.headers.get('cookie'),
    context.authCookies.sessionToken.name,
    context.secret,
  );
  if (!token) return null;
  const [row] = await sessionWithUser().execute({ token });
  if (!row) return null;
  const { cartCount, sessionId, signedInAt, lastSeenAt, ...user } = row;
  return { user, cartCount, session: { id: sessionId, signedInAt, lastSeenAt } };
}

/** readSession's one statement, asked on every signed-in page, stored ones included (decision 0021). */
const sessionWithUser = preparedOnce((database) =>
  database
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerified: users.emailVerified,
      isAdmin: sessions.isAdmin,
      createdAt: users.createdAt,
      sessionId: sessions.id,
      signedInAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      // The cart owner's subquery (cart/cart-store.server.ts): the count comes in this statement, not a second one.
      cartCount: accountCartUnits(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_with_user'),
);

/** Where a guard sends a visitor: the sign-in page, then back to the page they wanted. */
export function loginRedirect(request: Request, redirectTo?: string) {
  const url = new URL(request.url);
  const target = safeRedirectPath(redirectTo ?? `${url.pathname}${url.search}`);
  return redirect(`/login?${new URLSearchParams({ redirectTo: target })}`);
}

/**
 * Where to send the browser after a form or a sign-in: safeRedirectPath's normalised same-site path, or
 * `fallback`. A `redirectTo` that pointed anywhere else is logged (an open-redirect attempt, usually a phishing link).
 */
export function redirectTarget(request: Request, value: unknown, fallback = '/'): string {
  const target = safeRedirectPath(value, '');
  if (target !== '') return target;
  if (typeof value === 'string' && value !== '') {
    const attempt = {
      ip: request.headers.get(CLIENT_IP_HEADER),
      path: new URL(request.url).pathname,
      redirectTo: value.slice(0, 300),
    };
    logger.warn(attempt, 'redirect refused: not a path on this store');
  }
  return fallback;
}

/**
 * Before a sensitive admin change: a sign-in within the last 15 minutes, or this session ends and they sign
 * in again.
 */
export async function requireRecentSignIn(request: Request, admin: AdminUser, redirectTo: string): Promise<void> {
  if (signedInRecently(admin.session.signedInAt)) return;
  const attempt = {
    userId: admin.id,
    email: admin.email,
    ip: request.headers.get(CLIENT_IP_HEADER),
    path: new URL(request.url).pathname,
  };
  logger.warn(attempt, 'admin change refused: the sign-in is older than 15 minutes');
  throw await endSession(request, admin.session, 'reauth', redirectTo);
}

/**
 * Ends this session and sends its user to sign in again, then back to the page (or `redirectTo`); the sign-in
 * page says why (`reason`).
 */
export async function endSession(
  request: Request,
  session: SessionTimes,
  reason: SignInReason,
  redirectTo?: string,
): Promise<Response> {
  await deleteSession(session.id);
  const url = new URL(request.url);
  const target = safeRedirectPath(
    redirectTo ?? (request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname),
  );
  const { authCookies } = await auth().$context;
  const name = authCookies.sessionToken.name;
  const secure = name.startsWith('__Secure-') ? '; Secure' : '';
  const expired = `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`;
  return redirect(`/login?${new URLSearchParams({ redirectTo: target, reason })}`, {
    headers: { 'Set-Cookie': expired, 'Cache-Control': 'no-store' },
  });
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Whether the address is listed in `admins` (docs/requirements.md#11-accounts-and-roles). Listing alone gives no
 * rights: those belong to the account that accepted the invitation (admin-rights.server.ts).
 */
export async function isAdmin(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ found: sql<number>`1` })
    .from(admins)
    .where(eq(admins.email, normalizeEmail(email)))
    .limit(1);
  return Boolean(row);
}

/**
 * After a completed reset: every other reset link of the account stops working (Better Auth spends only the one
 * used), and the address counts as verified, since the link was opened from its mailbox.
 */
async function passwordWasReset(userId: string): Promise<void> {
  await db()
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}
