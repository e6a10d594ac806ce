/**
 * The admin orders list: its filters (read from the URL, so every view is a link and the CSV export takes
 * the same ones), the status-change form, and the wording. Pure: shared by the pages and server/admin.
 */
import { z } from 'zod';
import { REST_OF_NIGERIA, type DeliveryMethod } from './delivery';
import { safeRedirectPath } from './safe-redirect';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from './orders';

export const ADMIN_ORDERS_PAGE_SIZE = 25;
export const ORDER_SEARCH_MAX = 100;

/** docs/requirements.md#14-messages, quoted exactly. */
export const ORDER_STATUS_ERROR = 'Error updating order status. Please try again.';
export const ORDER_STATUS_SAVED = 'Order status updated.';

export type OrderFilters = { status: OrderStatus | null; payment: PaymentStatus | null; q: string; page: number };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Unknown or malformed values are ignored (a hand-edited URL shows everything rather than an error). */
export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page'));
  return {
    status: oneOf(ORDER_STATUSES, params.get('status')),
    payment: oneOf(PAYMENT_STATUSES, params.get('payment')),
    q: (params.get('q') ?? '').trim().slice(0, ORDER_SEARCH_MAX),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a view: only what is set, page 1 left out. */
export function orderFiltersQuery(
  filters: Partial<OrderFilters>,
  { page = filters.page }: { page?: number } = {},
): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.payment) params.set('payment', filters.payment);
  if (filters.q) params.set('q', filters.q);
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The canonical query for a request of the orders list, or null when the request already uses it: plain GET
 * forms (blank fields, any order) and hand-typed URLs land on one address per view, whether or not the
 * scripts had arrived. The no-JavaScript Save's `updated` notice rides along.
 */
export function canonicalOrdersQuery(params: URLSearchParams): string | null {
  const canonical = new URLSearchParams(orderFiltersQuery(parseOrderFilters(params)));
  const updated = params.get('updated');
  if (updated) canonical.set('updated', updated);
  if (canonical.toString() === params.toString()) return null;
  return canonical.size ? `?${canonical}` : '';
}

export const hasOrderFilters = (filters: OrderFilters) => Boolean(filters.status || filters.payment || filters.q);

/**
 * The status dropdown's form: the order and one of the five values of
 * docs/requirements.md#9-order-and-payment-statuses. `mode` says a fetcher sent it (the answer is data, not a
 * redirect); `returnTo` is where a page without JavaScript goes back to.
 */
export const orderStatusSchema = z.object({
  intent: z.literal('status'),
  orderId: z.string({ error: ORDER_STATUS_ERROR }).regex(/^[0-9a-z]{14}$/, ORDER_STATUS_ERROR),
  status: z.enum(ORDER_STATUSES, { error: ORDER_STATUS_ERROR }),
  mode: z
    .string()
    .optional()
    .transform((mode) => mode === 'fetch'),
  returnTo: z.string().optional().transform(orderReturnPath),
});

/** Where the status form sends a browser without JavaScript back to: a local /admin/orders page only. */
export function orderReturnPath(value: unknown): string {
  const path = safeRedirectPath(value, '/admin/orders');
  return /^\/admin\/orders(\/[0-9a-z]{14})?(\?|$)/.test(path) ? path : '/admin/orders';
}

/** The search box's hint, also used to explain what matched. */
export const ORDER_SEARCH_HINT = 'Payment reference, customer email or order number';

/**
 * The CSV's Delivery zone cell: the zone the order was priced by, the default's name (Rest of Nigeria, as the admin's
 * delivery screen calls it) for a delivery no zone covered, nothing for a pickup.
 */
export function orderCsvZone(order: { deliveryMethod: DeliveryMethod; deliveryZone: string | null }): string {
  if (order.deliveryMethod === 'pickup') return '';
  return order.deliveryZone ?? REST_OF_NIGERIA;
}
