/**
 * /admin/orders/{orderId}: one order with its customer, address, item snapshots, totals, payment row and payment
 * history, and the status dropdown (it posts to the /admin/orders action). An unknown id is a 404.
 */
import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { AdminOrderView } from '~/components/admin/admin-order-view';
import { ORDER_MESSAGES, shortOrderId } from '~/lib/orders';
import { getAdminOrder } from '~/server/admin/orders.server';
import { requireAdmin } from '~/server/auth.server';
import type { Route } from './+types/order';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Order #${shortOrderId(loaderData.order.id)}` : ORDER_MESSAGES.notFound;
  return [{ title: `${title} · Admin Panel` }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const order = await getAdminOrder(params.orderId);
  if (!order) throw data(ORDER_MESSAGES.notFound, { status: 404, headers: NO_STORE });
  return data({ order }, { headers: NO_STORE });
}

function BackLink() {
  return (
    <p className="mb-6 text-xs uppercase tracking-widest">
      <Link to="/admin/orders" className="text-muted underline underline-offset-4 hover:text-ink">
        Back to orders
      </Link>
    </p>
  );
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <BackLink />
      <AdminOrderView order={loaderData.order} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section>
      <BackLink />
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">{notFound ? ORDER_MESSAGES.notFound : ORDER_MESSAGES.detailFailed}</h1>
    </section>
  );
}
