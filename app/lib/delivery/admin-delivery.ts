/**
 * The admin's Delivery page (/admin/delivery, decision 0022): the zones (an admin CRUD screen) and the delivery options
 * (the fee and days where no zone matches, free delivery over an amount, pickup, pay on delivery's limits, decision
 * 0037). One Zod schema per form (decision 0019): naira and days typed, kobo and whole numbers stored. Which zones
 * may stand side by side is decided here too (zoneOverlap), so the page and the server say the same.
 */
import { z } from 'zod';
import { ADDRESS_LIMITS } from '../accounts/address';
import type { CrudScreen } from '../admin/admin-crud';
import { checkbox } from '../admin/admin-form';
import { townKey, type DeliveryOptions, type DeliveryZone, type PickupOptions } from './delivery';
import { formatNaira, nairaToKobo } from '../money';
import { NIGERIAN_STATES } from '../nigeria';

export const ZONE_SCREEN: CrudScreen = {
  path: '/admin/delivery',
  entity: 'deliveryZone',
  one: 'delivery zone',
  many: 'delivery zones',
  messages: {
    saveError: 'Error saving the delivery zone. Please try again.',
    deleteError: 'Error deleting the delivery zone. Please try again.',
    confirmDelete: 'Are you sure you want to delete this delivery zone?',
    saved: 'Delivery zone saved. Checkout uses it from now on.',
    deleted: 'Delivery zone deleted. Its addresses pay the fee of another zone or the default from now on.',
  },
};

export const DELIVERY_LIMITS = {
  zoneName: 60,
  /** Towns of one zone, one per line. */
  towns: 100,
  /** A town as the admin writes it: as long as a shopper's Town may be. */
  town: ADDRESS_LIMITS.city,
  days: 60,
  /** ₦1,000,000: a fee above is surely a typo (kobo typed as naira). */
  feeKobo: 100_000_000,
  /** ₦10,000,000 for the free-delivery threshold (the column is a 32-bit integer of kobo). */
  thresholdKobo: 1_000_000_000,
  pickupAddress: 200,
  pickupHours: 120,
  /** ₦10,000,000: pay on delivery's cap (the column is a 32-bit integer of kobo). */
  podMaxTotalKobo: 1_000_000_000,
} as const;

export const DELIVERY_OPTIONS_MESSAGES = {
  saved: 'Delivery options saved. Checkout uses them from now on.',
  invalid: 'Please correct the fields marked below.',
  failed: 'Error saving the delivery options. Please try again.',
} as const;

const DAYS_ERROR = `Please enter a whole number of working days from 1 to ${DELIVERY_LIMITS.days}.`;
const DAYS_ORDER_ERROR = 'The longest time cannot be shorter than the shortest.';

/** Naira as typed ("2,600", "2600.50") to kobo, at most `max`; `required: false` lets a blank box mean "off". */
const naira = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label} in naira, e.g. 2600 (0 for free).` })
    .trim()
    .transform((text, ctx) => {
      const kobo = nairaToKobo(text);
      if (kobo === null)
        ctx.addIssue({ code: 'custom', message: `Please enter ${label} in naira, e.g. 2600 (0 for free).` });
      else if (kobo > max)
        ctx.addIssue({ code: 'custom', message: `${capital(label)} can be at most ${formatNaira(max)}.` });
      return kobo ?? 0;
    });

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const days = z
  .string({ error: DAYS_ERROR })
  .trim()
  .regex(/^\d{1,2}$/, DAYS_ERROR)
  .transform(Number)
  .pipe(z.number().int().min(1, DAYS_ERROR).max(DELIVERY_LIMITS.days, DAYS_ERROR));

/** The towns box: one town or area per line; blank lines and repeats (by townKey) dropped. */
const townLines = z
  .string()
  .default('')
  .transform((text) => {
    const seen = new Set<string>();
    const towns: string[] = [];
    for (const line of text.split(/\r?\n/)) {
      const town = line.trim().replace(/\s+/g, ' ');
      const key = townKey(town);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      towns.push(town);
    }
    return towns;
  })
  .refine((towns) => towns.length <= DELIVERY_LIMITS.towns, `At most ${DELIVERY_LIMITS.towns} towns per zone.`)
  .refine(
    (towns) => towns.every((town) => town.length <= DELIVERY_LIMITS.town),
    `Please keep each town under ${DELIVERY_LIMITS.town} characters (a shopper's Town can be no longer).`,
  );

/** What the zone form holds: text as typed. */
export type ZoneFormValues = {
  name: string;
  states: string[];
  towns: string;
  fee: string;
  minDays: string;
  maxDays: string;
  payOnDelivery: boolean;
};

export const blankZoneValues = (): ZoneFormValues => ({
  name: '',
  states: [],
  towns: '',
  fee: '',
  minDays: '',
  maxDays: '',
  payOnDelivery: false,
});

/** `2600` for ₦2,600, `10.50` for 1050 kobo: what a naira box shows. */
export const koboToNairaInput = (kobo: number) => (kobo % 100 === 0 ? String(kobo / 100) : (kobo / 100).toFixed(2));

export const zoneToForm = (zone: DeliveryZone): ZoneFormValues => ({
  name: zone.name,
  states: [...zone.states],
  towns: zone.towns.join('\n'),
  fee: koboToNairaInput(zone.fee),
  minDays: String(zone.minDays),
  maxDays: String(zone.maxDays),
  payOnDelivery: zone.payOnDelivery,
});

export const zoneSchema = z
  .object({
    name: z
      .string({ error: 'Please enter a name for the zone.' })
      .trim()
      .min(1, 'Please enter a name for the zone.')
      .max(DELIVERY_LIMITS.zoneName, `Please keep the name under ${DELIVERY_LIMITS.zoneName} characters.`),
    states: z
      .array(z.string())
      .default([])
      .refine(
        (states) => states.every((state) => (NIGERIAN_STATES as readonly string[]).includes(state)),
        'Please choose states from the list.',
      )
      .transform((states) => NIGERIAN_STATES.filter((state) => states.includes(state)) as string[])
      .refine((states) => states.length > 0, 'Please choose at least one state.'),
    towns: townLines,
    fee: naira('the fee', DELIVERY_LIMITS.feeKobo),
    minDays: days,
    maxDays: days,
    // Pay on delivery offered for the zone's addresses (decision 0037).
    payOnDelivery: checkbox(),
  })
  .refine(({ minDays, maxDays }) => minDays <= maxDays, { path: ['maxDays'], message: DAYS_ORDER_ERROR });

export type ZoneInput = z.output<typeof zoneSchema>;

/**
 * Why `zone` cannot stand beside `others`, or null: two zones covering a whole state each, or naming the same town in
 * a state both cover, would leave an address two fees. A zone naming towns beside one covering the whole state is the
 * point of towns ("Lagos Island & Lekki" within "Lagos Mainland").
 */
export function zoneOverlap(
  zone: Pick<DeliveryZone, 'states' | 'towns'>,
  others: readonly Pick<DeliveryZone, 'name' | 'states' | 'towns'>[],
): string | null {
  for (const other of others) {
    const shared = zone.states.filter((state) => other.states.includes(state));
    if (!shared.length) continue;
    if (!zone.towns.length && !other.towns.length) {
      const covered = `${shared[0]} is already covered by the zone “${other.name}”.`;
      return `${covered} Take it out of that zone first, or name towns here.`;
    }
    if (zone.towns.length && other.towns.length) {
      const theirs = new Set(other.towns.map(townKey));
      const town = zone.towns.find((name) => theirs.has(townKey(name)));
      if (town) return `${town} (${shared[0]}) is already in the zone “${other.name}”.`;
    }
  }
  return null;
}

/** What the delivery options form holds: text as typed (fees in naira; a blank threshold is off). */
export type DeliveryOptionsFormValues = {
  defaultFee: string;
  defaultMinDays: string;
  defaultMaxDays: string;
  freeDeliveryOver: string;
  pickupEnabled: boolean;
  pickupAddress: string;
  pickupHours: string;
  pickupFee: string;
  pickupMinDays: string;
  pickupMaxDays: string;
  podMaxTotal: string;
  podNotFirstOrder: boolean;
};

export function optionsToForm(options: DeliveryOptions): DeliveryOptionsFormValues {
  const { pickup } = options;
  return {
    defaultFee: koboToNairaInput(options.defaultFee),
    defaultMinDays: String(options.defaultDays.minDays),
    defaultMaxDays: String(options.defaultDays.maxDays),
    freeDeliveryOver: options.freeDeliveryOver === null ? '' : koboToNairaInput(options.freeDeliveryOver),
    pickupEnabled: pickup.enabled,
    pickupAddress: pickup.address,
    pickupHours: pickup.hours,
    pickupFee: koboToNairaInput(pickup.fee),
    pickupMinDays: String(pickup.minDays),
    pickupMaxDays: String(pickup.maxDays),
    podMaxTotal: koboToNairaInput(options.payOnDelivery.maxTotal),
    podNotFirstOrder: options.payOnDelivery.notFirstOrder,
  };
}

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `Please keep ${label} under ${max} characters.`).default('');

export const deliveryOptionsSchema = z
  .object({
    defaultFee: naira('the delivery fee', DELIVERY_LIMITS.feeKobo),
    defaultMinDays: days,
    defaultMaxDays: days,
    // Blank (Conform posts it as nothing) is off; 0 is refused: "free over ₦0" is a default fee of 0.
    freeDeliveryOver: naira('the free-delivery amount', DELIVERY_LIMITS.thresholdKobo)
      .refine((kobo) => kobo > 0, 'Please enter an amount above ₦0, or leave it blank for no free delivery.')
      .optional()
      .transform((kobo) => kobo ?? null),
    pickupEnabled: checkbox(),
    pickupAddress: optionalText('the pickup address', DELIVERY_LIMITS.pickupAddress),
    pickupHours: optionalText('the opening hours', DELIVERY_LIMITS.pickupHours),
    pickupFee: naira('the pickup fee', DELIVERY_LIMITS.feeKobo),
    pickupMinDays: days,
    pickupMaxDays: days,
    podMaxTotal: naira('the pay-on-delivery limit', DELIVERY_LIMITS.podMaxTotalKobo).refine(
      (kobo) => kobo > 0,
      'Please enter an amount above ₦0; to stop offering pay on delivery, untick it on each zone.',
    ),
    podNotFirstOrder: checkbox(),
  })
  .refine((value) => value.defaultMinDays <= value.defaultMaxDays, {
    path: ['defaultMaxDays'],
    message: DAYS_ORDER_ERROR,
  })
  .refine((value) => value.pickupMinDays <= value.pickupMaxDays, { path: ['pickupMaxDays'], message: DAYS_ORDER_ERROR })
  .refine((value) => !value.pickupEnabled || value.pickupAddress !== '', {
    path: ['pickupAddress'],
    message: 'Please enter the address shoppers collect their orders from.',
  })
  .transform((value): DeliveryOptions => ({
    defaultFee: value.defaultFee,
    defaultDays: { minDays: value.defaultMinDays, maxDays: value.defaultMaxDays },
    freeDeliveryOver: value.freeDeliveryOver,
    pickup: {
      enabled: value.pickupEnabled,
      address: value.pickupAddress,
      hours: value.pickupHours,
      fee: value.pickupFee,
      minDays: value.pickupMinDays,
      maxDays: value.pickupMaxDays,
    } satisfies PickupOptions,
    payOnDelivery: { maxTotal: value.podMaxTotal, notFirstOrder: value.podNotFirstOrder },
  }));
