/**
 * The unsubscribe link of a marketing mail (docs/requirements.md#9-order-and-payment-statuses;
 * marketing/unsubscribe.server.ts), ?t=TOKEN, without signing in. Opening it (GET) only asks: mail scanners follow
 * links, and must not unsubscribe anyone. The button POSTs to the same address, as a mail client's one-click
 * unsubscribe does (RFC 8058), and that records the opt-out. The token is the proof, not a session or the page it came
 * from: the origin check lets this one POST through (http/middleware.server.ts). Private (routes.ts): no cache keeps
 * it.
 */
import { data, Form, Link } from 'react-router';
import { AuthCard, FormMessage, SubmitButton } from '~/components/accounts/fields';
import { maskEmail, UNSUBSCRIBE_MESSAGES } from '~/lib/marketing/unsubscribe';
import { optOut, unsubscribeRequest } from '~/server/marketing/unsubscribe.server';
import type { Route } from './+types/unsubscribe';

export function meta() {
  return [{ title: 'Unsubscribe' }, { name: 'robots', content: 'noindex' }];
}

/** The token in this page's address never leaves the site in a Referer header. */
const HEADERS = { 'Referrer-Policy': 'same-origin' };

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Referrer-Policy') ? actionHeaders : loaderHeaders;
}

export function loader({ request }: Route.LoaderArgs) {
  const asked = unsubscribeRequest(request);
  if (!asked) return data({ state: 'invalid' as const }, { status: 400, headers: HEADERS });
  return data({ state: 'ask' as const, token: asked.token, address: maskEmail(asked.email) }, { headers: HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const asked = unsubscribeRequest(request);
  if (!asked) return data({ state: 'invalid' as const }, { status: 400, headers: HEADERS });
  await optOut(asked.email);
  return data({ state: 'done' as const, address: maskEmail(asked.email) }, { headers: HEADERS });
}

const shopLink = (
  <Link to="/" className="block text-center text-sm underline underline-offset-4">
    Continue shopping
  </Link>
);

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.state === 'invalid') {
    return (
      <AuthCard title="Link Not Valid">
        <div className="space-y-6">
          <FormMessage error={UNSUBSCRIBE_MESSAGES.invalid} />
          {shopLink}
        </div>
      </AuthCard>
    );
  }
  if (shown.state === 'done') {
    return (
      <AuthCard title="Unsubscribed" intro={`Emails to ${shown.address}`}>
        <div className="space-y-6">
          <FormMessage success={UNSUBSCRIBE_MESSAGES.done} />
          {shopLink}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unsubscribe" intro={`Emails to ${shown.address}`}>
      <Form method="post" action={`/unsubscribe?t=${encodeURIComponent(shown.token)}`} className="space-y-6">
        <p className="text-sm">{UNSUBSCRIBE_MESSAGES.ask}</p>
        {/* The body a mail client's one-click POST sends, so both look the same to the action. */}
        <SubmitButton name="List-Unsubscribe" value="One-Click">
          Unsubscribe
        </SubmitButton>
        {shopLink}
      </Form>
    </AuthCard>
  );
}
