/**
 * An order's timeline (decision 0024) as the customer's order page and the admin's show it: placed, awaiting
 * confirmation, paid (from the order's own times, which every order has, old ones too), then each status the admin set
 * (the order_events rows), with the carrier and tracking of a shipment; and the mails the customer got about it. Pure:
 * shared by server and pages.
 */
import type { OrderStatus } from './orders';

export type TimelineKind = 'placed' | 'awaiting' | 'paid' | OrderStatus;

export type TimelineEntry = {
  kind: TimelineKind;
  /** ISO time (UTC); the pages show it in Lagos time (formatOrderDateTime). */
  at: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
};

/** A status the admin set (order_events), as the history query gives it. */
export type StatusEvent = TimelineEntry & { kind: OrderStatus };

/** A mail the customer got about the order, to read again on the order page: its plain-text part only. */
export type OrderMailView = { kind: string; subject: string; text: string; sentAt: string };

export type OrderHistory = { timeline: TimelineEntry[]; mails: OrderMailView[] };

const LABELS: Record<TimelineKind, string> = {
  placed: 'Order placed',
  awaiting: 'Payment on its way (awaiting confirmation)',
  paid: 'Payment received',
  pending: 'Set back to pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const timelineLabel = (kind: TimelineKind) => LABELS[kind];

/** Where the derived steps go when two share a time: placed before awaiting before paid, before the admin's. */
const RANK: Record<string, number> = { placed: 0, awaiting: 1, paid: 2 };

const step = (kind: TimelineKind, at: string): TimelineEntry => ({
  kind,
  at,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
});

/**
 * The timeline, oldest first: the order's placed, awaiting and paid times, then the status events (already in the
 * order they were written) merged in by time. A step with the same time as another keeps its place.
 */
export function orderTimeline(
  order: { createdAt: string; awaitingSince: string | null; paidAt: string | null },
  events: StatusEvent[],
): TimelineEntry[] {
  const derived = [
    step('placed', order.createdAt),
    ...(order.awaitingSince ? [step('awaiting', order.awaitingSince)] : []),
    ...(order.paidAt ? [step('paid', order.paidAt)] : []),
  ];
  const all = [...derived, ...events].map((entry, index) => ({ entry, index }));
  all.sort(
    (a, b) =>
      Date.parse(a.entry.at) - Date.parse(b.entry.at) ||
      (RANK[a.entry.kind] ?? 3) - (RANK[b.entry.kind] ?? 3) ||
      a.index - b.index,
  );
  return all.map(({ entry }) => entry);
}

/** The shipment the customer follows: the latest shipped step, or null before the order shipped. */
export function latestShipment(timeline: TimelineEntry[]): TimelineEntry | null {
  return timeline.findLast((entry) => entry.kind === 'shipped') ?? null;
}

/** Only https addresses become links (the form refuses others; this guards rows written any other way). */
export function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
