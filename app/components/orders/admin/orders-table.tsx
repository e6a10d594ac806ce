import { Link } from 'react-router';
import { TableHead } from '~/components/admin/table-head';
import { PaymentStatusBadge } from '~/components/orders/status-badges';
import type { AdminOrderRow } from '~/lib/admin/admin-types';
import { formatNaira } from '~/lib/money';
import { formatOrderDate, shortOrderId } from '~/lib/orders/orders';
import { OrderStatusSelect } from './order-status-select';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-widest text-muted';

/** Every column an admin works from; the status cell changes the order in place. */
export function OrdersTable({ orders, returnTo }: { orders: AdminOrderRow[]; returnTo: string }) {
  return (
    <div className="overflow-x-auto border border-line">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">Orders, newest first</caption>
        <TableHead
          className="border-b border-line bg-neutral-50"
          row={null}
          cell={TH}
          columns={[
            'Order',
            'Date',
            'Customer',
            { label: 'Items', right: true },
            { label: 'Total', right: true },
            'Payment',
            'Status',
          ]}
        />
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b border-line align-top last:border-0">
              <th scope="row" className="px-3 py-3 text-left font-medium">
                <Link to={`/admin/orders/${order.id}`} className="underline underline-offset-4 hover:text-muted">
                  #{shortOrderId(order.id)}
                </Link>
                {order.paymentReference ? (
                  <p className="mt-1 whitespace-nowrap font-mono text-[11px] font-normal text-muted">
                    {order.paymentReference}
                  </p>
                ) : null}
              </th>
              <td className="whitespace-nowrap px-3 py-3">
                <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
              </td>
              <td className="px-3 py-3">
                <p>{order.customerName}</p>
                <p className="text-muted">{order.customerEmail}</p>
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{order.itemCount}</td>
              <td className="whitespace-nowrap px-3 py-3 text-right font-medium tabular-nums">
                {formatNaira(order.total)}
              </td>
              <td className="px-3 py-3">
                <PaymentStatusBadge status={order.paymentStatus} />
                {order.reviewReason ? (
                  <p className="mt-1 text-xs font-semibold uppercase tracking-widest text-sale">Needs review</p>
                ) : null}
              </td>
              <td className="px-3 py-3">
                <OrderStatusSelect orderId={order.id} status={order.status} returnTo={returnTo} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
