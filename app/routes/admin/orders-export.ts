/**
 * /admin/orders/export?status=&payment=&q=: the filtered orders list as CSV (the same filters as the page,
 * every page of it), amounts in naira, cells escaped and neutralised against spreadsheet formulas.
 */
import { csvFileName, csvHeaders, koboToNairaText, toCsv } from '~/lib/admin-csv';
import { parseOrderFilters } from '~/lib/admin-orders';
import { ordersForExport } from '~/server/admin/orders.server';
import type { Route } from './+types/orders-export';

const ORDER_CSV_HEADER = [
  'Order ID',
  'Order number',
  'Placed at',
  'Customer name',
  'Customer email',
  'Phone',
  'City',
  'State',
  'Items',
  'Subtotal (NGN)',
  'Delivery (NGN)',
  'Total (NGN)',
  'Status',
  'Payment status',
  'Payment reference',
  'Paid at',
  'Needs review',
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  const orders = await ordersForExport(filters);
  const rows = orders.map((o) => [
    o.id,
    o.id.slice(-8).toUpperCase(),
    o.createdAt,
    o.customerName,
    o.customerEmail,
    o.phone,
    o.city,
    o.state,
    o.itemCount,
    koboToNairaText(o.subtotal),
    koboToNairaText(o.shipping),
    koboToNairaText(o.total),
    o.status,
    o.paymentStatus,
    o.paymentReference,
    o.paidAt,
    o.reviewReason,
  ]);
  return new Response(toCsv(ORDER_CSV_HEADER, rows), { headers: csvHeaders(csvFileName('orders')) });
}
