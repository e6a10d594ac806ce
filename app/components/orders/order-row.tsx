import { Link } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import { formatNaira } from '~/lib/money';
import { formatOrderDate, moreThumbnails, shortOrderId, type OrderSummary } from '~/lib/orders/orders';
import { OrderStatusBadge, PaymentStatusBadge } from './status-badges';

/** One order in the customer's list: number, date, badges, total, up to 4 thumbnails plus '+N'. */
export function OrderRow({ order }: { order: OrderSummary }) {
  const more = moreThumbnails(order.lineCount);
  const number = shortOrderId(order.id);
  return (
    <li className="border-b border-line py-6">
      <article
        aria-labelledby={`order-${order.id}`}
        className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="space-y-2">
          <h2 id={`order-${order.id}`} className="text-sm font-semibold uppercase tracking-widest">
            <Link to={`/orders/${order.id}`} className="hover:underline">
              Order #{number}
            </Link>
          </h2>
          <p className="text-sm text-muted">
            <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
          <div className="flex flex-wrap gap-2">
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
          </div>
        </div>
        <div className="flex items-center justify-between gap-4 sm:flex-row-reverse">
          <p className="text-sm font-semibold sm:w-28 sm:text-right">
            <span className="sr-only">Total: </span>
            {formatNaira(order.total)}
          </p>
          <ul className="flex items-center gap-1.5 sm:gap-2" aria-label={`Items in order ${number}`}>
            {order.thumbnails.map((item, index) => (
              <li key={index} className="w-10 shrink-0 sm:w-12">
                <ResponsiveImage image={item.image} alt={item.name} sizes="48px" className="aspect-[4/5]" />
              </li>
            ))}
            {more ? (
              <li className="flex aspect-[4/5] w-10 shrink-0 items-center justify-center border border-line text-xs font-medium sm:w-12">
                <span aria-hidden="true">{more}</span>
                <span className="sr-only">and {order.lineCount - order.thumbnails.length} more</span>
              </li>
            ) : null}
          </ul>
        </div>
      </article>
    </li>
  );
}
