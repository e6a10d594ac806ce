/**
 * Saving the store settings from the admin page: the single row is updated and the change audit-logged in
 * one transaction, then the in-memory copy is dropped so the next page (header, footer, home, cart, checkout)
 * reads the new values. Reading goes through settings.server.ts like every other page.
 */
import { eq } from 'drizzle-orm';
import { storeSettings } from '~/db/schema';
import { DEFAULT_DELIVERY_FEE_KOBO } from '~/lib/catalog/catalog-constants';
import type { StoreSettings } from '~/lib/store/settings';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { generalSettingsColumns, invalidateSettings } from './settings.server';

export async function saveSettings(actor: AuditActor, input: StoreSettings): Promise<void> {
  try {
    await db().transaction(async (tx) => {
      const [current] = await tx
        .select(generalSettingsColumns)
        .from(storeSettings)
        .where(eq(storeSettings.id, 1))
        .for('update');
      const values = { ...input, updatedAt: new Date() };
      // Only the general columns: the delivery options of the same row are saved from /admin/delivery.
      if (current) await tx.update(storeSettings).set(values).where(eq(storeSettings.id, 1));
      else await tx.insert(storeSettings).values({ id: 1, deliveryFee: DEFAULT_DELIVERY_FEE_KOBO, ...values });
      const before = current ?? null;
      await recordAudit(tx, actor, {
        action: 'settings.update',
        entityType: 'store_settings',
        entityId: '1',
        before,
        after: input,
      });
    });
  } finally {
    // Also after a failure: whatever the database holds now is what the store should show, including the
    // anonymous pages the server keeps (decision 0007): the header, footer and home show these settings.
    invalidateSettings();
    contentChanged();
  }
}
