import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { orderEvents } from '~/db/schema';
import { db } from '../db.server';

/**
 * The carrier the store last shipped an order with: what a processing order's card fills in, so marking it shipped
 * is one tap (decision 0045). Null before the first shipment, when the admin types it once.
 */
export async function latestCarrier(): Promise<string | null> {
  const [row] = await db()
    .select({ carrier: orderEvents.carrier })
    .from(orderEvents)
    .where(and(eq(orderEvents.kind, 'shipped'), isNotNull(orderEvents.carrier)))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return row?.carrier ?? null;
}
