/**
 * The launch checklist's backup item (docs/decisions/0042-launch-checklist.md): `npm run db:backup`
 * (scripts/db-backup.ts) marks the time of the last backup it wrote in store_settings.last_backup_at.
 */
import { eq } from 'drizzle-orm';
import { storeSettings } from '~/db/schema';
import { db } from '../db.server';

export async function markBackupMade(at: Date = new Date()): Promise<void> {
  await db().update(storeSettings).set({ lastBackupAt: at }).where(eq(storeSettings.id, 1));
}
