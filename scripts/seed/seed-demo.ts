/**
 * The demo catalog: products with generated pictures, collections, stock, hero slides, delivery zones and promo codes,
 * made entirely on this machine. `npm start` runs `seedDemoIfEmpty` (a second start must not seed again);
 * `npm run db:seed -- --products 10000` builds a large catalog for benchmarks through `seedDemo`.
 */
import { eq, sql } from 'drizzle-orm';
import { collections, products, storeSettings } from '~/db/schema';
import { newId } from '~/lib/ids';
import { imageUrl } from '~/lib/images';
import { db } from '~/server/db.server';
import { invalidateSettings } from '~/server/store/settings.server';
import { DEMO_COLLECTIONS, DEMO_PRODUCTS } from './catalog-data';
import { seedDeliveryIfEmpty } from './delivery';
import { seedPromoCodesIfEmpty } from './promo-codes';
import { seedDrops } from './drops';
import { seedSizeGuidesIfEmpty } from './size-guides';
import { PictureStudio } from './pictures';
import { seededRandom } from './random';
import { insertCatalogRows } from './insert-rows';
import { bulkRows, type CatalogRows, demoRows } from './rows';

export type SeedLog = (line: string) => void;
/** `pictures` stored; `drawn` of them drawn and encoded here, the rest copied from the picture cache. */
export type SeedSummary = { products: number; collections: number; pictures: number; drawn: number; ms: number };

/** Any number that is ours alone: two processes seeding at once take turns on this lock. */
const SEED_LOCK = 7_204_311;
/** The hero picture width written into the settings (HeroSlide.image is a single URL). */
export const HERO_IMAGE_WIDTH = 1280;
/**
 * The demo store's WhatsApp number (docs/requirements.md#9-order-and-payment-statuses), shaped like the support phone's
 * placeholder ('+234 800 000 0000') so that the demo's chat links show without reaching anyone's real phone. Set only
 * where an admin has set none.
 */
export const DEMO_WHATSAPP_NUMBER = '2348000000000';

export class CatalogNotEmptyError extends Error {}

export async function catalogIsEmpty(): Promise<boolean> {
  const [row] = await db().execute<{ found: boolean }>(sql`select exists (select 1 from ${products}) as found`);
  return !row.found;
}

/** Seeds the demo catalog when there are no products; otherwise does nothing and says so. */
export async function seedDemoIfEmpty({ log }: { log: SeedLog }): Promise<SeedSummary | null> {
  if (!(await catalogIsEmpty())) {
    log('Demo seed skipped: the catalog already has products');
    return null;
  }
  try {
    return await seedDemo({ log, onlyIfEmpty: true });
  } catch (error) {
    if (error instanceof CatalogNotEmptyError) {
      log('Demo seed skipped: another process seeded the catalog first');
      return null;
    }
    throw error;
  }
}

/**
 * Adds the demo catalog: the hand-written products and, when `products` asks for more, generated
 * ones that reuse the same pictures (no new image encoding), inserted in batches.
 */
export async function seedDemo({
  log,
  products: wanted = DEMO_PRODUCTS.length,
  onlyIfEmpty = false,
}: {
  log: SeedLog;
  products?: number;
  onlyIfEmpty?: boolean;
}): Promise<SeedSummary> {
  const started = performance.now();
  const random = seededRandom(20_24);
  const now = Date.now();
  const studio = new PictureStudio();
  const demo = DEMO_PRODUCTS.slice(0, Math.max(1, Math.min(wanted, DEMO_PRODUCTS.length)));
  log(`Seeding the demo catalog (${wanted} products): drawing pictures...`);

  const collectionIds = Object.fromEntries(DEMO_COLLECTIONS.map((c) => [c.key, newId()]));
  const [covers, heroes, rows] = await Promise.all([
    Promise.all(DEMO_COLLECTIONS.map((c) => studio.collection(c.key, c.cover))),
    Promise.all([0, 1, 2].map((i) => studio.hero(i))),
    demoRows(demo, studio, collectionIds, random, now),
  ]);
  log(
    `Pictures ready in ${Math.round(performance.now() - started)} ms ` +
      `(${studio.drawn} drawn, ${studio.stored - studio.drawn} from the cache); writing rows...`,
  );
  const extra = bulkRows(Math.max(0, wanted - demo.length), rows.templates, Object.values(collectionIds), random, now);

  await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (onlyIfEmpty) {
      const [row] = await tx.execute<{ found: boolean }>(sql`select exists (select 1 from ${products}) as found`);
      if (row.found) throw new CatalogNotEmptyError('The catalog already has products');
    }
    await tx.insert(collections).values(
      DEMO_COLLECTIONS.map((c, i) => ({
        id: collectionIds[c.key],
        name: c.name,
        description: c.description,
        image: covers[i],
        featured: c.featured,
        createdAt: new Date(now - c.daysAgo * 24 * 60 * 60 * 1000),
      })),
    );
    for (const part of [rows, extra] satisfies CatalogRows[]) await insertCatalogRows(tx, part);
    const [settings] = await tx
      .select({ heroSlides: storeSettings.heroSlides, whatsappNumber: storeSettings.whatsappNumber })
      .from(storeSettings)
      .where(eq(storeSettings.id, 1));
    if (settings) {
      const heroSlides = settings.heroSlides.map((slide, i) =>
        heroes[i] ? { ...slide, image: imageUrl(heroes[i], HERO_IMAGE_WIDTH) } : slide,
      );
      const whatsappNumber = settings.whatsappNumber || DEMO_WHATSAPP_NUMBER;
      await tx
        .update(storeSettings)
        .set({ heroSlides, whatsappNumber, updatedAt: new Date() })
        .where(eq(storeSettings.id, 1));
    }
    await seedDeliveryIfEmpty(tx);
    await seedPromoCodesIfEmpty(tx, new Date(now));
    await seedSizeGuidesIfEmpty(tx);
    // One drop a week ahead, one opened (decision 0036).
    await seedDrops(tx, new Date(now));
  });
  // The settings and the delivery zones (dropped with them).
  invalidateSettings();

  const summary = {
    products: rows.products.length + extra.products.length,
    collections: DEMO_COLLECTIONS.length,
    pictures: studio.stored,
    drawn: studio.drawn,
    ms: Math.round(performance.now() - started),
  };
  log(
    `Demo catalog seeded: ${summary.products} products, ${summary.collections} collections, ` +
      `${summary.pictures} pictures in ${summary.ms} ms`,
  );
  return summary;
}
