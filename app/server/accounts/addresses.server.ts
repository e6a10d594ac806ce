/**
 * The account's saved delivery address (decision 0005): one per user, prefilled by checkout and edited on
 * /account. Stored in the shape of lib/accounts/address.ts, the same as an order's shipping address.
 */
import { eq } from 'drizzle-orm';
import { savedAddresses } from '~/db/schema';
import { parseStoredAddress, type ShippingAddress } from '~/lib/accounts/address';
import { db } from '../db.server';

/** The saved address, or null when there is none (or what is stored no longer passes the rules). */
export async function getSavedAddress(userId: string): Promise<ShippingAddress | null> {
  const [row] = await db()
    .select({ address: savedAddresses.address })
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .limit(1);
  return row ? parseStoredAddress(row.address) : null;
}

/** Saves (or replaces) the address; callers validate it with shippingAddressSchema first. */
export async function saveAddress(userId: string, address: ShippingAddress): Promise<void> {
  await db()
    .insert(savedAddresses)
    .values({ userId, address })
    .onConflictDoUpdate({ target: savedAddresses.userId, set: { address, updatedAt: new Date() } });
}
