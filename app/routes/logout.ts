/**
 * POST /logout: ends the session (the header's Sign Out form). Signing out by GET is refused (405), so a link or
 * image elsewhere cannot do it. The account's cart stays on the server; the visitor cookie is expired so the browser
 * shows an empty visitor cart.
 */
import { data, redirect } from 'react-router';
import { signOut } from '~/server/accounts/accounts.server';
import { expiredCartCookie } from '~/server/cart/cart-merge.server';
import type { Route } from './+types/logout';

export function loader() {
  throw data('Sign out with the Sign Out button.', { status: 405, headers: { Allow: 'POST' } });
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const headers = await signOut(request);
  headers.append('Set-Cookie', expiredCartCookie());
  return redirect('/', { headers });
}
