/**
 * 'Could Not Load Order' with the message of docs/requirements.md#14-messages and a Back to My Orders link (order and
 * order-success pages).
 */
import { isRouteErrorResponse, Link, useLocation } from 'react-router';
import { ORDER_MESSAGES } from '~/lib/orders/orders';

const KNOWN: readonly string[] = [
  ORDER_MESSAGES.noOrderId,
  ORDER_MESSAGES.signedOut,
  ORDER_MESSAGES.notFound,
  ORDER_MESSAGES.forbidden,
  ORDER_MESSAGES.detailFailed,
];

export function OrderError({ error }: { error: unknown }) {
  const location = useLocation();
  const response = isRouteErrorResponse(error) ? error : null;
  // Only our own texts are shown; anything unexpected is the generic failure.
  const message =
    response && typeof response.data === 'string' && KNOWN.includes(response.data)
      ? response.data
      : ORDER_MESSAGES.detailFailed;
  const signIn = `/login?${new URLSearchParams({ redirectTo: location.pathname })}`;
  return (
    <section className="container-page py-16 text-center md:py-24">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">{ORDER_MESSAGES.detailTitle}</h1>
      <p role="alert" className="mt-4 text-sale">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        {response?.status === 401 ? (
          <Link
            to={signIn}
            className="bg-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest text-paper hover:bg-neutral-800"
          >
            Sign In
          </Link>
        ) : null}
        <Link
          to="/orders"
          className="border border-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest hover:bg-ink hover:text-paper"
        >
          {ORDER_MESSAGES.backToOrders}
        </Link>
      </div>
    </section>
  );
}
