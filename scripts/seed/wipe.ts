/**
 * `npm run db:seed -- --force`: removes the catalog (products with their pictures, stock and cart
 * lines; collections) and the generated picture files (from whichever store STORAGE_URL names), so the demo
 * can be seeded afresh.
 * Orders keep their item snapshots: order items only lose their link to the deleted product.
 */
import { eq } from 'drizzle-orm';
import { collections, productImages, products, productVariants, storeSettings } from '~/db/schema';
import { db } from '~/server/db.server';
import { invalidateSettings } from '~/server/store/settings.server';
import { storage } from '~/server/storage.server';

export const CATALOG_MEDIA_FOLDERS = ['products', 'collections', 'hero'] as const;

export async function wipeCatalog(): Promise<{ products: number; collections: number }> {
  const result = await db().transaction(async (tx) => {
    // Stock and pictures first, set-wise: left to the cascade they would be deleted row by row.
    await tx.delete(productVariants);
    await tx.delete(productImages);
    const removedProducts = await tx.delete(products).returning({ id: products.id });
    const removedCollections = await tx.delete(collections).returning({ id: collections.id });
    const [settings] = await tx
      .select({ heroSlides: storeSettings.heroSlides })
      .from(storeSettings)
      .where(eq(storeSettings.id, 1));
    if (settings) {
      const heroSlides = settings.heroSlides.map((slide) =>
        slide.image.startsWith('/media/hero/') ? { ...slide, image: '' } : slide,
      );
      await tx.update(storeSettings).set({ heroSlides }).where(eq(storeSettings.id, 1));
    }
    return { products: removedProducts.length, collections: removedCollections.length };
  });
  invalidateSettings();
  // Through the store STORAGE_URL names (a bucket too), and whole folders: pictures of abandoned uploads go as well.
  await Promise.all(CATALOG_MEDIA_FOLDERS.map((folder) => storage().deleteFolder(folder)));
  return result;
}
