/**
 * The mailed confirmation link lands here (?token=…). Opening it confirms the address (doing it twice is
 * harmless); the page says plainly whether it worked, or that the link has expired or is not valid.
 */
import { data, Link } from 'react-router';
import { AuthCard, FormMessage } from '~/components/account/fields';
import { VERIFY_MESSAGES } from '~/lib/account-forms';
import { verifyEmail } from '~/server/accounts/accounts.server';
import type { Route } from './+types/verify-email';

/** Better Auth's tokens are a few hundred characters; anything far longer is not one of them. */
const TOKEN_MAX = 2000;

export function meta() {
  return [{ title: 'Confirm Your Email' }, { name: 'robots', content: 'noindex' }];
}

/** The loader's Referrer-Policy applies to the page itself: the token in its URL goes nowhere else. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const outcome = token && token.length <= TOKEN_MAX ? await verifyEmail(request, token) : 'invalid';
  // The token in this page's address never leaves the site in a Referer header.
  const headers = { 'Referrer-Policy': 'same-origin' };
  return data({ outcome }, { status: outcome === 'verified' ? 200 : 400, headers });
}

const TITLES = { verified: 'Email Confirmed', expired: 'Link Expired', invalid: 'Link Not Valid' } as const;

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  const verified = outcome === 'verified';
  return (
    <AuthCard title={TITLES[outcome]}>
      <div className="space-y-6">
        <FormMessage
          success={verified ? VERIFY_MESSAGES.verified : undefined}
          error={verified ? undefined : VERIFY_MESSAGES[outcome]}
        />
        <Link
          to="/account"
          className="flex h-12 items-center justify-center bg-ink text-xs font-medium uppercase tracking-widest text-paper"
        >
          My Account
        </Link>
        <Link to="/" className="block text-center text-sm underline underline-offset-4">
          Continue shopping
        </Link>
      </div>
    </AuthCard>
  );
}
