/**
 * /orders: the signed-in customer's orders, newest first (docs/requirements.md#4-what-each-page-shows and
 * docs/requirements.md#14-messages). Visitors get 'Please log in to view your orders.' with a sign-in link that comes
 * back here; a failed query 'Failed to fetch your orders. Please try again later.'.
 */
import { data, Link, redirect } from 'react-router';
import { OrderRow } from '~/components/orders/order-row';
import { ORDER_MESSAGES } from '~/lib/orders/orders';
import { currentUser } from '~/server/http/request-context.server';
import { logger } from '~/server/logger.server';
import { listOrdersForUser } from '~/server/orders/orders.server';
import type { Route } from './+types/orders';

const MAX_PAGE = 10_000;

export function meta({ matches }: Route.MetaArgs) {
  const storeName = matches[0]?.loaderData?.store.name;
  return [{ title: storeName ? `My Orders | ${storeName}` : 'My Orders' }, { name: 'robots', content: 'noindex' }];
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const user = await currentUser(args);
  if (!user) return data({ state: 'signed-out' as const }, { status: 401 });
  const page = pageOf(new URL(request.url).searchParams.get('page'));
  try {
    const result = await listOrdersForUser(user.id, { page });
    // Past the last page (an old link): the first page rather than an empty one.
    if (page > 1 && result.orders.length === 0) throw redirect('/orders');
    return data({ state: 'ok' as const, ...result });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, userId: user.id }, 'orders list failed');
    return data({ state: 'failed' as const }, { status: 500 });
  }
}

/** ?page=N; anything else is the first page. */
function pageOf(value: string | null): number {
  const page = Number(value ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page py-12 md:py-16">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">My Orders</h1>
      {loaderData.state === 'signed-out' ? (
        <Notice message={ORDER_MESSAGES.listSignedOut}>
          <Link to={`/login?${new URLSearchParams({ redirectTo: '/orders' })}`} className={BUTTON}>
            Sign In
          </Link>
        </Notice>
      ) : loaderData.state === 'failed' ? (
        <Notice message={ORDER_MESSAGES.listFailed} alert>
          <Link to="/orders" reloadDocument className={BUTTON}>
            Try Again
          </Link>
        </Notice>
      ) : loaderData.orders.length === 0 ? (
        <Notice message="You have not placed any orders yet.">
          <Link to="/collections" className={BUTTON}>
            Start Shopping
          </Link>
        </Notice>
      ) : (
        <>
          <ul aria-label="Your orders" className="mt-8 border-t border-line">
            {loaderData.orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          <Pager page={loaderData.page} hasNext={loaderData.hasNext} />
        </>
      )}
    </section>
  );
}

const BUTTON =
  'mt-8 inline-block bg-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest text-paper hover:bg-neutral-800';

function Notice({ message, alert = false, children }: { message: string; alert?: boolean; children: React.ReactNode }) {
  return (
    <div className="mt-10 border border-line px-6 py-16 text-center">
      <p role={alert ? 'alert' : undefined} className={alert ? 'text-sale' : 'text-base'}>
        {message}
      </p>
      {children}
    </div>
  );
}

function Pager({ page, hasNext }: { page: number; hasNext: boolean }) {
  if (page === 1 && !hasNext) return null;
  const link = 'text-xs font-medium uppercase tracking-widest underline underline-offset-4';
  return (
    <nav aria-label="Order pages" className="mt-8 flex justify-between">
      {page > 1 ? (
        <Link to={page === 2 ? '/orders' : `/orders?page=${page - 1}`} className={link}>
          Newer orders
        </Link>
      ) : (
        <span />
      )}
      {hasNext ? (
        <Link to={`/orders?page=${page + 1}`} className={link}>
          Older orders
        </Link>
      ) : null}
    </nav>
  );
}
