/**
 * The delivery zones and options (decision 0022), read as one DeliveryConfig. Pages quote from a copy kept in memory,
 * dropped with the store settings in every process (settings.server.ts); checkout reads them afresh in its own
 * transaction before charging (readDeliveryConfig(tx)), so a fee is never charged from a stale copy.
 */
import { asc, eq } from 'drizzle-orm';
import { deliveryZones, storeSettings } from '~/db/schema';
import type { DeliveryConfig } from '~/lib/delivery/delivery';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { dropWithSettings, invalidateSettings } from '../store/settings.server';

/** A database handle or a transaction: what a read needs. */
type Runner = Pick<ReturnType<typeof db>, 'select'>;

export const deliveryOptionColumns = {
  defaultFee: storeSettings.deliveryFee,
  defaultMinDays: storeSettings.deliveryDaysMin,
  defaultMaxDays: storeSettings.deliveryDaysMax,
  freeDeliveryOver: storeSettings.freeDeliveryOver,
  pickupEnabled: storeSettings.pickupEnabled,
  pickupAddress: storeSettings.pickupAddress,
  pickupHours: storeSettings.pickupHours,
  pickupFee: storeSettings.pickupFee,
  pickupMinDays: storeSettings.pickupDaysMin,
  pickupMaxDays: storeSettings.pickupDaysMax,
  podMaxTotal: storeSettings.podMaxTotal,
  podNotFirstOrder: storeSettings.podNotFirstOrder,
} as const;

export const deliveryZoneColumns = {
  id: deliveryZones.id,
  name: deliveryZones.name,
  states: deliveryZones.states,
  towns: deliveryZones.towns,
  fee: deliveryZones.fee,
  minDays: deliveryZones.minDays,
  maxDays: deliveryZones.maxDays,
  payOnDelivery: deliveryZones.payOnDelivery,
} as const;

/** The zones and options as the database holds them now (two statements), in the zones' tie-break order. */
export async function readDeliveryConfig(runner: Runner = db()): Promise<DeliveryConfig> {
  const [row] = await runner.select(deliveryOptionColumns).from(storeSettings).where(eq(storeSettings.id, 1));
  if (!row) throw new Error('store_settings has no row: run the migrations (npm run db:migrate).');
  const zones = await runner
    .select(deliveryZoneColumns)
    .from(deliveryZones)
    .orderBy(asc(deliveryZones.createdAt), asc(deliveryZones.id));
  return {
    zones,
    options: {
      defaultFee: row.defaultFee,
      defaultDays: { minDays: row.defaultMinDays, maxDays: row.defaultMaxDays },
      freeDeliveryOver: row.freeDeliveryOver,
      pickup: {
        enabled: row.pickupEnabled,
        address: row.pickupAddress,
        hours: row.pickupHours,
        fee: row.pickupFee,
        minDays: row.pickupMinDays,
        maxDays: row.pickupMaxDays,
      },
      payOnDelivery: { maxTotal: row.podMaxTotal, notFirstOrder: row.podNotFirstOrder },
    },
  };
}

let cached: Promise<DeliveryConfig> | undefined;

/** The copy pages quote from: no statement once read (the storefront's per-page budget, README "Performance"). */
export function getDeliveryConfig(): Promise<DeliveryConfig> {
  cached ??= readDeliveryConfig().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** This process only: checkout found the copy stale (another process's change whose notice has not arrived yet). */
export function forgetDeliveryConfig(): void {
  cached = undefined;
}

dropWithSettings(forgetDeliveryConfig);

/**
 * After an admin's change to zones or options: every process reads them again, and the stored pages that show them
 * (the product page's Delivery panel, contact's FAQ, terms) go (decision 0007).
 */
export function deliveryChanged(): void {
  invalidateSettings();
  contentChanged();
}
