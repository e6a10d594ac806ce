/**
 * The admin's order card on a phone (docs/requirements.md#12-admin-area): its one-tap next status, the
 * "marked … Undo" line after it, and "WhatsApp the customer" on the order page. Pure: shared by the pages and tests.
 */
import { normaliseWhatsappNumber, whatsappChatUrl } from '../whatsapp';
import { ORDER_STATUSES, statusLabel, type OrderStatus } from './orders';

/**
 * The card's main action: the status an order usually moves to next, posted in one tap. Shipping needs its carrier
 * (decision 0024), so a processing order's card holds a small form: the carrier, filled in with the one the store last
 * shipped with, and the tracking number, then "Mark shipped". A delivered or cancelled order has none.
 */
export type NextOrderStep = { kind: 'post' | 'ship'; status: OrderStatus; label: string } | null;

export function nextOrderStep(order: { status: OrderStatus }): NextOrderStep {
  switch (order.status) {
    case 'pending':
      return { kind: 'post', status: 'processing', label: 'Mark processing' };
    case 'processing':
      return { kind: 'ship', status: 'shipped', label: 'Mark shipped' };
    case 'shipped':
      return { kind: 'post', status: 'delivered', label: 'Mark delivered' };
    default:
      return null;
  }
}

/** The query parameter naming the status a card's change replaced (the Undo puts it back). */
export const UNDO_PARAM = 'was';

/** The status a card's change replaced, read from the list's address; null when absent or not a status. */
export function undoStatusOf(value: string | null): OrderStatus | null {
  return value && (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : null;
}

/** The shipment an Undo back to Shipped posts again: the order's last one on record. */
export type UndoShipment = { carrier: string; trackingNumber: string | null; trackingUrl: string | null };

export function lastShipment(
  events: { kind: string; carrier: string | null; trackingNumber: string | null; trackingUrl: string | null }[],
): UndoShipment | null {
  const shipped = events.filter((event) => event.kind === 'shipped' && event.carrier).at(-1);
  return shipped?.carrier
    ? { carrier: shipped.carrier, trackingNumber: shipped.trackingNumber, trackingUrl: shipped.trackingUrl }
    : null;
}

/** What the list's status line needs to offer Undo after a card's change. */
export type OrderUndo = {
  orderId: string;
  /** The order's status now, when the list shows it (else the general "updated" words). */
  now: OrderStatus | null;
  /** The status the change replaced: Undo posts it back. */
  was: OrderStatus;
  /** Putting back Shipped takes the order's carrier and tracking again (orderStatusSchema asks for the carrier). */
  shipment: UndoShipment | null;
};

/** The status line after a card's change: "Order #AB12CD34 marked Shipped." (the Undo follows it). */
export const orderMarkedText = (orderNumber: string, status: OrderStatus) =>
  `Order #${orderNumber} marked ${statusLabel(status)}.`;

/** "WhatsApp the customer": the order's number and status, signed by the store. */
export const customerChatText = (storeName: string, orderNumber: string, status: OrderStatus) =>
  `Hello from ${storeName}: your order #${orderNumber} is ${statusLabel(status).toLowerCase()}.`;

/**
 * A chat with the customer on the order's shipping phone, in the international form wa.me takes; null when that
 * phone is not a Nigerian mobile number (then the page says so instead of offering a link that goes nowhere).
 */
export function customerChatUrl(phone: string, text: string): string | null {
  const number = normaliseWhatsappNumber(phone);
  return number ? whatsappChatUrl(number, text) : null;
}
