/**
 * Orders as the customer's pages see them: the statuses of docs/requirements.md#9-order-and-payment-statuses, the
 * shapes the order queries return (server/orders/orders.server.ts), and the date and badge wording. Pure: shared by
 * server and pages.
 */
import type { ShippingAddress } from '../accounts/address';
import type { DeliveryMethod } from '../delivery/delivery';
import type { StoredImage } from '../images';
import { formatNaira } from '../money';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * 'paid' counts as revenue; 'due': a pay-on-delivery order whose money is collected at the door; 'refused': one the
 * shopper refused there. 'failed' and 'abandoned' are shown in the failure colour. 'awaiting': Paystack says
 * the money is on its way (a bank transfer or USSD waiting for the bank); 'reversed': paid, then taken back by
 * the bank; 'refunded': every kobo sent back by the store (app/lib/payments/payment-status.ts maps Paystack's
 * statuses).
 */
export const PAYMENT_STATUSES = [
  'pending',
  'awaiting',
  'paid',
  'failed',
  'abandoned',
  'reversed',
  'refunded',
  'due',
  'refused',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How an order is paid (decision 0037): through Paystack, or on delivery (cash, POS or a transfer at the door), where
 * the payment status is 'due' until the admin marks it collected ('paid') or refused at the door ('refused').
 */
export const PAYMENT_METHODS = ['paystack', 'pay_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const COLLECTION_METHODS = ['cash', 'pos', 'transfer'] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];

/** What happened to the stock an order took at checkout (see orders.stock_state). */
export const STOCK_STATES = ['reserved', 'committed', 'released'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** The orders list shows at most this many thumbnails, then '+N'. */
export const ORDER_THUMBNAILS = 4;
export const ORDERS_PAGE_SIZE = 20;

/** docs/requirements.md#14-messages, quoted exactly. */
export const ORDER_MESSAGES = {
  listSignedOut: 'Please log in to view your orders.',
  listFailed: 'Failed to fetch your orders. Please try again later.',
  noOrderId: 'No order ID provided.',
  signedOut: 'You must be logged in to view this page.',
  notFound: 'Order not found.',
  forbidden: 'You do not have permission to view this order.',
  detailFailed: 'Failed to fetch order details.',
  detailTitle: 'Could Not Load Order',
  backToOrders: 'Back to My Orders',
} as const;

export type OrderThumbnail = { name: string; image: StoredImage | null };

export type OrderSummary = {
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  total: number;
  createdAt: string;
  /** Number of lines (products) in the order; thumbnails holds the first ORDER_THUMBNAILS of them. */
  lineCount: number;
  thumbnails: OrderThumbnail[];
};

export type OrderItemView = {
  position: number;
  /** null once the product has been deleted: the snapshot still shows, without a link. */
  productId: string | null;
  name: string;
  unitPrice: number;
  image: StoredImage | null;
  size: string;
  color: string;
  quantity: number;
};

/**
 * The delivery an order was placed with (orders.delivery_*, decision 0022), as it was then: the fee is the order's
 * `shipping`. Orders from before zones have no days or zone (they were promised the brief's 5-6 working days).
 */
export type OrderDelivery = {
  method: DeliveryMethod;
  zone: string | null;
  minDays: number | null;
  maxDays: number | null;
  pickupAddress: string | null;
  pickupHours: string | null;
};

/** Where an order stands and what it comes to: the shopper's order page and the admin's show both. */
export type OrderStateAndSums = {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentReference: string | null;
  subtotal: number;
  shipping: number;
  /** Kobo the promo code took off (goods and delivery): total = subtotal + shipping - discount. */
  discount: number;
  /** The code as the admin wrote it when the order was placed (decision 0023); null without one. */
  promoCode: string | null;
  total: number;
};

export type OrderDetail = OrderStateAndSums & {
  id: string;
  delivery: OrderDelivery;
  shippingAddress: ShippingAddress;
  createdAt: string;
  items: OrderItemView[];
  /** The channel Paystack named when it last said `ongoing` (a card left at its OTP step, a transfer); decision 0029. */
  awaitingChannel: string | null;
};

/**
 * The Discount line of an order's totals (the customer's pages, the admin's, the mails): "Discount (WELCOME10)" and
 * "-₦2,000", from the order's own discount and code, whatever became of the code since. An order a code took nothing
 * off (free delivery on a free pickup) still names it, with '-' as the cart shows no discount; an order without a
 * code has no such line (null).
 */
export function orderDiscountLine(order: {
  discount: number;
  promoCode: string | null;
}): { label: string; amount: string } | null {
  if (order.discount <= 0 && order.promoCode === null) return null;
  return {
    label: order.promoCode === null ? 'Discount' : `Discount (${order.promoCode})`,
    amount: order.discount > 0 ? `-${formatNaira(order.discount)}` : '-',
  };
}

/** The lookup of one order for one user: ownership is decided inside the query (server/orders/orders.server.ts). */
export type OrderLookup = { kind: 'found'; order: OrderDetail } | { kind: 'not-found' } | { kind: 'forbidden' };

// The store is in Nigeria: dates are shown in Lagos time, so server and browser render the same text.
const TIME_ZONE = 'Africa/Lagos';
const longDate = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const longDateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE });

/** '22 November 2026' (the orders list). */
export const formatOrderDate = (iso: string | Date) => longDate.format(new Date(iso));

/** '22 November 2026 at 14:05' (the order page: long date with short time). */
export const formatOrderDateTime = (iso: string | Date) => longDateTime.format(new Date(iso));

const LABELS: Record<string, string> = {
  awaiting: 'Awaiting confirmation',
  // Pay on delivery (decision 0037): the money is collected at the door, or the shopper refused the order there.
  due: 'Due on delivery',
  refused: 'Refused at the door',
};

export const statusLabel = (status: string) =>
  LABELS[status] ?? (status ? status[0].toUpperCase() + status.slice(1) : status);

export const isPaymentFailure = (status: string) =>
  status === 'failed' || status === 'abandoned' || status === 'reversed';

/** '+N' beside the thumbnails, or null when every line has one. */
export function moreThumbnails(lineCount: number): string | null {
  const more = lineCount - ORDER_THUMBNAILS;
  return more > 0 ? `+${more}` : null;
}

/** The order number people read out: the last 8 characters (as the admin dashboard shows it). */
export const shortOrderId = (id: string) => id.slice(-8).toUpperCase();
