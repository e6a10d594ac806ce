/**
 * The admin side of delivery zones (decision 0022): the list, one zone, and the writes, each one transaction with its
 * audit entry (deliveryZone.create / .update / .delete), then every process's copy of the zones and the stored pages
 * that show them are dropped (deliveryChanged). Orders keep their own snapshot of the zone, so deleting one changes no
 * order.
 */
import { asc, eq, ne, sql } from 'drizzle-orm';
import { deliveryZones } from '~/db/schema';
import { zoneOverlap, type ZoneInput } from '~/lib/delivery/admin-delivery';
import type { DeliveryZone } from '~/lib/delivery/delivery';
import { isId } from '~/lib/ids';
import { db } from '../db.server';
import { deliveryChanged, deliveryZoneColumns } from './delivery-config.server';
import { auditedWrites, type Tx } from '../admin/crud.server';

/** Every zone, by name (a store has a handful, not thousands: no pages). */
export async function listAdminZones(): Promise<DeliveryZone[]> {
  return db().select(deliveryZoneColumns).from(deliveryZones).orderBy(asc(deliveryZones.name), asc(deliveryZones.id));
}

export async function getZone(id: string): Promise<DeliveryZone | null> {
  if (!isId(id)) return null;
  const [row] = await db().select(deliveryZoneColumns).from(deliveryZones).where(eq(deliveryZones.id, id));
  return row ?? null;
}

/** The zone's name, for the list's delete question; null when there is none. */
export async function getZoneName(id: string): Promise<string | null> {
  return (await getZone(id))?.name ?? null;
}

/** Saving a zone would leave an address two fees (zoneOverlap): nothing is saved, the admin is told which zone. */
export class ZoneOverlapError extends Error {}

/**
 * Runs in the write's transaction, after the row is written: zone saves take turns on one lock, so two admins saving
 * overlapping zones at once cannot both pass; the later one sees the earlier's committed row and is refused.
 */
async function refuseOverlap(tx: Tx, id: string, input: ZoneInput): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('delivery-zones', 0))`);
  const others = await tx
    .select({ name: deliveryZones.name, states: deliveryZones.states, towns: deliveryZones.towns })
    .from(deliveryZones)
    .where(ne(deliveryZones.id, id));
  const overlap = zoneOverlap(input, others);
  if (overlap) throw new ZoneOverlapError(overlap);
}

const writes = auditedWrites({
  table: deliveryZones,
  entity: 'deliveryZone',
  columns: (input: ZoneInput) => input,
  writeChildren: refuseOverlap,
  afterCommit: deliveryChanged,
});

/** Throws ZoneOverlapError when the zone would overlap another. */
export const createZone = writes.create;
/** False when there is no such zone; throws ZoneOverlapError when it would overlap another. */
export const updateZone = writes.update;
/** False when there is no such zone. */
export const deleteZone = writes.remove;
