/**
 * "Mark zones as reviewed" on /admin/delivery: the launch checklist's delivery item
 * (docs/decisions/0042-launch-checklist.md) is done once an admin has looked over the zones and options and said so.
 * The time is kept in store_settings.delivery_reviewed_at, a delivery column of the settings row, audit-logged.
 */
import { eq } from 'drizzle-orm';
import { storeSettings } from '~/db/schema';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { db } from '../db.server';

export async function markZonesReviewed(actor: AuditActor, at: Date = new Date()): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.update(storeSettings).set({ deliveryReviewedAt: at }).where(eq(storeSettings.id, 1));
    await recordAudit(tx, actor, {
      action: 'delivery.reviewed',
      entityType: 'store_settings',
      entityId: '1',
      after: { deliveryReviewedAt: at.toISOString() },
    });
  });
}

/** When an admin last marked the zones as reviewed, or null. */
export async function zonesReviewedAt(): Promise<Date | null> {
  const [row] = await db()
    .select({ at: storeSettings.deliveryReviewedAt })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  return row?.at ?? null;
}
