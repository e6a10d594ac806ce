import { Link } from 'react-router';
import { crudBodyClass, crudHeadClass, crudRowClass, crudTableClass } from '~/components/admin/crud/list';
import { TableHead } from '~/components/admin/table-head';
import { PaymentStatusBadge } from '~/components/orders/status-badges';
import type { AdminOrderRow } from '~/lib/admin/admin-types';
import { formatNaira } from '~/lib/money';
import { formatOrderDate, shortOrderId } from '~/lib/orders/orders';
import { OrderNextStep } from './order-card-actions';
import { OrderStatusSelect } from './order-status-select';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-widest text-muted';
/** A cell: a labelled line of the order's card on a phone (the CRUD list's pattern, decision 0045), a cell from sm. */
const TD =
  'block py-1 sm:table-cell sm:px-3 sm:py-3 before:mr-2 before:text-xs before:uppercase before:tracking-widest ' +
  'before:text-muted before:content-[attr(data-label)] sm:before:content-none';

/**
 * Every column an admin works from; the status cell changes the order in place. On a phone each order is a card: its
 * number, customer, total, payment and status, and last its next status in one tap (OrderNextStep).
 */
export function OrdersTable({
  orders,
  returnTo,
  carrier = null,
}: {
  orders: AdminOrderRow[];
  returnTo: string;
  /** The carrier a processing order's card fills in (the store's last one). */
  carrier?: string | null;
}) {
  return (
    <div className="sm:overflow-x-auto sm:border sm:border-line">
      <table className={`${crudTableClass} sm:min-w-[56rem]`}>
        <caption className="sr-only">Orders, newest first</caption>
        <TableHead
          className={`${crudHeadClass} border-b border-line bg-neutral-50`}
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
        <tbody className={crudBodyClass}>
          {orders.map((order) => (
            <tr key={order.id} className={`${crudRowClass} align-top sm:border-b sm:border-line sm:last:border-0`}>
              <th scope="row" className="block pb-1 text-left font-medium sm:table-cell sm:px-3 sm:py-3">
                <Link
                  to={`/admin/orders/${order.id}`}
                  className="inline-flex min-h-11 items-center underline underline-offset-4 hover:text-muted"
                >
                  #{shortOrderId(order.id)}
                </Link>
                {order.paymentReference ? (
                  <p className="mt-1 break-all font-mono text-[11px] font-normal text-muted sm:whitespace-nowrap sm:break-normal">
                    {order.paymentReference}
                  </p>
                ) : null}
              </th>
              <td data-label="Date" className={`${TD} whitespace-nowrap`}>
                <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
              </td>
              <td data-label="Customer" className={TD}>
                <span className="sm:block">{order.customerName}</span>{' '}
                <span className="block break-all text-muted sm:break-normal">{order.customerEmail}</span>
              </td>
              <td data-label="Items" className={`${TD} tabular-nums sm:text-right`}>
                {order.itemCount}
              </td>
              <td data-label="Total" className={`${TD} whitespace-nowrap font-medium tabular-nums sm:text-right`}>
                {formatNaira(order.total)}
              </td>
              <td data-label="Payment" className={TD}>
                <PaymentStatusBadge status={order.paymentStatus} />
                {order.reviewReason ? (
                  <p className="mt-1 text-xs font-semibold uppercase tracking-widest text-sale">Needs review</p>
                ) : null}
              </td>
              <td className={`${TD} before:content-none`}>
                <div className="flex flex-wrap items-center gap-2">
                  <OrderStatusSelect orderId={order.id} status={order.status} returnTo={returnTo} />
                  <OrderNextStep order={order} returnTo={returnTo} carrier={carrier} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
