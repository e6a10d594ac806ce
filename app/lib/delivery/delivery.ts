/**
 * Delivery that fits Nigeria (decision 0022): the zones an admin defines, matching an address to one, the
 * quote for delivery or pickup, and the words the pages show. Shared by the server (the authority: checkout, orders,
 * mails, the admin) and the pages (the checkout's summary as the shopper types, the product page's Delivery panel),
 * so it stays pure and free of Zod: the product, cart and checkout bundles load it.
 */
import { DELIVERY_WORKING_DAYS } from './delivery-estimate';
import { formatFee, formatNaira } from '../money';
import { isNigerianState } from '../nigeria';

export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const isDeliveryMethod = (value: unknown): value is DeliveryMethod =>
  typeof value === 'string' && (DELIVERY_METHODS as readonly string[]).includes(value);

/** Working days promised, counted from the next working day. */
export type PromisedDays = { minDays: number; maxDays: number };

export type DeliveryZone = PromisedDays & {
  id: string;
  name: string;
  /** Names from NIGERIAN_STATES. */
  states: string[];
  /** Towns or areas within those states, as the admin wrote them; none = the whole of each state. */
  towns: string[];
  /** Kobo. */
  fee: number;
  /** Pay on delivery (cash, POS or transfer at the door) is offered here (decision 0037). */
  payOnDelivery: boolean;
};

export type PickupOptions = PromisedDays & { enabled: boolean; address: string; hours: string; fee: number };

/** The store settings about delivery (store_settings, edited on /admin/delivery). */
export type DeliveryOptions = {
  /** Where no zone matches: the brief's flat ₦2,600 and 'Standard 5-6 Working Days'. */
  defaultFee: number;
  defaultDays: PromisedDays;
  /** Kobo: delivery and pickup cost nothing once the subtotal reaches it; null = off. */
  freeDeliveryOver: number | null;
  pickup: PickupOptions;
  /**
   * Pay on delivery in the zones that allow it (decision 0037): up to `maxTotal` (kobo), and never on a customer's
   * first order when `notFirstOrder`.
   */
  payOnDelivery: { maxTotal: number; notFirstOrder: boolean };
};

/** Everything a quote needs. Zones in the order they were made: the tie-break when two could match alike. */
export type DeliveryConfig = { zones: DeliveryZone[]; options: DeliveryOptions };

/** What the shopper chose at checkout. `city` is the address's Town. */
export type DeliveryChoice = { method: DeliveryMethod; state: string; city: string };

/** What delivery to one address (or a pickup) costs and promises; `zone` null = the default fee (or pickup). */
export type DeliveryQuote = PromisedDays & {
  method: DeliveryMethod;
  zone: string | null;
  /** Kobo, before the free-delivery threshold (order-totals.ts applies it). */
  fee: number;
  pickup: { address: string; hours: string } | null;
};

/** A quote, or why there is none: no known state yet, or pickup chosen while the store does not offer it. */
export type QuoteResult = { kind: 'quote'; quote: DeliveryQuote } | { kind: 'no-state' } | { kind: 'no-pickup' };

/** The one spelling matches compare: case, spaces, punctuation and accents ignored ("V.I." is "vi"). */
export function townKey(town: string): string {
  return town
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The zone for an address: among the zones covering the state, one naming the town wins over one covering the whole
 * state (the admin's "Lagos Island & Lekki" beats "Lagos Mainland"); null when none covers the state. The admin
 * screen refuses overlapping zones, so the first-made tie-break only decides between zones saved at the same moment.
 */
export function matchZone(zones: readonly DeliveryZone[], state: string, city: string): DeliveryZone | null {
  const inState = zones.filter((zone) => zone.states.includes(state));
  const key = townKey(city);
  const byTown = key ? inState.find((zone) => zone.towns.some((town) => townKey(town) === key)) : undefined;
  return byTown ?? inState.find((zone) => zone.towns.length === 0) ?? null;
}

export function quoteDelivery(config: DeliveryConfig, choice: DeliveryChoice): QuoteResult {
  const { options } = config;
  if (choice.method === 'pickup') {
    const { pickup } = options;
    if (!pickup.enabled) return { kind: 'no-pickup' };
    return {
      kind: 'quote',
      quote: {
        method: 'pickup',
        zone: null,
        fee: pickup.fee,
        minDays: pickup.minDays,
        maxDays: pickup.maxDays,
        pickup: { address: pickup.address, hours: pickup.hours },
      },
    };
  }
  if (!isNigerianState(choice.state)) return { kind: 'no-state' };
  const zone = matchZone(config.zones, choice.state, choice.city);
  const quote: DeliveryQuote = zone
    ? { method: 'delivery', zone: zone.name, fee: zone.fee, minDays: zone.minDays, maxDays: zone.maxDays, pickup: null }
    : { method: 'delivery', zone: null, fee: options.defaultFee, ...options.defaultDays, pickup: null };
  return { kind: 'quote', quote };
}

/** "1 working day", "1–2 working days". */
export function formatWorkingDays({ minDays, maxDays }: PromisedDays): string {
  if (minDays === maxDays) return `${minDays} working day${minDays === 1 ? '' : 's'}`;
  return `${minDays}–${maxDays} working days`;
}

/** The default's name on the pages once zones exist; with none, the brief's own words say it. */
export const REST_OF_NIGERIA = 'Rest of Nigeria';

/** The brief's 'Standard 5-6 Working Days' (docs/requirements.md#4-what-each-page-shows), from the default's days. */
export const standardDeliveryLabel = ({ minDays, maxDays }: PromisedDays) =>
  minDays === maxDays ? `Standard ${minDays} Working Days` : `Standard ${minDays}-${maxDays} Working Days`;

/** "Lagos Mainland: 1–2 working days", "Standard delivery: 5–6 working days", "Pickup: ready in 1 working day". */
export function describeQuote(quote: PromisedDays & { method: DeliveryMethod; zone: string | null }): string {
  if (quote.method === 'pickup') return `Pickup: ready in ${formatWorkingDays(quote)}`;
  return `${quote.zone ?? 'Standard delivery'}: ${formatWorkingDays(quote)}`;
}

export const DELIVERY_MESSAGES = {
  chooseState: 'Choose your state to see the delivery fee.',
  pickupUnavailable: 'Pickup is not offered at the moment. Please choose delivery to your address.',
  noFeeShown: 'Choose your state to see the delivery fee, then press Pay.',
} as const;

/**
 * Pay refused because the page did not show the fee the server now charges (docs/requirements.md#14-messages): none
 * was shown (the state was picked without JavaScript and Pay pressed straight away), or the zones changed meanwhile.
 * The page comes back with the new fee and total; pressing Pay again confirms them.
 */
export function deliveryFeeChangedMessage({
  shown,
  fee,
  total,
  method,
  place,
}: {
  shown: number | null;
  fee: number;
  total: number;
  method: DeliveryMethod;
  place: string;
}): string {
  const what = method === 'pickup' ? 'Pickup' : `Delivery to ${place}`;
  const now = fee === 0 ? 'is free' : `costs ${formatNaira(fee)}`;
  const first =
    shown === null
      ? `${what} ${now}.`
      : `${what} ${now} now, not ${shown === 0 ? 'free' : formatNaira(shown)} as shown before.`;
  return `${first} Please check your total of ${formatNaira(total)} and press Pay again.`;
}

/** The product page's Delivery panel and the FAQ: the same for every shopper (decision 0021). */
export type DeliveryOverview = {
  /** The brief's single line while the store has no zones ('Standard 5-6 Working Days'). */
  standard: string | null;
  /** Each zone, then the rest of Nigeria; `arrival` when the caller gave a day to count from. */
  rates: { name: string; days: string; fee: string; arrival?: string }[];
  freeOver: string | null;
  pickup: { address: string; hours: string; days: string; fee: string } | null;
};

/** `arrival` words the dates a promise arrives between, counted from today (lib/delivery/delivery-estimate.ts). */
export function deliveryOverview(
  { zones, options }: DeliveryConfig,
  arrival?: (days: PromisedDays) => string,
): DeliveryOverview {
  const rate = (name: string, days: PromisedDays, fee: number) => ({
    name,
    days: formatWorkingDays(days),
    fee: formatFee(fee),
    ...(arrival ? { arrival: arrival(days) } : {}),
  });
  const { pickup } = options;
  return {
    standard: zones.length ? null : standardDeliveryLabel(options.defaultDays),
    rates: [
      ...zones.map((zone) => rate(zone.name, zone, zone.fee)),
      rate(zones.length ? REST_OF_NIGERIA : 'Anywhere in Nigeria', options.defaultDays, options.defaultFee),
    ],
    freeOver: options.freeDeliveryOver === null ? null : formatNaira(options.freeDeliveryOver),
    pickup: pickup.enabled
      ? { address: pickup.address, hours: pickup.hours, days: formatWorkingDays(pickup), fee: formatFee(pickup.fee) }
      : null,
  };
}

/**
 * The fee the cart can name before any address is known: the one every address and pickup would pay (a store with no
 * zones, or zones all at one fee), else null ("calculated at checkout").
 */
export function uniformFee({ zones, options }: DeliveryConfig): number | null {
  const fees = new Set([options.defaultFee, ...zones.map((zone) => zone.fee)]);
  if (options.pickup.enabled) fees.add(options.pickup.fee);
  return fees.size === 1 ? [...fees][0] : null;
}

/** The choice in a form's values (the page's fields, or what the server sent back): delivery unless pickup is named. */
export function deliveryChoiceOf(values: { delivery?: unknown; state?: unknown; city?: unknown }): DeliveryChoice {
  return {
    method: values.delivery === 'pickup' ? 'pickup' : 'delivery',
    state: typeof values.state === 'string' ? values.state : '',
    city: typeof values.city === 'string' ? values.city : '',
  };
}

/**
 * The product page's line for the signed-in shopper's saved address (routes/delivery-estimate.ts, fetched after the
 * page loads: the page itself is the same for everyone). Text, so the page shows it as the server words it.
 */
export type DeliveryEstimate = { place: string; zone: string; days: string; fee: string; arrival: string };

/** The brief's promise, for orders placed before zones existed (they carry no days). */
const BRIEF_DAYS: PromisedDays = { minDays: DELIVERY_WORKING_DAYS.min, maxDays: DELIVERY_WORKING_DAYS.max };

/**
 * An order's delivery as its pages and mails say it: "Lagos Island & Lekki–Ajah: 1–2 working days", "Standard
 * delivery: 5–6 working days", or "Pickup: ready in 1 working day". From the order's own snapshot, never today's
 * zones.
 */
export function describeOrderDelivery(delivery: {
  method: DeliveryMethod;
  zone: string | null;
  minDays: number | null;
  maxDays: number | null;
}): string {
  const days =
    delivery.minDays !== null && delivery.maxDays !== null
      ? { minDays: delivery.minDays, maxDays: delivery.maxDays }
      : BRIEF_DAYS;
  return describeQuote({ method: delivery.method, zone: delivery.zone, ...days });
}

/** "What happens next" after paying (the order-success page, the confirmation mail), from the order's snapshot. */
export function nextSteps(delivery: {
  method: DeliveryMethod;
  zone: string | null;
  minDays: number | null;
  maxDays: number | null;
  pickupAddress: string | null;
}): string {
  const promise = describeOrderDelivery(delivery);
  if (delivery.method === 'pickup') {
    const where = delivery.pickupAddress ? ` at ${delivery.pickupAddress}` : '';
    return `What happens next: we prepare your order for pickup${where} and tell you when it is ready (${promise}).`;
  }
  return (
    'What happens next: we prepare your order and dispatch it from Lagos on the next working day ' + `(${promise}).`
  );
}
