/**
 * The demo store's size guides (decision 0034): one for the Clothing set (chest, waist, length) and one for Shoes
 * (EU) (foot length), in centimetres. Seeded with the catalog, and only into a store with no guides yet: a re-seed
 * never overwrites what an admin wrote.
 */
import { count } from 'drizzle-orm';
import { sizeGuides } from '~/db/schema';
import type { Database } from '~/server/db.server';
import { SIZE_SET_IDS } from './catalog-data';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type GuideRow = typeof sizeGuides.$inferInsert;

/** Chest, waist and length of the Clothing sizes, and the foot length each EU shoe size fits. */
export function demoSizeGuides(): GuideRow[] {
  const clothing: [string, number, number, number][] = [
    ['XS', 86, 71, 68],
    ['S', 91, 76, 70],
    ['M', 97, 82, 72],
    ['L', 103, 88, 74],
    ['XL', 109, 94, 76],
    ['XXL', 116, 101, 78],
  ];
  // Paris points: an EU size is about 2/3 cm of last; the foot it fits is about 1.5 cm shorter.
  const footLength = (eu: number) => Math.round(((eu * 2) / 3 - 1.5) * 10) / 10;
  return [
    {
      sizeSetId: SIZE_SET_IDS.clothing,
      measurements: ['Chest', 'Waist', 'Length'],
      rows: clothing.map(([size, ...cm]) => ({ size, cm })),
    },
    {
      sizeSetId: SIZE_SET_IDS.shoes,
      measurements: ['Foot length'],
      rows: Array.from({ length: 11 }, (_, i) => ({ size: String(36 + i), cm: [footLength(36 + i)] })),
    },
  ];
}

/** True when it seeded: the store had no guides. */
export async function seedSizeGuidesIfEmpty(tx: Tx): Promise<boolean> {
  const [{ guides }] = await tx.select({ guides: count() }).from(sizeGuides);
  if (guides > 0) return false;
  await tx.insert(sizeGuides).values(demoSizeGuides());
  return true;
}
