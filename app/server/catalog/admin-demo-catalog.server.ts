/**
 * "Remove the demo catalog" (docs/decisions/0042-launch-checklist.md): deletes the demo seed's products (products.demo)
 * in one transaction, audit-logged. Orders keep what was bought: their lines hold a snapshot (name, price, picture) and
 * their product link becomes null. The pictures' files stay, since those snapshots show them; the demo's collections
 * stay too, since the owner may have filled them with products of their own.
 */
import { eq } from 'drizzle-orm';
import { products } from '~/db/schema';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';

/** How many demo products were removed. */
export async function removeDemoCatalog(actor: AuditActor): Promise<number> {
  const removed = await db().transaction(async (tx) => {
    const rows = await tx.delete(products).where(eq(products.demo, true)).returning({ id: products.id });
    if (rows.length)
      await recordAudit(tx, actor, {
        action: 'catalog.demo-removed',
        entityType: 'products',
        after: { removed: rows.length },
      });
    return rows.length;
  });
  // The stored anonymous pages (decision 0007) listed those products.
  if (removed) contentChanged();
  return removed;
}
