/**
 * /orders/{orderId}: one order, for its owner only, with its timeline and the mails about it (issue 18). Every failure
 * is a thrown response with a message of docs/requirements.md#14-messages and its HTTP status, rendered under 'Could
 * Not Load Order' with a Back to My Orders link: 400 no id, 401 signed out, 404 unknown, 403 someone else's (refused
 * by the query), 500 failed.
 */
import { data, Link } from 'react-router';
import { OrderDetailView } from '~/components/orders/order-detail';
import { OrderError } from '~/components/orders/order-error';
import { OrderMails, OrderTimeline } from '~/components/orders/order-history';
import { ORDER_MESSAGES, shortOrderId } from '~/lib/orders';
import { askAboutOrderText, storeChatUrl } from '~/lib/whatsapp';
import { currentUser } from '~/server/http/request-context.server';
import { logger } from '~/server/logger.server';
import { getOrderForUser, getOrderHistory } from '~/server/orders.server';
import { getSettings } from '~/server/settings.server';
import type { Route } from './+types/order';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const storeName = matches[0]?.loaderData?.store.name;
  const title = loaderData ? `Order #${shortOrderId(loaderData.order.id)}` : ORDER_MESSAGES.detailTitle;
  return [{ title: storeName ? `${title} | ${storeName}` : title }, { name: 'robots', content: 'noindex' }];
}

const refuse = (message: string, status: number) => data(message, { status });

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const orderId = params.orderId?.trim();
  if (!orderId) throw refuse(ORDER_MESSAGES.noOrderId, 400);
  const user = await currentUser(args);
  if (!user) throw refuse(ORDER_MESSAGES.signedOut, 401);
  let lookup;
  let history;
  try {
    lookup = await getOrderForUser(orderId, user.id);
    // Read only once the order is known to be theirs: another customer's timeline and mails never leave the database.
    if (lookup.kind === 'found') history = await getOrderHistory(lookup.order.id);
  } catch (error) {
    logger.error({ err: error, orderId }, 'order detail failed');
    throw refuse(ORDER_MESSAGES.detailFailed, 500);
  }
  if (lookup.kind === 'not-found') throw refuse(ORDER_MESSAGES.notFound, 404);
  if (lookup.kind === 'forbidden') {
    logger.warn({ orderId, userId: user.id }, 'refused another customer’s order');
    throw refuse(ORDER_MESSAGES.forbidden, 403);
  }
  const { storeName, whatsappNumber } = await getSettings();
  const question = askAboutOrderText(storeName, shortOrderId(lookup.order.id));
  return data({
    order: lookup.order,
    history: history ?? { timeline: [], mails: [] },
    askOnWhatsApp: storeChatUrl(whatsappNumber, question),
  });
}

export default function Order({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page py-12 md:py-16">
      <p className="mb-6 text-xs uppercase tracking-widest">
        <Link to="/orders" className="text-muted underline underline-offset-4 hover:text-ink">
          {ORDER_MESSAGES.backToOrders}
        </Link>
      </p>
      <OrderDetailView order={loaderData.order} />
      <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <OrderMails history={loaderData.history} />
        <OrderTimeline history={loaderData.history} />
      </div>
      {loaderData.askOnWhatsApp ? (
        <p className="mt-8 text-sm">
          <a
            href={loaderData.askOnWhatsApp}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium underline underline-offset-4"
          >
            Ask about this order on WhatsApp
          </a>
        </p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderError error={error} />;
}
