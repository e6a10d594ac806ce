import { ResponsiveImage } from '~/components/responsive-image';
import { OrderDeliverySection } from '~/components/orders/order-delivery';
import { OrderMails, OrderTimeline } from '~/components/orders/order-history';
import { OrderStatusBadge, PaymentStatusBadge } from '~/components/orders/status-badges';
import { cancelledUnrefundedNotice } from '~/lib/payments/admin-refund';
import type { AdminOrderDetail, AdminPaymentEvent } from '~/lib/admin/admin-types';
import { formatNaira } from '~/lib/money';
import { DISCOUNT_PAYMENT, PAID_BY_DISCOUNT } from '~/lib/payments/paid-by-discount';
import type { OrderHistory } from '~/lib/orders/order-timeline';
import { formatOrderDateTime, orderDiscountLine, shortOrderId, statusLabel } from '~/lib/orders/orders';
import type { SubmissionResult } from '@conform-to/react';
import { CustomerChatLink } from './customer-chat-link';
import { OrderStatusSelect } from './order-status-select';
import { DisputePanel, type DisputePanelState } from '../../payments/admin/dispute-panel';
import { RefundPanel, tookPayment, type RefundFormState } from '../../payments/admin/refund-panel';
import { ORDER_LABEL, OrderSection } from '../order-section';
import { PayOnDeliveryPanel, type PodPanelState } from './pay-on-delivery-panel';

const STOCK_STATE_TEXT = {
  reserved: 'Reserved (awaiting payment)',
  committed: 'Committed (sold)',
  released: 'Released (given back)',
} as const;

/**
 * One order as the admin works on it: flags first (review, a cancelled order's money not refunded), then items and
 * totals (with the promo code's discount), customer, address, the timeline and the customer's mails (decision 0024),
 * chargebacks, refunds, payment and its history.
 */
export function AdminOrderView({
  order,
  history,
  refund,
  shipping = null,
  disputes,
  pod,
  customerChat = null,
}: {
  order: AdminOrderDetail;
  history: OrderHistory;
  refund: RefundFormState;
  /** A "Mark shipped" refused without JavaScript, as typed (routes/admin/order.tsx). */
  shipping?: SubmissionResult<string[]> | null;
  /** The chargebacks' forms: the loader's clock and the outcome of the last answer (dispute-panel.tsx). */
  disputes: DisputePanelState;
  /** Pay on delivery's form: the outcome of the last answer (pay-on-delivery-panel.tsx, decision 0037). */
  pod: PodPanelState;
  /** "WhatsApp the customer": the wa.me link to the shipping phone, or null when it is not a mobile number. */
  customerChat?: string | null;
}) {
  const discount = orderDiscountLine(order);
  return (
    <article aria-labelledby="order-heading">
      <h1 id="order-heading" className="text-2xl font-semibold uppercase tracking-[0.2em]">
        Order #{shortOrderId(order.id)}
      </h1>
      <p className="mt-2 text-sm text-muted">
        Placed on <time dateTime={order.createdAt}>{formatOrderDateTime(order.createdAt)}</time> ·{' '}
        <span className="font-mono text-xs">{order.id}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
      </div>
      {order.paymentStatus === 'awaiting' && order.awaitingSince ? (
        <AwaitingSince since={order.awaitingSince} className="mt-2" />
      ) : null}

      {order.reviewReason ? (
        <div role="alert" className="mt-6 border-2 border-sale px-4 py-3 text-sm text-sale">
          <p className="font-semibold uppercase tracking-widest">
            {order.paymentStatus === 'paid' ? 'Needs review' : 'Needs review: not marked paid'}
          </p>
          <p className="mt-1">{order.reviewReason}</p>
        </div>
      ) : null}

      {/* Cancelling gave the units back but not the money: that is for a person to do, here. */}
      {order.status === 'cancelled' && order.refundable > 0 ? (
        <p role="status" className="mt-6 border-2 border-sale px-4 py-3 text-sm font-semibold text-sale">
          {cancelledUnrefundedNotice(order.refundable)}{' '}
          <a href="#refund-form" className="underline underline-offset-4">
            Go to the refund form
          </a>
        </p>
      ) : null}

      <div className="mt-8 max-w-xs">
        <OrderStatusSelect
          orderId={order.id}
          status={order.status}
          returnTo={`/admin/orders/${order.id}`}
          showLabel
          lastResult={shipping}
        />
      </div>
      <div className="mt-4">
        <CustomerChatLink url={customerChat} phone={order.shippingAddress.phone} />
      </div>

      <div className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <OrderSection id="items" title="Items">
          <ul className="mt-4 border-t border-line">
            {order.items.map((item) => (
              <li key={item.position} className="flex gap-4 border-b border-line py-4 text-sm">
                <div className="w-16 shrink-0">
                  <ResponsiveImage image={item.image} alt={item.name} sizes="64px" />
                </div>
                <div className="flex flex-1 flex-wrap justify-between gap-2">
                  <div>
                    <h3 className="font-medium">{item.name}</h3>
                    <p className="text-muted">
                      {[item.size && `Size ${item.size}`, item.color].filter(Boolean).join(' · ') ||
                        'No size or colour'}
                    </p>
                    <p className="text-muted">
                      Qty {item.quantity} × {formatNaira(item.unitPrice)}
                    </p>
                    {item.productId ? (
                      <a
                        href={`/admin/products/edit/${item.productId}`}
                        className="text-xs underline underline-offset-4"
                      >
                        Edit product
                      </a>
                    ) : (
                      <p className="text-xs text-muted">Product since deleted</p>
                    )}
                  </div>
                  <p className="font-semibold tabular-nums">{formatNaira(item.unitPrice * item.quantity)}</p>
                </div>
              </li>
            ))}
          </ul>
          <dl className="mt-4 ml-auto max-w-xs space-y-2 text-sm">
            <Row term="Subtotal" value={formatNaira(order.subtotal)} />
            <Row term="Delivery" value={formatNaira(order.shipping)} />
            {discount ? <Row term={discount.label} value={discount.amount} /> : null}
            <Row term="Total" value={<strong>{formatNaira(order.total)}</strong>} />
          </dl>
        </OrderSection>

        <div className="space-y-8">
          <OrderSection id="customer" title="Customer">
            <p className="mt-3 text-sm">{order.customer.name || '(no name)'}</p>
            <p className="break-all text-sm text-muted">{order.customer.email}</p>
          </OrderSection>
          <OrderDeliverySection delivery={order.delivery} labelClass={ORDER_LABEL} />
          <OrderSection id="address" title={order.delivery.method === 'pickup' ? 'Address' : 'Shipping address'}>
            <address className="mt-3 space-y-0.5 text-sm not-italic">
              <p>
                {order.shippingAddress.firstName} {order.shippingAddress.lastName}
              </p>
              <p>{order.shippingAddress.address}</p>
              {order.shippingAddress.apartment ? <p>{order.shippingAddress.apartment}</p> : null}
              <p>
                {order.shippingAddress.city}, {order.shippingAddress.state}
              </p>
              <p>{order.shippingAddress.country}</p>
              <p className="pt-1">{order.shippingAddress.phone}</p>
              <p className="break-all">{order.shippingAddress.email}</p>
            </address>
          </OrderSection>
          <OrderTimeline history={history} labelClass={ORDER_LABEL} />
          <OrderMails history={history} labelClass={ORDER_LABEL} />
          {order.disputes.length ? <DisputePanel order={order} history={history} state={disputes} /> : null}
          {order.paymentMethod === 'pay_on_delivery' ? <PayOnDeliveryPanel order={order} state={pod} /> : null}
          {/* Money collected at the door never went through Paystack, which could not send it back. */}
          {tookPayment(order) && order.paymentMethod === 'paystack' ? (
            <RefundPanel order={order} form={refund} />
          ) : null}
          <PaymentSection order={order} />
        </div>
      </div>
    </article>
  );
}

function PaymentSection({ order }: { order: AdminOrderDetail }) {
  const { payment } = order;
  return (
    <OrderSection id="payment" title="Payment" className="border border-line p-5">
      <dl className="mt-3 space-y-2 text-sm">
        <Row term="Status" value={statusLabel(order.paymentStatus)} />
        <Row term="Method" value={order.paymentMethod === 'pay_on_delivery' ? 'Pay on delivery' : 'Paystack'} />
        <Row
          term="Reference"
          value={<span className="break-all font-mono text-xs">{order.paymentReference ?? '-'}</span>}
        />
        <Row term="Stock" value={STOCK_STATE_TEXT[order.stockState] ?? order.stockState} />
        {payment ? (
          <>
            <Row
              term="Amount"
              value={
                payment.currency === 'NGN'
                  ? formatNaira(payment.amount)
                  : `${payment.amount} (${payment.currency} minor units)`
              }
            />
            <Row term="Currency" value={payment.currency} />
            <Row
              term="Channel"
              value={payment.channel === DISCOUNT_PAYMENT ? PAID_BY_DISCOUNT.paidBy : (payment.channel ?? '-')}
            />
            <Row term="Confirmed by" value={payment.confirmedBy} />
            <Row
              term="Paid at"
              value={
                payment.paidAt ? <time dateTime={payment.paidAt}>{formatOrderDateTime(payment.paidAt)}</time> : '-'
              }
            />
          </>
        ) : null}
      </dl>
      {payment ? null : <p className="mt-2 text-sm text-muted">No payment recorded.</p>}
      <h3 className={`${ORDER_LABEL} mt-6`}>Payment history</h3>
      {order.events.length ? (
        <ol className="mt-3 space-y-3 border-l border-line pl-4 text-sm">
          {order.events.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-muted">No payment events yet.</p>
      )}
    </OrderSection>
  );
}

function EventItem({ event }: { event: AdminPaymentEvent }) {
  const details = Object.entries(event.detail ?? {}).filter(
    ([, value]) => value !== null && value !== undefined && value !== '',
  );
  return (
    <li>
      <p className="font-medium">{statusLabel(event.kind.replace(/[-_]/g, ' '))}</p>
      <p className="text-xs text-muted">
        <time dateTime={event.createdAt}>{formatOrderDateTime(event.createdAt)}</time>
      </p>
      {details.length ? (
        <p className="mt-1 break-all font-mono text-[11px] text-muted">
          {details
            .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
            .join(' · ')}
        </p>
      ) : null}
    </li>
  );
}

/** A transfer or USSD payment Paystack says is on its way: the stock stays reserved for the transfer window. */
function AwaitingSince({ since, className = '' }: { since: string; className?: string }) {
  return (
    <p className={`text-sm text-muted ${className}`}>
      Awaiting confirmation since <time dateTime={since}>{formatOrderDateTime(since)}</time>
    </p>
  );
}

function Row({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}
