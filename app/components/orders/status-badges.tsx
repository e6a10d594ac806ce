import { isPaymentFailure, statusLabel } from '~/lib/orders/orders';

const BADGE = 'inline-flex items-center border px-2 py-0.5 text-[11px] font-medium uppercase tracking-widest';

/**
 * The order's status (the five values of docs/requirements.md#9-order-and-payment-statuses), labelled so it reads on
 * its own.
 */
export function OrderStatusBadge({ status }: { status: string }) {
  const tone =
    status === 'cancelled'
      ? 'border-line text-muted'
      : status === 'delivered'
        ? 'border-green-800 text-green-800'
        : 'border-ink text-ink';
  return (
    <span className={`${BADGE} ${tone}`}>
      <span className="sr-only">Order status: </span>
      {statusLabel(status)}
    </span>
  );
}

/**
 * Payment status; failed and abandoned payments in the failure colour
 * (docs/requirements.md#9-order-and-payment-statuses).
 */
export function PaymentStatusBadge({ status }: { status: string }) {
  const tone = isPaymentFailure(status)
    ? 'border-sale text-sale'
    : status === 'paid'
      ? 'border-green-800 text-green-800'
      : 'border-line text-muted';
  return (
    <span className={`${BADGE} ${tone}`}>
      <span className="sr-only">Payment: </span>
      <span aria-hidden="true">Payment&nbsp;</span>
      {statusLabel(status)}
    </span>
  );
}
