/**
 * /order-success/{id}: where a customer lands after paying (SPEC.md section 2). It shows the order number,
 * what was bought, the total and what happens next. Reached before the payment is confirmed (Paystack was
 * slow to answer), it says so instead of claiming success; the webhook or the sweep completes the order.
 */
import { data, Link } from 'react-router';
import { OrderDetailView } from '~/components/orders/order-detail';
import { OrderError } from '~/components/orders/order-error';
import { CHECKOUT_MESSAGES } from '~/lib/checkout';
import { formatNaira } from '~/lib/money';
import { ORDER_MESSAGES, shortOrderId } from '~/lib/orders';
import { requireUser } from '~/server/auth.server';
import { getOrderForUser } from '~/server/orders.server';
import type { Route } from './+types/order-success';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Thank you: order #${shortOrderId(loaderData.order.id)}` : ORDER_MESSAGES.detailTitle }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const lookup = await getOrderForUser(params.id, user.id);
  if (lookup.kind === 'not-found') throw data(ORDER_MESSAGES.notFound, { status: 404, headers: NO_STORE });
  if (lookup.kind === 'forbidden') throw data(ORDER_MESSAGES.forbidden, { status: 403, headers: NO_STORE });
  return data({ order: lookup.order, email: lookup.order.shippingAddress.email }, { headers: NO_STORE });
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order, email } = loaderData;
  const paid = order.paymentStatus === 'paid';
  return (
    <section className="container-page py-12 md:py-16">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-muted">Order #{shortOrderId(order.id)}</p>
        <h1 className="mt-3 text-2xl font-semibold uppercase tracking-[0.2em]">{paid ? 'Thank you for your order' : 'Confirming your payment'}</h1>
        {paid ? (
          <div className="mt-4 space-y-2 text-sm">
            <p>
              Your payment of <strong>{formatNaira(order.total)}</strong> was received. A confirmation is on its way to {email}.
            </p>
            <p className="text-muted">
              What happens next: we prepare your order and dispatch it from Lagos on the next working day. Standard delivery takes 5-6 working days, and we will email you when it ships.
            </p>
          </div>
        ) : (
          <p role="status" className="mt-4 text-sm">
            {CHECKOUT_MESSAGES.pendingConfirmation}
          </p>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to="/orders" className="bg-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest text-paper hover:bg-neutral-800">
            View my orders
          </Link>
          <Link to="/collections" className="border border-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest hover:bg-ink hover:text-paper">
            Continue Shopping
          </Link>
        </div>
      </div>
      <div className="mx-auto mt-12 max-w-3xl">
        <OrderDetailView order={order} within />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderError error={error} />;
}
