import { Link } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import { TableHead } from './table-head';
import { OrderStatusBadge, PaymentStatusBadge } from '~/components/orders/status-badges';
import type { Dashboard } from '~/lib/admin/admin-types';
import { formatNaira } from '~/lib/money';
import { formatOrderDate, shortOrderId } from '~/lib/orders/orders';

export const PANEL_HEADING = 'text-xs font-semibold uppercase tracking-widest';

/** The figures across the top: each a link to where the admin acts on it. */
export function StatTiles({ dashboard }: { dashboard: Dashboard }) {
  const pod = dashboard.payOnDelivery;
  const tiles = [
    {
      label: 'Total revenue',
      value: formatNaira(dashboard.revenue),
      note: `Paystack ${formatNaira(dashboard.revenue - pod.collected)} · at the door ${formatNaira(pod.collected)}`,
      to: '/admin/orders?payment=paid',
    },
    {
      label: 'Due on delivery',
      value: formatNaira(pod.due),
      note: `${pod.dueCount.toLocaleString('en-NG')} ${pod.dueCount === 1 ? 'order' : 'orders'} to collect at the door`,
      to: '/admin/orders?payment=due',
    },
    { label: 'Orders', value: dashboard.counts.orders.toLocaleString('en-NG'), note: 'All time', to: '/admin/orders' },
    {
      label: 'Pending orders',
      value: dashboard.counts.pendingOrders.toLocaleString('en-NG'),
      note: 'Status pending',
      to: '/admin/orders?status=pending',
    },
    {
      label: 'Reviews to approve',
      value: dashboard.counts.pendingReviews.toLocaleString('en-NG'),
      note: 'Waiting for approval',
      to: '/admin/reviews',
    },
    {
      label: 'Products',
      value: dashboard.counts.products.toLocaleString('en-NG'),
      note: 'In the catalog',
      to: '/admin/products',
    },
    {
      label: 'Collections',
      value: dashboard.counts.collections.toLocaleString('en-NG'),
      note: 'In the catalog',
      to: '/admin/collections',
    },
  ];
  return (
    <ul className="grid grid-cols-1 gap-px border border-line bg-line sm:grid-cols-2 md:grid-cols-4 xl:grid-cols-7">
      {tiles.map((tile) => (
        <li key={tile.label} className="bg-paper">
          <Link to={tile.to} className="block h-full p-4 hover:bg-neutral-50">
            <p className="text-xs uppercase tracking-widest text-muted">{tile.label}</p>
            <p className="mt-2 text-xl font-semibold tabular-nums md:text-2xl">{tile.value}</p>
            <p className="mt-1 text-xs text-muted">{tile.note}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function RecentOrders({ orders }: { orders: Dashboard['recentOrders'] }) {
  if (!orders.length) return <p className="mt-4 text-sm text-muted">No orders yet.</p>;
  return (
    <ul className="mt-4 divide-y divide-line border-y border-line text-sm">
      {orders.map((order) => (
        <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div>
            <Link
              to={`/admin/orders/${order.id}`}
              className="inline-flex min-h-11 items-center font-medium underline underline-offset-4"
            >
              #{shortOrderId(order.id)}
            </Link>
            <p className="break-all text-xs text-muted">
              {order.customerEmail} · <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold tabular-nums">{formatNaira(order.total)}</span>
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function RecentProducts({ products }: { products: Dashboard['recentProducts'] }) {
  if (!products.length) return <p className="mt-4 text-sm text-muted">No products yet.</p>;
  return (
    <ul className="mt-4 divide-y divide-line border-y border-line text-sm">
      {products.map((product) => (
        <li key={product.id} className="flex items-center gap-3 py-3">
          <div className="w-10 shrink-0">
            <ResponsiveImage image={product.image} alt="" sizes="40px" />
          </div>
          <div className="min-w-0 flex-1">
            <Link
              to={`/admin/products/edit/${product.id}`}
              className="inline-flex min-h-11 items-center font-medium underline underline-offset-4"
            >
              {product.name}
            </Link>
            <p className="text-xs text-muted">
              {product.category} · <time dateTime={product.createdAt}>{formatOrderDate(product.createdAt)}</time>
            </p>
          </div>
          <span className="tabular-nums">{formatNaira(product.price)}</span>
        </li>
      ))}
    </ul>
  );
}

export function LowStock({ lowStock }: { lowStock: Dashboard['lowStock'] }) {
  if (!lowStock.variants.length)
    return <p className="mt-4 text-sm text-muted">No tracked variant has {lowStock.threshold} or fewer units.</p>;
  return (
    <>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Variants with {lowStock.threshold} or fewer units in stock</caption>
        <TableHead cell="py-2 font-medium" columns={['Product', 'Variant', { label: 'Stock', right: true }]} />
        <tbody>
          {lowStock.variants.map((variant) => (
            <tr key={`${variant.productId}/${variant.size}/${variant.color}`} className="border-b border-line/60">
              <td className="py-2">
                <Link
                  to={`/admin/products/edit/${variant.productId}`}
                  className="inline-flex min-h-11 items-center underline underline-offset-4"
                >
                  {variant.productName}
                </Link>
              </td>
              <td className="py-2 text-muted">
                {[variant.size, variant.color].filter(Boolean).join(' · ') || 'One size'}
              </td>
              <td className={`py-2 text-right font-semibold tabular-nums ${variant.stock === 0 ? 'text-sale' : ''}`}>
                {variant.stock === 0 ? 'Sold out' : variant.stock}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {lowStock.total > lowStock.variants.length ? (
        <p className="mt-2 text-xs text-muted">
          Showing {lowStock.variants.length} of {lowStock.total} low-stock variants.
        </p>
      ) : null}
    </>
  );
}
