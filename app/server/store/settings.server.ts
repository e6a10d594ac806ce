/**
 * Store settings, read from the single store_settings row and kept in memory: every page needs them
 * and they change only when an admin saves. `invalidateSettings()` is called after such a save, in every process.
 */
import { eq } from 'drizzle-orm';
import { storeSettings } from '~/db/schema';
import type { StoredImage } from '~/lib/images';
import type { StoreSettings } from '~/lib/store/settings';
import { db } from '../db.server';
import { announceChange, registerCache } from '../http/shared-invalidation.server';

/** The settings as stored: the form's fields and the logo, uploaded on its own (store-identity.server.ts). */
export type SavedSettings = StoreSettings & { logo: StoredImage | null };

let cached: Promise<SavedSettings> | undefined;
/** Caches of other parts of the store_settings row (the delivery options), dropped with this one. */
const dependents: (() => void)[] = [];

export function getSettings(): Promise<SavedSettings> {
  cached ??= load().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

registerCache('settings', () => {
  cached = undefined;
  for (const drop of dependents) drop();
});

/**
 * A cache of something saved as settings (delivery zones and options, delivery-config.server.ts) is dropped whenever
 * the settings are, in this process and every other: one notice, one name (shared-invalidation.server.ts).
 */
export function dropWithSettings(drop: () => void): void {
  dependents.push(drop);
}

/** The columns of the general settings: the delivery columns of the same row belong to delivery-config.server.ts. */
export const generalSettingsColumns = {
  storeName: storeSettings.storeName,
  supportEmail: storeSettings.supportEmail,
  supportPhone: storeSettings.supportPhone,
  whatsappNumber: storeSettings.whatsappNumber,
  businessHours: storeSettings.businessHours,
  heroSlides: storeSettings.heroSlides,
  bannerText: storeSettings.bannerText,
  maxUnitsPerProduct: storeSettings.maxUnitsPerProduct,
  transferWindowMinutes: storeSettings.transferWindowMinutes,
  unpaidReminderEnabled: storeSettings.unpaidReminderEnabled,
  unpaidReminderMinutes: storeSettings.unpaidReminderMinutes,
  abandonedCartEnabled: storeSettings.abandonedCartEnabled,
  abandonedCartHours: storeSettings.abandonedCartHours,
  backInStockEnabled: storeSettings.backInStockEnabled,
  backInStockMinutes: storeSettings.backInStockMinutes,
} as const;

/** After a save: every store process reads the settings again (shared-invalidation.server.ts). */
export function invalidateSettings() {
  announceChange('settings');
}

async function load(): Promise<SavedSettings> {
  const [row] = await db()
    .select({ ...generalSettingsColumns, logo: storeSettings.logo })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  if (!row) throw new Error('store_settings has no row: run the seed (npm run db:seed).');
  return row;
}
