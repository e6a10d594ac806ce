/**
 * /admin/orders: every order, newest first, filtered by status and payment status and searched by reference,
 * customer email or order number (a GET form, so each view is a link). Its action changes an order's status:
 * from the list and from the order page, with JavaScript (a fetcher: Conform's answer as data) or without (redirect
 * back, or the page with the message).
 */
import { data, isRouteErrorResponse, redirect, useRouteError } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { OrderFiltersForm } from '~/components/orders/admin/order-filters';
import { OrdersTable } from '~/components/orders/admin/orders-table';
import { OrderUndoLine } from '~/components/orders/admin/order-card-actions';
import { UNDO_PARAM } from '~/lib/orders/admin-order-card';
import { Pagination } from '~/components/catalog/shop/pagination';
import { formErrorResult, formMessage, UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import {
  canonicalOrdersQuery,
  hasOrderFilters,
  ORDER_STATUS_ERROR,
  ORDER_STATUS_SAVED,
  orderFiltersQuery,
  orderStatusSchema,
  parseOrderFilters,
  shipmentOf,
  SHIPPING_FIELDS,
  shippingRetryUrl,
} from '~/lib/orders/admin-orders';
import { shortOrderId } from '~/lib/orders/orders';
import { listAdminOrders, updateOrderStatus } from '~/server/orders/admin-orders.server';
import { orderUndoOf } from '~/server/orders/admin-order-undo.server';
import { latestCarrier } from '~/server/orders/admin-order-card.server';
import { adminOf } from '~/server/accounts/guards.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import type { Route } from './+types/orders';

export function meta() {
  return [{ title: 'Orders · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const canonical = canonicalOrdersQuery(url.searchParams);
  if (canonical !== null) throw redirect(`/admin/orders${canonical}`);
  const filters = parseOrderFilters(url.searchParams);
  const page = await listAdminOrders(filters);
  const updated = url.searchParams.get('updated');
  const valid = updated && /^[0-9a-z]{14}$/.test(updated) ? updated : null;
  return data(
    {
      filters,
      page,
      returnTo: `/admin/orders${orderFiltersQuery(filters)}`,
      updated: valid ? shortOrderId(valid) : null,
      undo: valid ? await orderUndoOf(valid, url.searchParams.get(UNDO_PARAM), page.orders) : null,
      // A processing order's card ships in one tap with the store's usual carrier (decision 0045).
      carrier: page.orders.some((order) => order.status === 'processing') ? await latestCarrier() : null,
    },
    {},
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { form, submission } = await readSubmission(request, orderStatusSchema);
  // The hidden fields and the fixed list are wrong only in a hand-made or stale post: one message for the form. The
  // shipping fields are typed: their own message, which the list shows too when a page without JavaScript posted.
  const failed = (status: number, message = ORDER_STATUS_ERROR) =>
    refused(submission.reply({ formErrors: [message] }), status);
  if (submission.status !== 'success') {
    if (submission.error?.intent) return failed(400, UNKNOWN_ACTION);
    const errors = Object.entries(submission.error ?? {}).filter(([, messages]) => messages?.length);
    const typed = errors.every(([name]) => (SHIPPING_FIELDS as readonly string[]).includes(name));
    // Without JavaScript from the order page: back there with what was typed, shown again beside its errors.
    const retry = typed && form.get('mode') !== 'fetch' ? shippingRetryUrl(form) : null;
    if (retry) return redirect(retry);
    return failed(400, typed ? errors[0]?.[1]?.[0] : undefined);
  }
  const { orderId, status, mode: viaFetcher, returnTo } = submission.value;
  let change: Awaited<ReturnType<typeof updateOrderStatus>>;
  try {
    change = await updateOrderStatus(admin, orderId, status, shipmentOf(submission.value));
  } catch (error) {
    logger.error({ err: error, orderId }, 'updating an order status failed');
    return failed(500);
  }
  if (change.kind === 'not-found') return failed(404);
  if (change.kind === 'refused') return failed(409, change.message);
  if (viaFetcher) return data({ result: submission.reply() });
  // Without JavaScript: back to the page the form was on (post/redirect/get), saying which order changed.
  const back = new URL(returnTo, 'http://local');
  back.searchParams.set('updated', orderId);
  // A card's one tap: the list offers to put back the status it replaced (decision 0045).
  if (submission.value.undo && change.kind === 'updated') back.searchParams.set(UNDO_PARAM, change.before);
  return redirect(`${back.pathname}${back.search}`);
}

/**
 * With JavaScript the status dropdown posts through a fetcher; a network failure or a refusal then becomes
 * the message of docs/requirements.md#14-messages beside the dropdown (which reverts) instead of this page's error
 * screen.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return { result: formErrorResult(ORDER_STATUS_ERROR) };
  }
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, page, returnTo, updated, undo, carrier } = loaderData;
  const failure = formMessage(actionData?.result);
  return (
    <section aria-labelledby="orders-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="orders-heading" className="text-2xl font-semibold uppercase tracking-[0.2em]">
          Orders
        </h1>
        <p className="text-sm text-muted">
          {page.total} {page.total === 1 ? 'order' : 'orders'}
          {hasOrderFilters(filters) ? ' match' : ''}
        </p>
      </div>
      <div className="mt-6">
        <OrderFiltersForm filters={filters} />
      </div>
      <div className="mt-6 space-y-3">
        {undo && !failure ? (
          <OrderUndoLine undo={undo} returnTo={returnTo} />
        ) : (
          <FormMessage
            error={failure}
            success={updated && !failure ? `Order #${updated}: ${ORDER_STATUS_SAVED}` : undefined}
          />
        )}
      </div>
      {page.orders.length ? (
        <div className="mt-6">
          <OrdersTable orders={page.orders} returnTo={returnTo} carrier={carrier} />
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(p) => `/admin/orders${orderFiltersQuery(filters, { page: p })}`}
          />
        </div>
      ) : (
        <p className="mt-10 border border-dashed border-line px-6 py-10 text-center text-sm text-muted">
          {hasOrderFilters(filters)
            ? 'No orders match these filters.'
            : 'No orders yet. They appear here as soon as a customer checks out.'}
        </p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && error.status === 403
      ? String(error.data)
      : 'The orders could not be loaded. Please try again.';
  return (
    <section>
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Orders</h1>
      <p role="alert" className="mt-4 border border-sale px-4 py-3 text-sm text-sale">
        {message}
      </p>
      <a
        href="/admin/orders"
        className="mt-4 inline-block text-xs uppercase tracking-widest underline underline-offset-4"
      >
        Reload the orders
      </a>
    </section>
  );
}
