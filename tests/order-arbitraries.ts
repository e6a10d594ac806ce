/**
 * Random carts, zones, delivery options and promo codes (fast-check) for the property tests of an order's money:
 * app/lib/orders/order-totals.test.ts (totals, zones, free delivery, pickup) and app/lib/promo/promo-properties.test.ts
 * (codes on top).
 */
import fc from 'fast-check';
import type { DeliveryConfig, DeliveryZone } from '~/lib/delivery/delivery';
import { NIGERIAN_STATES } from '~/lib/nigeria';
import type { PricedItem } from '~/lib/orders/order-totals';
import type { PromoLine, PromoRules, PromoUsage } from '~/lib/promo/promo';

export const kobo = (max: number) => fc.integer({ min: 0, max });
export const item: fc.Arbitrary<PricedItem> = fc.record({
  unitPrice: kobo(20_000_000_00),
  quantity: fc.integer({ min: 1, max: 99 }),
});
export const items = fc.array(item, { maxLength: 25 });
export const fee = kobo(1_000_000_00);
export const threshold = fc.option(fc.integer({ min: 1, max: 100_000_000_0 }), { nil: null });
export const discount = fc.record(
  { goods: kobo(2_000_000_000_00), delivery: kobo(2_000_000_00) },
  { requiredKeys: [] },
);
const days = fc
  .tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }))
  .map(([a, b]) => ({ minDays: Math.min(a, b), maxDays: Math.max(a, b) }));
export const TOWNS = ['Lekki', 'Ajah', 'Victoria Island', 'Ikeja', 'Yaba', 'Wuse', 'Garki', 'Sabon Gari', 'Nassarawa'];
export const state = fc.constantFrom(...NIGERIAN_STATES);
const zone: fc.Arbitrary<DeliveryZone> = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 4 }),
    name: fc.string({ minLength: 1, maxLength: 12 }),
    states: fc.uniqueArray(state, { minLength: 1, maxLength: 4 }),
    towns: fc.uniqueArray(fc.constantFrom(...TOWNS), { maxLength: 3 }),
    fee,
    days,
    payOnDelivery: fc.boolean(),
  })
  .map(({ days: promised, ...rest }) => ({ ...rest, ...promised }));
export const config: fc.Arbitrary<DeliveryConfig> = fc.record({
  zones: fc.array(zone, { maxLength: 6 }),
  options: fc.record({
    defaultFee: fee,
    defaultDays: days,
    freeDeliveryOver: threshold,
    pickup: fc
      .record({
        enabled: fc.boolean(),
        address: fc.constant('Studio 4, Lekki'),
        hours: fc.constant('Mon - Fri'),
        fee,
        days,
      })
      .map(({ days: promised, ...rest }) => ({ ...rest, ...promised })),
    payOnDelivery: fc.record({ maxTotal: fc.integer({ min: 1, max: 1_000_000_000 }), notFirstOrder: fc.boolean() }),
  }),
});
/** A town as a shopper might type one of the zones' towns: any case, extra spaces, a stray dot. */
const typedTown = fc
  .tuple(fc.constantFrom(...TOWNS, 'Somewhere Else', ''), fc.boolean(), fc.boolean())
  .map(([town, upper, spaced]) => {
    const cased = upper ? town.toUpperCase() : town.toLowerCase();
    return spaced ? `  ${cased.replace(/ /g, '   ')}. ` : cased;
  });
export const choice = fc.record({
  method: fc.constantFrom('delivery' as const, 'pickup' as const),
  state: fc.oneof(state, fc.constantFrom('', 'Atlantis', 'lagos')),
  city: typedTown,
});

export const isWholeKobo = (value: number) => Number.isSafeInteger(value) && value >= 0;

/** The same lines in another order. */
export const shuffled = <T>(lines: fc.Arbitrary<T[]>) =>
  lines.chain((list) =>
    fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }).map((other) => [list, other]),
  );

// Promo codes (decision 0023). Few collections and categories, so limits often match some lines and often none.
export const COLLECTION_IDS = ['col-a', 'col-b', 'col-c'];
export const PROMO_CATEGORIES = ['Shirts', 'Pants', 'Accessories'];

/** A cart line as a code sees it; prices up to ₦200,000 so minimums are sometimes reached, sometimes not. */
export const promoLine: fc.Arbitrary<PromoLine> = fc.record({
  unitPrice: kobo(200_000_00),
  quantity: fc.integer({ min: 1, max: 5 }),
  collectionId: fc.constantFrom(null, ...COLLECTION_IDS),
  category: fc.constantFrom(...PROMO_CATEGORIES),
});
export const promoLines = fc.array(promoLine, { maxLength: 8 });

/** The instant codes are tried at: the boundaries are made around it. */
export const NOW = new Date('2026-12-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;
/** A start or an end: none, exactly now, or hours to either side of it. */
const instant = fc.option(
  fc.integer({ min: -48, max: 48 }).map((hours) => new Date(NOW.getTime() + hours * HOUR)),
  { nil: null },
);

const rules = (live: boolean): fc.Arbitrary<PromoRules> =>
  fc
    .record({
      id: fc.constant('promo-1'),
      code: fc.constantFrom('WELCOME10', 'LagosFree', 'naira5000'),
      kind: fc.constantFrom('percent' as const, 'fixed' as const, 'free-delivery' as const),
      percent: fc.integer({ min: 1, max: 100 }),
      amount: fc.integer({ min: 1, max: 100_000_00 }),
      minSubtotal: fc.oneof(fc.constant(0), kobo(500_000_00)),
      startsAt: live ? fc.constant(null) : instant,
      endsAt: live ? fc.constant(null) : instant,
      maxUses: live ? fc.constant(null) : fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      maxUsesPerCustomer: live ? fc.constant(null) : fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      collectionIds: fc.uniqueArray(fc.constantFrom(...COLLECTION_IDS), { maxLength: 2 }),
      // The admin's case need not be the catalog's.
      categories: fc.uniqueArray(fc.constantFrom(...PROMO_CATEGORIES, 'pants', 'ACCESSORIES'), { maxLength: 2 }),
      active: live ? fc.constant(true) : fc.boolean(),
    })
    .map(({ percent, amount, ...fields }) => ({
      ...fields,
      percentOff: fields.kind === 'percent' ? percent : null,
      amountOff: fields.kind === 'fixed' ? amount : null,
    }));

/** Any code the admin screen could save: every kind, with or without limits, minimums, dates and use counts. */
export const anyPromo = rules(false);
/**
 * A code that is on, in its dates and not used up: whether it applies then depends on the cart alone (its collection
 * and category limits and minimum), so the totals' properties see many codes applied.
 */
export const livePromo = rules(true);
/** Either, half and half. */
export const promo = fc.oneof(anyPromo, livePromo);

export const usage: fc.Arbitrary<PromoUsage> = fc.record({
  taken: fc.integer({ min: 0, max: 6 }),
  byCustomer: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
});
