/**
 * The demo store's drops (decision 0036): the Satin Bomber Jacket opens a week after the seed runs, at 18:00 Lagos time
 * (a countdown, "Email me when it drops", a card saying "Drops …", limited to 2 per customer), and the Night Runner
 * Sneaker dropped a day before the seed (open, still limited to 2 per customer). Times are relative to the seed, so
 * the first stays ahead for a week.
 */
import { inArray } from 'drizzle-orm';
import { products } from '~/db/schema';
import type { Database } from '~/server/db.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const DAY = 24 * 60 * 60 * 1000;
const LAGOS_OFFSET = 60 * 60 * 1000;

export const DEMO_DROPS = { upcoming: 'Satin Bomber Jacket', opened: 'Night Runner Sneaker' } as const;

/** Seven days after `now`, at 18:00 in Lagos (17:00 UTC). */
export function aWeekLaterAtSix(now: Date): Date {
  const day = new Date(now.getTime() + 7 * DAY + LAGOS_OFFSET);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 18) - LAGOS_OFFSET);
}

export async function seedDrops(tx: Tx, now: Date): Promise<void> {
  const names = [DEMO_DROPS.upcoming, DEMO_DROPS.opened];
  const rows = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.name, names));
  for (const row of rows) {
    const dropsAt = row.name === DEMO_DROPS.upcoming ? aWeekLaterAtSix(now) : new Date(now.getTime() - DAY);
    await tx
      .update(products)
      .set({ dropsAt, dropCap: 2 })
      .where(inArray(products.id, [row.id]));
  }
}
