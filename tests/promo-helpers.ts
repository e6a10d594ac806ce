/** Test helpers for promo codes (decision 0023): codes written straight to the database, and their uses as counted. */
import { eq, sql } from 'drizzle-orm';
import { carts, promoCodes } from '~/db/schema';
import { db } from '~/server/db.server';

let counter = 0;

type PromoInput = Partial<typeof promoCodes.$inferInsert>;

/** A code (10% off everything by default, no limits), named uniquely unless `code` is given. */
export async function createPromo(input: PromoInput = {}) {
  const [row] = await db()
    .insert(promoCodes)
    .values({
      code: `TEST${++counter}${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      kind: 'percent',
      percentOff: 10,
      ...input,
    })
    .returning();
  return row;
}

export async function updatePromo(id: string, changes: PromoInput) {
  await db().update(promoCodes).set(changes).where(eq(promoCodes.id, id));
}

/** The code's uses by state, e.g. { reserved: 1, used: 2 }. */
export async function usesOf(promoId: string): Promise<Record<string, number>> {
  const rows = await db().execute<{ state: string; n: number }>(
    sql`select state, count(*)::int as n from promo_redemptions where promo_id = ${promoId} group by state`,
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

/** Puts `code` on the customer's account cart, as applying it does (the cart must exist: putInCart first). */
export async function setCartCode(userId: string, code: string | null) {
  await db().update(carts).set({ promoCode: code }).where(eq(carts.userId, userId));
}

export const cartCodeOf = async (userId: string) =>
  (await db().select({ code: carts.promoCode }).from(carts).where(eq(carts.userId, userId)))[0]?.code ?? null;
