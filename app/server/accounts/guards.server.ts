/**
 * Who may use a page. The admin check is middleware on the /admin layout (routes/admin/layout.tsx), so it runs for
 * every admin loader and action before any of them, and a new admin page cannot forget it; the signed-in checks of
 * the shopper's own pages take the request's shopper from http/request-context.server.ts.
 */
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { currentUser, shopperOf, type RequestArgs } from '../http/request-context.server';
import { logger } from '../logger.server';
import { hasAdminRights } from './admin-rights.server';
import { adminSessionIdle, recordAdminActivity } from './admin-session.server';
import { endSession, loginRedirect, redirectTarget, type AdminUser, type CurrentUser } from './auth.server';

/** The signed-in user, or a redirect to /login?redirectTo=… (the current page unless `redirectTo` is given). */
export async function requireUser(args: RequestArgs, redirectTo?: string): Promise<CurrentUser> {
  const user = await currentUser(args);
  if (!user) throw loginRedirect(args.request, redirectTo);
  return user;
}

/** The sign-in and register pages: a user already signed in goes straight on to `redirectTo`. */
export async function redirectIfSignedIn(args: RequestArgs): Promise<{ redirectTo: string }> {
  const redirectTo = redirectTarget(args.request, new URL(args.request.url).searchParams.get('redirectTo'));
  if (await currentUser(args)) throw redirect(redirectTo);
  return { redirectTo };
}

const adminContext = createContext<AdminUser>();

/**
 * THE guard of /admin: visitors go to /login (and come back), signed-in users without admin rights to /. Rights are
 * read fresh (an accepted admin invitation, decision 0026), never from the session copy. An admin session idle for 2
 * hours is ended here; an admin request records activity (admin-session.server.ts).
 */
export const adminGuard: MiddlewareFunction<Response> = async (args, next) => {
  const { request, context } = args;
  const { session, ip } = await shopperOf(args);
  if (!session) throw loginRedirect(request);
  const { user } = session;
  const attempt = {
    userId: user.id,
    email: user.email,
    ip,
    path: new URL(request.url).pathname,
    method: request.method,
  };
  if (!(await hasAdminRights(user.id))) {
    logger.warn(attempt, 'admin access refused');
    throw redirect('/');
  }
  if (adminSessionIdle(session.session)) {
    logger.warn(attempt, 'admin session ended: idle for 2 hours');
    throw await endSession(request, session.session, 'idle');
  }
  await recordAdminActivity(session.session);
  context.set(adminContext, { ...user, isAdmin: true, session: session.session });
  return next();
};

/** The admin adminGuard let in: only under /admin, where the layout's middleware has run. */
export function adminOf(context: Readonly<RouterContextProvider>): AdminUser {
  return context.get(adminContext);
}
