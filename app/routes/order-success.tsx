/**
 * /order-success/{id}: where a customer lands after paying (docs/requirements.md#4-what-each-page-shows). It shows the
 * order number, what was bought, the total and what happens next. While Paystack says the money is on its way (a bank
 * transfer or USSD waiting for the bank) it says so, checks again by itself (a refresh, so it works without JavaScript
 * too) and never offers a second payment; reached before the payment is confirmed, it says that instead of claiming
 * success. The webhook, a later visit here, or the sweep completes the order.
 */
import { data, Link } from 'react-router';
import { OrderDetailView } from '~/components/orders/order-detail';
import { OrderError } from '~/components/orders/order-error';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { podDueLine, podHaveReady } from '~/lib/checkout/pay-on-delivery';
import { nextSteps } from '~/lib/delivery/delivery';
import { formatNaira } from '~/lib/money';
import { PAID_BY_DISCOUNT, paidByDiscount } from '~/lib/payments/paid-by-discount';
import { cardLeftUnfinished } from '~/lib/payments/payment-status';
import { isPaymentFailure, ORDER_MESSAGES, shortOrderId, type OrderDetail } from '~/lib/orders/orders';
import { requireUser } from '~/server/accounts/guards.server';
import { recheckWaitingPayment } from '~/server/checkout/checkout-page.server';
import { getOrderForUser } from '~/server/orders/orders.server';
import type { Route } from './+types/order-success';

/** How often the waiting page reloads itself (seconds). */
const REFRESH_SECONDS = 15;

const isWaiting = (order: OrderDetail) => order.paymentStatus === 'awaiting' || order.paymentStatus === 'pending';

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: ORDER_MESSAGES.detailTitle }];
  const number = shortOrderId(loaderData.order.id);
  const waiting = isWaiting(loaderData.order);
  return [
    { title: waiting ? `Awaiting confirmation: order #${number}` : `Thank you: order #${number}` },
    { name: 'robots', content: 'noindex' },
    ...(waiting ? [{ httpEquiv: 'refresh', content: String(REFRESH_SECONDS) } as const] : []),
  ];
}

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const user = await requireUser(args);
  let lookup = await getOrderForUser(params.id, user.id);
  if (lookup.kind === 'not-found') throw data(ORDER_MESSAGES.notFound, { status: 404 });
  if (lookup.kind === 'forbidden') throw data(ORDER_MESSAGES.forbidden, { status: 403 });
  if (await recheckWaitingPayment(lookup.order)) lookup = await getOrderForUser(params.id, user.id);
  if (lookup.kind !== 'found') throw data(ORDER_MESSAGES.notFound, { status: 404 });
  return data({ order: lookup.order, email: lookup.order.shippingAddress.email });
}

/** A plain link to this page: the loader asks Paystack again (with or without JavaScript). */
function CheckAgain({ orderId }: { orderId: string }) {
  return (
    <p>
      <Link to={`/order-success/${orderId}`} className="underline">
        Check again now
      </Link>
    </p>
  );
}

function NextSteps({ order, email }: { order: OrderDetail; email: string }) {
  if (order.paymentStatus === 'paid') {
    return (
      <div className="mt-4 space-y-2 text-sm">
        <p>
          {paidByDiscount(order) ? (
            `${PAID_BY_DISCOUNT.received} `
          ) : (
            <>
              Your payment of <strong>{formatNaira(order.total)}</strong> was received.{' '}
            </>
          )}
          A confirmation is on its way to {email}.
        </p>
        <p className="text-muted">
          {nextSteps(order.delivery)} This order&apos;s status in My Orders shows where it is.
        </p>
      </div>
    );
  }
  if (order.paymentStatus === 'due') {
    // Pay on delivery (decision 0037): nothing was charged; the money is collected at the door.
    return (
      <div className="mt-4 space-y-2 text-sm">
        <p>
          <strong>{podDueLine(order.total)}</strong>. A confirmation is on its way to {email}.
        </p>
        <p>{podHaveReady(order.total)}</p>
        <p className="text-muted">
          {nextSteps(order.delivery)} This order&apos;s status in My Orders shows where it is.
        </p>
      </div>
    );
  }
  if (order.paymentStatus === 'awaiting') {
    return (
      <div className="mt-4 space-y-3 text-sm">
        <p role="status">{CHECKOUT_MESSAGES.awaitingTransfer}</p>
        <p className="text-muted">
          Your items are kept for you meanwhile. {CHECKOUT_MESSAGES.awaitingTransferLate}
          {` This page looks again every ${REFRESH_SECONDS} seconds.`}
        </p>
        <CheckAgain orderId={order.id} />
      </div>
    );
  }
  if (isPaymentFailure(order.paymentStatus) || ['refunded', 'refused'].includes(order.paymentStatus)) {
    return (
      <div className="mt-4 space-y-2 text-sm">
        <p role="status">{failureText(order.paymentStatus)}</p>
      </div>
    );
  }
  // A card left at its OTP step (decision 0029): nothing is on its way, and the order can be paid at once.
  if (cardLeftUnfinished(order)) {
    return (
      <div className="mt-4 space-y-3 text-sm">
        <p role="status">{CHECKOUT_MESSAGES.cardUnfinished}</p>
        <p>
          <Link to={`/orders/${order.id}`} className="underline">
            Finish paying for this order
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-3 text-sm">
      <p role="status">{CHECKOUT_MESSAGES.pendingConfirmation}</p>
      <CheckAgain orderId={order.id} />
    </div>
  );
}

function failureText(status: string): string {
  if (status === 'reversed')
    return (
      'Your bank reversed this payment, so the money went back to you. ' +
      'Our team has been told and will contact you.'
    );
  if (status === 'refunded') return 'This payment was refunded to you in full.';
  if (status === 'refused') return 'This order was refused at the door, so it was cancelled and nothing was charged.';
  const gone = 'We did not receive the payment for this order, so its items went back on sale.';
  return `${gone} ${CHECKOUT_MESSAGES.awaitingTransferLate}`;
}

function headingOf(order: OrderDetail): string {
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'due') return 'Thank you for your order';
  if (order.paymentStatus === 'awaiting') return 'Awaiting confirmation';
  if (cardLeftUnfinished(order)) return 'Card payment not finished';
  if (order.paymentStatus === 'pending') return 'Confirming your payment';
  return 'Payment not completed';
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order, email } = loaderData;
  return (
    <section className="container-page py-12 md:py-16">
      {/* break-words: a long email address in the next steps wraps rather than widen a phone's page. */}
      <div className="mx-auto max-w-2xl break-words text-center">
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-muted">Order #{shortOrderId(order.id)}</p>
        <h1 className="mt-3 text-2xl font-semibold uppercase tracking-[0.2em]">{headingOf(order)}</h1>
        <NextSteps order={order} email={email} />
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link
            to="/orders"
            className="bg-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest text-paper hover:bg-neutral-800"
          >
            View my orders
          </Link>
          <Link
            to="/collections"
            className="border border-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest hover:bg-ink hover:text-paper"
          >
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
