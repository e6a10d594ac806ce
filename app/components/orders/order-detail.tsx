import { Link } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import type { ShippingAddress } from '~/lib/accounts/address';
import { formatFee, formatNaira } from '~/lib/money';
import {
  formatOrderDateTime,
  orderDiscountLine,
  shortOrderId,
  type OrderDetail,
  type OrderItemView,
} from '~/lib/orders/orders';
import { PAID_BY_DISCOUNT, paidByDiscount } from '~/lib/payments/paid-by-discount';
import { podDueLine, podHaveReady } from '~/lib/checkout/pay-on-delivery';
import { OrderDeliverySection } from './order-delivery';
import { ReviewInvite } from '~/components/reviews/review-invite';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badges';
import { ORDER_LABEL, OrderSection } from './order-section';

/**
 * An order as its owner sees it: items, shipping address, subtotal, delivery, the promo code's discount, total,
 * statuses, reference, date.
 */
export function OrderDetailView({
  order,
  within = false,
  reviewed = null,
}: {
  order: OrderDetail;
  within?: boolean;
  /** A delivered order's lines already reviewed: the others invite a review (decision 0040); null, none. */
  reviewed?: number[] | null;
}) {
  // Inside another page (order-success) the order's title is a section heading under that page's h1.
  const Title = within ? 'h2' : 'h1';
  const discount = orderDiscountLine(order);
  return (
    <>
      <Title className="text-2xl font-semibold uppercase tracking-[0.2em]">Order #{shortOrderId(order.id)}</Title>
      <p className="mt-2 text-sm text-muted">
        Placed on <time dateTime={order.createdAt}>{formatOrderDateTime(order.createdAt)}</time>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
      </div>

      <div className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <OrderSection id="items" title="Items">
          <ul className="mt-4 border-t border-line">
            {order.items.map((item) => (
              <ItemRow key={item.position} item={item}>
                {reviewed ? <ReviewInvite orderId={order.id} item={item} reviewed={reviewed} /> : null}
              </ItemRow>
            ))}
          </ul>
        </OrderSection>

        <div className="space-y-10">
          <OrderSection id="summary" title="Order summary" className="border border-line p-6">
            <dl className="mt-4 space-y-3 text-sm">
              <Row term="Subtotal" value={formatNaira(order.subtotal)} />
              <Row
                term={order.delivery.method === 'pickup' ? 'Pickup' : 'Delivery'}
                value={formatFee(order.shipping)}
              />
              {discount ? <Row term={discount.label} value={discount.amount} /> : null}
              <Row term="Total" value={formatNaira(order.total)} strong />
            </dl>
            <dl className="mt-6 space-y-3 border-t border-line pt-6 text-sm">
              <Row term="Payment status" value={<PaymentStatusBadge status={order.paymentStatus} />} />
              {paidByDiscount(order) ? <Row term="Paid by" value={PAID_BY_DISCOUNT.paidBy} /> : null}
              {order.paymentStatus === 'due' ? <Row term="To pay" value={podDueLine(order.total)} /> : null}
              <Row
                term="Payment reference"
                value={<span className="break-all font-mono text-xs">{order.paymentReference ?? '-'}</span>}
              />
            </dl>
            {/* Pay on delivery (decision 0037): what to have ready at the door. */}
            {order.paymentStatus === 'due' ? <p className="mt-4 text-sm">{podHaveReady(order.total)}</p> : null}
          </OrderSection>
          <OrderDeliverySection delivery={order.delivery} labelClass={ORDER_LABEL} />
          <OrderSection id="address" title={order.delivery.method === 'pickup' ? 'Your details' : 'Shipping address'}>
            <AddressBlock address={order.shippingAddress} />
          </OrderSection>
        </div>
      </div>
    </>
  );
}

function ItemRow({ item, children }: { item: OrderItemView; children?: React.ReactNode }) {
  const options = [item.size && `Size ${item.size}`, item.color].filter(Boolean).join(' · ');
  return (
    <li className="flex gap-4 border-b border-line py-4">
      <div className="w-20 shrink-0">
        <ResponsiveImage image={item.image} alt={item.name} sizes="80px" />
      </div>
      <div className="flex flex-1 flex-col gap-1 text-sm sm:flex-row sm:justify-between">
        <div>
          <h3 className="font-medium">
            {item.productId ? (
              <Link to={`/product/${item.productId}`} className="hover:underline">
                {item.name}
              </Link>
            ) : (
              item.name
            )}
          </h3>
          {options ? <p className="text-muted">{options}</p> : null}
          <p className="text-muted">
            Qty {item.quantity} × {formatNaira(item.unitPrice)}
          </p>
          {children}
        </div>
        <p className="font-semibold">{formatNaira(item.unitPrice * item.quantity)}</p>
      </div>
    </li>
  );
}

function Row({ term, value, strong = false }: { term: string; value: React.ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex items-center justify-between gap-4 ${strong ? 'border-t border-line pt-3 text-base font-semibold' : ''}`}
    >
      <dt className={strong ? '' : 'text-muted'}>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function AddressBlock({ address }: { address: ShippingAddress }) {
  return (
    <address className="mt-4 space-y-1 text-sm not-italic">
      <p className="font-medium">
        {address.firstName} {address.lastName}
      </p>
      <p>{address.address}</p>
      {address.apartment ? <p>{address.apartment}</p> : null}
      <p>
        {address.city}, {address.state}
      </p>
      <p>{address.country}</p>
      <p className="pt-2">{address.phone}</p>
      <p className="break-all">{address.email}</p>
    </address>
  );
}
