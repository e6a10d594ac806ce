/**
 * The demo store's delivery (decision 0022): Lagos Mainland, Lagos Island with Lekki–Ajah (by town), Abuja, and the
 * rest of Nigeria at the store's default fee (the brief's ₦2,600, 5-6 working days, kept as the migration left it);
 * pickup at the brand's studio; pay on delivery in Lagos Mainland (decision 0037). Seeded with the catalog, and only
 * into a store with no zones yet: a re-seed never overwrites what an admin set. Free delivery stays off, as it is by
 * default.
 */
import { count, eq } from 'drizzle-orm';
import { deliveryZones, storeSettings } from '~/db/schema';
import type { Database } from '~/server/db.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** In the order the store breaks ties by (created first): the town zone before the state-wide one is not needed. */
export const DEMO_ZONES = [
  // Pay on delivery (cash, POS or transfer at the door) is offered here, up to the store's limit (decision 0037).
  { name: 'Lagos Mainland', states: ['Lagos'], towns: [], fee: 1_500_00, minDays: 1, maxDays: 2, payOnDelivery: true },
  {
    name: 'Lagos Island & Lekki–Ajah',
    states: ['Lagos'],
    towns: [
      'Lagos Island',
      'Victoria Island',
      'VI',
      'Ikoyi',
      'Obalende',
      'Eko Atlantic',
      'Oniru',
      'Lekki',
      'Lekki Phase 1',
      'Lekki Phase 2',
      'Ikate',
      'Osapa London',
      'Agungi',
      'Chevron',
      'Jakande',
      'Ajah',
      'Abraham Adesanya',
      'Sangotedo',
    ],
    fee: 2_500_00,
    minDays: 1,
    maxDays: 2,
    payOnDelivery: false,
  },
  {
    name: 'Abuja (FCT)',
    states: ['Federal Capital Territory'],
    towns: [],
    fee: 3_000_00,
    minDays: 2,
    maxDays: 3,
    payOnDelivery: false,
  },
] as const;

export const DEMO_PICKUP = {
  pickupEnabled: true,
  pickupAddress: 'Studio 4, 12 Admiralty Way, Lekki Phase 1, Lagos',
  pickupHours: 'Mon - Fri 10AM - 6PM, Sat 11AM - 4PM',
  pickupFee: 0,
  pickupDaysMin: 1,
  pickupDaysMax: 1,
};

/** True when it seeded: the store had no zones. */
export async function seedDeliveryIfEmpty(tx: Tx): Promise<boolean> {
  const [{ zones }] = await tx.select({ zones: count() }).from(deliveryZones);
  if (zones > 0) return false;
  const now = Date.now();
  // One millisecond apart, so the tie-break order (created first) is the list's.
  await tx.insert(deliveryZones).values(
    DEMO_ZONES.map((zone, i) => ({
      ...zone,
      states: [...zone.states],
      towns: [...zone.towns],
      createdAt: new Date(now + i),
    })),
  );
  await tx.update(storeSettings).set(DEMO_PICKUP).where(eq(storeSettings.id, 1));
  return true;
}
