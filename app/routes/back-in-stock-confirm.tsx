/**
 * The "confirm you want this alert" link of an anonymous back-in-stock request (decision 0027,
 * server/back-in-stock/confirm.server.ts): /back-in-stock/confirm?token=…, without signing in. Opening it (GET)
 * only shows what would be confirmed: mail scanners follow links and must confirm nothing. The button POSTs to the
 * same address and confirms. Private (routes.ts): no cache keeps it.
 */
import { data, Form, Link } from 'react-router';
import { AuthCard, FormMessage, SubmitButton } from '~/components/accounts/fields';
import { backInStockConfirmQuerySchema, BACK_IN_STOCK_CONFIRM_MESSAGES } from '~/lib/back-in-stock/back-in-stock';
import { alertOfToken, confirmAlert, describeAlert } from '~/server/back-in-stock/confirm.server';
import type { Route } from './+types/back-in-stock-confirm';

export function meta() {
  return [{ title: 'Confirm your alert' }, { name: 'robots', content: 'noindex' }];
}

/** The token in this page's address never leaves the site in a Referer header. */
const HEADERS = { 'Referrer-Policy': 'same-origin' };

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Referrer-Policy') ? actionHeaders : loaderHeaders;
}

const tokenOf = (request: Request) => {
  const query = backInStockConfirmQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return query.success ? query.data.token : null;
};

const invalid = () => data({ state: 'invalid' as const }, { status: 400, headers: HEADERS });

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const alert = token ? await alertOfToken(token) : null;
  if (!token || !alert) return invalid();
  const shown = { what: describeAlert(alert), productId: alert.productId, drop: alert.reason === 'drop' };
  if (alert.confirmed) return data({ state: 'done' as const, ...shown }, { headers: HEADERS });
  return data({ state: 'ask' as const, token, ...shown }, { headers: HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const token = tokenOf(request);
  const alert = token ? await alertOfToken(token) : null;
  if (!token || !alert || !(await confirmAlert(token))) return invalid();
  const shown = { what: describeAlert(alert), productId: alert.productId, drop: alert.reason === 'drop' };
  return data({ state: 'done' as const, ...shown }, { headers: HEADERS });
}

const shopLink = (
  <Link to="/" className="block text-center text-sm underline underline-offset-4">
    Continue shopping
  </Link>
);

export default function ConfirmBackInStock({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.state === 'invalid') {
    return (
      <AuthCard title="Link Not Valid">
        <div className="space-y-6">
          <FormMessage error={BACK_IN_STOCK_CONFIRM_MESSAGES.invalid} />
          {shopLink}
        </div>
      </AuthCard>
    );
  }
  const product = (
    <Link to={`/product/${encodeURIComponent(shown.productId)}`} className="underline underline-offset-4">
      {shown.what}
    </Link>
  );
  if (shown.state === 'done') {
    return (
      <AuthCard title="Alert Confirmed">
        <div className="space-y-6">
          <FormMessage
            success={shown.drop ? BACK_IN_STOCK_CONFIRM_MESSAGES.doneDrop : BACK_IN_STOCK_CONFIRM_MESSAGES.done}
          />
          <p className="text-sm">{product}</p>
          {shopLink}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm Your Alert">
      <Form
        method="post"
        action={`/back-in-stock/confirm?token=${encodeURIComponent(shown.token)}`}
        className="space-y-6"
      >
        <p className="text-sm">
          {shown.drop ? BACK_IN_STOCK_CONFIRM_MESSAGES.askDrop : BACK_IN_STOCK_CONFIRM_MESSAGES.ask}
        </p>
        <p className="text-sm font-medium">{product}</p>
        <SubmitButton>Confirm</SubmitButton>
        {shopLink}
      </Form>
    </AuthCard>
  );
}
