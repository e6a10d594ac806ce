/**
 * The demo store's promo codes (decision 0023): a welcome percentage over a minimum, free delivery, a fixed amount
 * off big orders with use limits, a percentage on one category, and a launch code that has ended, so the admin list
 * shows every state and the cart every answer. Seeded with the catalog, and only into a store with no codes yet: a
 * re-seed never overwrites what an admin set. Dates are relative to the seed, so the expired code stays expired.
 */
import { count } from 'drizzle-orm';
import { promoCodes } from '~/db/schema';
import type { Database } from '~/server/db.server';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type PromoRow = typeof promoCodes.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;

/** The codes; `daysAgo` is when each was made (demo orders used WELCOME10 and LAUNCH20 since). */
export function demoPromoCodes(now: Date): (PromoRow & { daysAgo: number })[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  return [
    { code: 'WELCOME10', kind: 'percent', percentOff: 10, minSubtotal: 20_000_00, daysAgo: 40 },
    { code: 'LAGOSFREE', kind: 'free-delivery', daysAgo: 20 },
    {
      code: 'NAIRA5000',
      kind: 'fixed',
      amountOff: 5_000_00,
      minSubtotal: 50_000_00,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      daysAgo: 7,
    },
    { code: 'ACCESSORIES15', kind: 'percent', percentOff: 15, categories: ['Accessories'], daysAgo: 3 },
    // The launch code: it ran from 45 to 10 days before the seed, and a demo order used it.
    { code: 'LAUNCH20', kind: 'percent', percentOff: 20, startsAt: daysAgo(45), endsAt: daysAgo(10), daysAgo: 46 },
  ];
}

/** True when it seeded: the store had no codes. */
export async function seedPromoCodesIfEmpty(tx: Tx, now: Date = new Date()): Promise<boolean> {
  const [{ codes }] = await tx.select({ codes: count() }).from(promoCodes);
  if (codes > 0) return false;
  await tx.insert(promoCodes).values(
    demoPromoCodes(now).map(({ daysAgo, ...row }) => ({
      ...row,
      createdAt: new Date(now.getTime() - daysAgo * DAY),
    })),
  );
  return true;
}
