/**
 * /orders/{orderId}: one order, for its owner only, with its timeline and the mails about it (decision 0024). Every
 * failure is a thrown response with a message of docs/requirements.md#14-messages and its HTTP status, rendered under
 * 'Could Not Load Order' with a Back to My Orders link: 400 no id, 401 signed out, 404 unknown, 403 someone else's
 * (refused by the query), 500 failed.
 * An unpaid order that may still be paid offers "Pay for this order" (decision 0025): its POST here sends the shopper
 * to Paystack's page for this same order, and Paystack sends them back to /orders/{orderId}/payment.
 */
import { data, Link, redirect } from 'react-router';
import { OrderDetailView } from '~/components/orders/order-detail';
import { OrderError } from '~/components/orders/order-error';
import { OrderMails, OrderTimeline } from '~/components/orders/order-history';
import { PayAgain, PayAgainRefused } from '~/components/orders/pay-again';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { isId } from '~/lib/ids';
import { ORDER_MESSAGES, shortOrderId } from '~/lib/orders/orders';
import { PAY_AGAIN_MESSAGES, PAY_AGAIN_RESULT_PARAM } from '~/lib/payments/pay-again';
import { askAboutOrderText, storeChatUrl } from '~/lib/whatsapp';
import { loginRedirect } from '~/server/accounts/auth.server';
import { payAgainOffered, payOrderAgain } from '~/server/payments/pay-again.server';
import { startPayment } from '~/server/payments/start-payment.server';
import { currentUser } from '~/server/http/request-context.server';
import { publicOrigin } from '~/server/public-url.server';
import { logger } from '~/server/logger.server';
import { getOrderForUser, getOrderHistory } from '~/server/orders/orders.server';
import { getSettings } from '~/server/store/settings.server';
import { reviewedPositions } from '~/server/reviews/reviews.server';
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
  let payAgain = false;
  let reviewed: number[] | null = null;
  try {
    lookup = await getOrderForUser(orderId, user.id);
    // Read only once the order is known to be theirs: another customer's timeline and mails never leave the database.
    if (lookup.kind === 'found') {
      history = await getOrderHistory(lookup.order.id);
      payAgain = await payAgainOffered(lookup.order.id);
      // A delivered order invites a review per line (decision 0040).
      if (lookup.order.status === 'delivered') reviewed = await reviewedPositions(lookup.order.id);
    }
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
  // Back from Paystack's page without paying, or with a payment that did not match (routes/order-payment.ts).
  const result = new URL(args.request.url).searchParams.get(PAY_AGAIN_RESULT_PARAM);
  const notice =
    result === 'review'
      ? CHECKOUT_MESSAGES.underReview
      : result === 'failed' && payAgain
        ? PAY_AGAIN_MESSAGES.notPaid
        : null;
  return data({
    order: lookup.order,
    history: history ?? { timeline: [], mails: [] },
    askOnWhatsApp: storeChatUrl(whatsappNumber, question),
    payAgain,
    notice,
    reviewed,
  });
}

/** "Pay for this order": on to Paystack's page for this same order, or back here with why not. */
export async function action(args: Route.ActionArgs) {
  const orderId = args.params.orderId?.trim() ?? '';
  if (!isId(orderId)) throw refuse(ORDER_MESSAGES.notFound, 404);
  const user = await currentUser(args);
  if (!user) throw loginRedirect(args.request, `/orders/${orderId}`);
  const answer = await payOrderAgain(user.id, orderId);
  if (answer.kind === 'paid') return redirect(`/order-success/${answer.orderId}`);
  if (answer.kind === 'refused') return data({ message: answer.message }, { status: answer.status });
  // From PUBLIC_URL: Paystack sends the paying shopper back there, so no request header may choose it.
  const callbackUrl = `${publicOrigin()}/orders/${answer.order.id}/payment`;
  const started = await startPayment(answer.order, { email: user.email, callbackUrl });
  // A ₦0 order needs no Paystack page: paid by its discount (decision 0028).
  if (started.kind === 'paid') return redirect(`/order-success/${started.orderId}`);
  if (started.kind === 'failed') {
    const message = started.unavailable ? started.reason : CHECKOUT_MESSAGES.processingError;
    return data({ message }, { status: 503 });
  }
  return redirect(started.payment.authorizationUrl);
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const message = actionData?.message ?? loaderData.notice;
  return (
    <section className="container-page py-12 md:py-16">
      <p className="mb-6 text-xs uppercase tracking-widest">
        <Link to="/orders" className="text-muted underline underline-offset-4 hover:text-ink">
          {ORDER_MESSAGES.backToOrders}
        </Link>
      </p>
      <OrderDetailView order={loaderData.order} reviewed={loaderData.reviewed} />
      {loaderData.payAgain ? (
        <PayAgain total={loaderData.order.total} message={message} />
      ) : message ? (
        <PayAgainRefused message={message} />
      ) : null}
      <div className="mt-12 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
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
