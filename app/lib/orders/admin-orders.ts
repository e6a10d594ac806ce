/**
 * The admin orders list: its filters (read from the URL, so every view is a link and the CSV export takes
 * the same ones), the status-change form, and the wording. Pure: shared by the pages and server/admin.
 */
import { z } from 'zod';
import { REST_OF_NIGERIA, type DeliveryMethod } from '../delivery/delivery';
import { isHttpsUrl } from './order-timeline';
import { safeRedirectPath } from '../safe-redirect';
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
  // A card's change names the status it replaced, for its Undo (decision 0045).
  const was = params.get('was');
  if (updated && was) canonical.set('was', was);
  if (canonical.toString() === params.toString()) return null;
  return canonical.size ? `?${canonical}` : '';
}

export const hasOrderFilters = (filters: OrderFilters) => Boolean(filters.status || filters.payment || filters.q);

export const CARRIER_MAX = 60;
export const TRACKING_NUMBER_MAX = 60;
export const TRACKING_URL_MAX = 500;

/** The shipping fields' messages (decision 0024): marking an order shipped needs its carrier. */
export const SHIPPING_MESSAGES = {
  carrier: 'Enter the carrier to mark this order shipped.',
  carrierLong: `The carrier can be at most ${CARRIER_MAX} characters.`,
  trackingNumberLong: `The tracking number can be at most ${TRACKING_NUMBER_MAX} characters.`,
  trackingUrl: 'The tracking link must be a full https:// address.',
  control: 'Use letters, numbers and punctuation only.',
} as const;

/** No control characters (a pasted tab or line break, a NUL PostgreSQL would refuse): one line of text. */
const ONE_LINE = /^[^\p{Cc}]*$/u;

/** A typed line, spaces around it dropped. */
const line = (max: number, message: string) =>
  z.string().trim().max(max, message).regex(ONE_LINE, SHIPPING_MESSAGES.control).optional();

/**
 * The status dropdown's form: the order and one of the five values of
 * docs/requirements.md#9-order-and-payment-statuses. `mode` says a fetcher sent it (the answer is data, not a
 * redirect); `returnTo` is where a page without JavaScript goes back to. Marking shipped asks for the carrier
 * (required), the tracking number and the tracking link (an https address, never javascript: or plain http); they
 * are ignored for any other status.
 */
export const orderStatusSchema = z
  .object({
    intent: z.literal('status'),
    orderId: z.string({ error: ORDER_STATUS_ERROR }).regex(/^[0-9a-z]{14}$/, ORDER_STATUS_ERROR),
    status: z.enum(ORDER_STATUSES, { error: ORDER_STATUS_ERROR }),
    carrier: line(CARRIER_MAX, SHIPPING_MESSAGES.carrierLong),
    trackingNumber: line(TRACKING_NUMBER_MAX, SHIPPING_MESSAGES.trackingNumberLong),
    trackingUrl: z
      .string()
      .trim()
      .max(TRACKING_URL_MAX, SHIPPING_MESSAGES.trackingUrl)
      .regex(ONE_LINE, SHIPPING_MESSAGES.trackingUrl)
      .refine(isHttpsUrl, SHIPPING_MESSAGES.trackingUrl)
      .optional(),
    mode: z
      .string()
      .optional()
      .transform((mode) => mode === 'fetch'),
    returnTo: z.string().optional().transform(orderReturnPath),
    /** An order card's one-tap change (and its Undo): the list's address then names the status replaced. */
    undo: z.literal('offer').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'shipped' && !value.carrier) {
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: SHIPPING_MESSAGES.carrier });
    }
  });

/** The shipment of a valid status form: its carrier and tracking when it marks the order shipped, else null. */
export function shipmentOf(value: z.output<typeof orderStatusSchema>): Shipment | null {
  if (value.status !== 'shipped' || !value.carrier) return null;
  return {
    carrier: value.carrier,
    trackingNumber: value.trackingNumber || null,
    // As the browser would read it: the scheme in lower case, as the table's check expects (HTTPS:// is https://).
    trackingUrl: value.trackingUrl ? new URL(value.trackingUrl).href : null,
  };
}

export type Shipment = { carrier: string; trackingNumber: string | null; trackingUrl: string | null };

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

/**
 * The CSV's SKUs cell: each line's SKU and quantity in the order's order, `SNEAK-42-WHITE x 2; CAP-NAVY x 1` (decision
 * 0034); a line placed before SKUs existed has none.
 */
export function orderCsvSkus(items: readonly { sku: string; quantity: number }[]): string {
  return items.map((item) => `${item.sku || 'no SKU'} x ${item.quantity}`).join('; ');
}

/** The fields the admin types when marking an order shipped. */
export const SHIPPING_FIELDS = ['carrier', 'trackingNumber', 'trackingUrl'] as const;

/** The query that sends a refused "Mark shipped" back to its order page without JavaScript, with what was typed. */
export const SHIPPING_RETRY_PARAM = 'ship';

/**
 * Where a browser without JavaScript goes after its "Mark shipped" was refused: back to the order page it came from,
 * carrying what it typed, which the page checks again with orderStatusSchema to show the same errors beside the same
 * values (nothing typed is lost). Null when it came from elsewhere (the list shows the message).
 */
export function shippingRetryUrl(form: FormData): string | null {
  const orderId = form.get('orderId');
  const returnTo = form.get('returnTo');
  if (typeof orderId !== 'string' || !/^[0-9a-z]{14}$/.test(orderId) || returnTo !== `/admin/orders/${orderId}`)
    return null;
  const query = new URLSearchParams({ [SHIPPING_RETRY_PARAM]: '1' });
  for (const name of SHIPPING_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') query.set(name, value.slice(0, 500));
  }
  return `${returnTo}?${query}`;
}

/** The form a refused "Mark shipped" posted, rebuilt from shippingRetryUrl's query (null without one). */
export function shippingRetryForm(orderId: string, params: URLSearchParams): FormData | null {
  if (params.get(SHIPPING_RETRY_PARAM) !== '1') return null;
  const form = new FormData();
  form.set('intent', 'status');
  form.set('orderId', orderId);
  form.set('status', 'shipped');
  form.set('returnTo', `/admin/orders/${orderId}`);
  for (const name of SHIPPING_FIELDS) form.set(name, params.get(name) ?? '');
  return form;
}
