/**
 * Store settings, read from the single store_settings row and kept in memory: every page needs them
 * and they change only when an admin saves. `invalidateSettings()` is called after such a save, in every process.
 */
import { eq } from 'drizzle-orm';
import { storeSettings } from '~/db/schema';
import type { StoreSettings } from '~/lib/settings';
import { db } from './db.server';
import { announceChange, registerCache } from './http/shared-invalidation.server';

let cached: Promise<StoreSettings> | undefined;

export function getSettings(): Promise<StoreSettings> {
  cached ??= load().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

registerCache('settings', () => {
  cached = undefined;
});

/** After a save: every store process reads the settings again (shared-invalidation.server.ts). */
export function invalidateSettings() {
  announceChange('settings');
}

async function load(): Promise<StoreSettings> {
  const [row] = await db().select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (!row) throw new Error('store_settings has no row: run the seed (npm run db:seed).');
  const { id: _id, updatedAt: _updatedAt, ...settings } = row;
  return settings;
}
