/**
 * /admin/orders/{orderId}/disputes/{disputeId}: one chargeback of an order and its three forms (decision 0031). The
 * order page's dispute forms post here: a success goes back to the order page with a notice (post/redirect/get); a
 * refusal is shown here with what was typed and why, with JavaScript or without. An unknown id is a 404.
 */
import { data, isRouteErrorResponse, Link, redirect, useRouteError } from 'react-router';
import { DisputePanel } from '~/components/payments/admin/dispute-panel';
import { DISPUTE_PARAM } from '~/lib/payments/admin-disputes';
import { ORDER_MESSAGES, shortOrderId } from '~/lib/orders/orders';
import { adminOf } from '~/server/accounts/guards.server';
import { requireRecentSignIn } from '~/server/accounts/auth.server';
import { getAdminOrder } from '~/server/orders/admin-orders.server';
import { disputeTarget, submitDisputeForm } from '~/server/payments/admin-dispute-form.server';
import { getOrderHistory } from '~/server/orders/orders.server';
import type { Route } from './+types/order-dispute';

const NOT_FOUND = 'Chargeback not found';

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Chargeback on order #${shortOrderId(loaderData.order.id)}` : NOT_FOUND;
  return [{ title: `${title} · Admin Panel` }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const target = disputeTarget(params.orderId, params.disputeId);
  const [order, history] = target
    ? await Promise.all([getAdminOrder(target.orderId), getOrderHistory(target.orderId)])
    : [null, null];
  if (!target || !order || !history || !order.disputes.some((d) => d.id === target.disputeId)) {
    throw data(NOT_FOUND, { status: 404 });
  }
  return data({ order, history, disputeId: target.disputeId, now: new Date().toISOString() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const target = disputeTarget(params.orderId, params.disputeId);
  if (!target) throw data(NOT_FOUND, { status: 404 });
  const here = `/admin/orders/${target.orderId}/disputes/${target.disputeId}`;
  // Accepting gives money back: as for a refund, a sign-in older than 15 minutes ends this session first.
  const outcome = await submitDisputeForm(request, admin, target, () => requireRecentSignIn(request, admin, here));
  if (outcome.kind === 'not-found') throw data(NOT_FOUND, { status: 404 });
  if (outcome.kind === 'done') {
    return redirect(`/admin/orders/${target.orderId}?${DISPUTE_PARAM}=${outcome.notice}#dispute-${target.disputeId}`);
  }
  return data({ intent: outcome.intent, result: outcome.result }, { status: outcome.status });
}

export default function AdminOrderDispute({ loaderData, actionData }: Route.ComponentProps) {
  const { order, history, disputeId, now } = loaderData;
  const last = actionData ? { disputeId, ...actionData } : undefined;
  return (
    <article aria-labelledby="dispute-heading" className="max-w-2xl">
      <BackLink orderId={order.id} />
      <h1 id="dispute-heading" className="mb-6 text-2xl font-semibold uppercase tracking-[0.2em]">
        Chargeback on order #{shortOrderId(order.id)}
      </h1>
      <DisputePanel order={order} history={history} state={{ now, last }} only={disputeId} />
    </article>
  );
}

function BackLink({ orderId }: { orderId?: string }) {
  return (
    <p className="mb-6 text-xs uppercase tracking-widest">
      <Link
        to={orderId ? `/admin/orders/${orderId}` : '/admin/orders'}
        className="text-muted underline underline-offset-4 hover:text-ink"
      >
        {orderId ? 'Back to the order' : 'Back to orders'}
      </Link>
    </p>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section>
      <BackLink />
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">
        {notFound ? NOT_FOUND : ORDER_MESSAGES.detailFailed}
      </h1>
    </section>
  );
}
