/**
 * Saving the delivery options from /admin/delivery (decision 0022): the fee and days where no zone matches, free
 * delivery over an amount, pickup, and pay on delivery's cap and first-order rule (decision 0037). They are columns
 * of the store settings row; the change and its audit entry (deliveryOptions.update, before and after) are one
 * transaction, then every process reads them again.
 */
import { eq } from 'drizzle-orm';
import { storeSettings } from '~/db/schema';
import type { DeliveryOptions } from '~/lib/delivery/delivery';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { db } from '../db.server';
import { deliveryChanged, deliveryOptionColumns } from './delivery-config.server';

/** The options as their columns hold them: the audit's before and after compare these. */
const columnsOf = (options: DeliveryOptions) => ({
  defaultFee: options.defaultFee,
  defaultMinDays: options.defaultDays.minDays,
  defaultMaxDays: options.defaultDays.maxDays,
  freeDeliveryOver: options.freeDeliveryOver,
  pickupEnabled: options.pickup.enabled,
  pickupAddress: options.pickup.address,
  pickupHours: options.pickup.hours,
  pickupFee: options.pickup.fee,
  pickupMinDays: options.pickup.minDays,
  pickupMaxDays: options.pickup.maxDays,
  podMaxTotal: options.payOnDelivery.maxTotal,
  podNotFirstOrder: options.payOnDelivery.notFirstOrder,
});

export async function saveDeliveryOptions(actor: AuditActor, options: DeliveryOptions): Promise<void> {
  const after = columnsOf(options);
  try {
    await db().transaction(async (tx) => {
      const [before] = await tx
        .select(deliveryOptionColumns)
        .from(storeSettings)
        .where(eq(storeSettings.id, 1))
        .for('update');
      if (!before) throw new Error('store_settings has no row: run the migrations (npm run db:migrate).');
      await tx
        .update(storeSettings)
        .set({
          deliveryFee: after.defaultFee,
          deliveryDaysMin: after.defaultMinDays,
          deliveryDaysMax: after.defaultMaxDays,
          freeDeliveryOver: after.freeDeliveryOver,
          pickupEnabled: after.pickupEnabled,
          pickupAddress: after.pickupAddress,
          pickupHours: after.pickupHours,
          pickupFee: after.pickupFee,
          pickupDaysMin: after.pickupMinDays,
          pickupDaysMax: after.pickupMaxDays,
          podMaxTotal: after.podMaxTotal,
          podNotFirstOrder: after.podNotFirstOrder,
          updatedAt: new Date(),
        })
        .where(eq(storeSettings.id, 1));
      await recordAudit(tx, actor, {
        action: 'deliveryOptions.update',
        entityType: 'store_settings',
        entityId: '1',
        before,
        after,
      });
    });
  } finally {
    // Also after a failure: whatever the database holds now is what checkout and the stored pages should use.
    deliveryChanged();
  }
}
