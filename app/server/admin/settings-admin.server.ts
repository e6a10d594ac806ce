/**
 * Saving the store settings from the admin page: the single row is updated and the change audit-logged in
 * one transaction, then the in-memory copy is dropped so the next page (header, footer, home, cart, checkout)
 * reads the new values. Reading goes through settings.server.ts like every other page.
 */
import { eq } from 'drizzle-orm';
import { storeSettings } from '~/db/schema';
import type { StoreSettings } from '~/lib/settings';
import { recordAudit, type AuditActor } from '../audit.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { invalidateSettings } from '../settings.server';

export async function saveSettings(actor: AuditActor, input: StoreSettings): Promise<void> {
  try {
    await db().transaction(async (tx) => {
      const [current] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1)).for('update');
      const values = { ...input, updatedAt: new Date() };
      if (current) await tx.update(storeSettings).set(values).where(eq(storeSettings.id, 1));
      else await tx.insert(storeSettings).values({ id: 1, ...values });
      const before = current ? settingsOf(current) : null;
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

/** The row's settings, without the row's own id and time: what the audit's before and after compare. */
function settingsOf({ id: _id, updatedAt: _updatedAt, ...settings }: typeof storeSettings.$inferSelect): StoreSettings {
  return settings;
}
