/**
 * /admin/orders/export?status=&payment=&q=: the filtered orders list as CSV (the same filters as the page,
 * every page of it), amounts in naira, cells escaped and neutralised against spreadsheet formulas. Each order as it
 * was placed: its delivery method and zone (decision 0022), what its promo code took off (decision 0023), and how it
 * is paid: Paystack, or on delivery and how the money was collected (decision 0037).
 */
import { csvFileName, csvHeaders, koboToNairaText, toCsv } from '~/lib/admin/admin-csv';
import { orderCsvSkus, orderCsvZone, parseOrderFilters } from '~/lib/orders/admin-orders';
import { ordersForExport } from '~/server/orders/admin-orders.server';
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
  'Delivery method',
  'Delivery zone',
  'Items',
  'SKUs',
  'Subtotal (NGN)',
  'Delivery (NGN)',
  'Discount (NGN)',
  'Total (NGN)',
  'Promo code',
  'Status',
  'Payment status',
  'Payment method',
  'Collected by',
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
    o.deliveryMethod,
    orderCsvZone(o),
    o.itemCount,
    orderCsvSkus(o.skus),
    koboToNairaText(o.subtotal),
    koboToNairaText(o.shipping),
    koboToNairaText(o.discount),
    koboToNairaText(o.total),
    o.promoCode,
    o.status,
    o.paymentStatus,
    o.paymentMethod,
    o.collectedBy,
    o.paymentReference,
    o.paidAt,
    o.reviewReason,
  ]);
  return new Response(toCsv(ORDER_CSV_HEADER, rows), { headers: csvHeaders(csvFileName('orders')) });
}
