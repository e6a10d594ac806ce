/** Rows for tests, with sensible defaults; each call makes a new, distinct record. */
import { collections, productImages, products, productVariants } from '~/db/schema';
import { db } from '~/server/db.server';

let counter = 0;
const next = () => ++counter;

type CollectionInput = Partial<typeof collections.$inferInsert>;

export async function createCollection(input: CollectionInput = {}) {
  const n = next();
  const [row] = await db()
    .insert(collections)
    .values({ name: `Collection ${n}`, description: `Description of collection ${n}`, ...input })
    .returning();
  return row;
}

type ProductInput = Partial<typeof products.$inferInsert> & {
  /** Stock per "size/color" key, e.g. { 'M/Black': 3 }; variants not named are not tracked. */
  stock?: Record<string, number | null>;
  imageCount?: number;
};

export async function createProduct({ stock = {}, imageCount = 1, ...input }: ProductInput = {}) {
  const n = next();
  const [product] = await db()
    .insert(products)
    .values({
      name: `Product ${n}`,
      description: `A well made product number ${n}.`,
      price: 15_000_00,
      category: 'Shirts',
      sizes: ['S', 'M', 'L'],
      colors: ['Black', 'White'],
      ...input,
    })
    .returning();
  const variants = Object.entries(stock).map(([key, value]) => {
    const [size = '', color = ''] = key.split('/');
    return { productId: product.id, size, color, stock: value };
  });
  if (variants.length) await db().insert(productVariants).values(variants);
  if (imageCount > 0) {
    await db()
      .insert(productImages)
      .values(
        Array.from({ length: imageCount }, (_, position) => ({
          productId: product.id,
          position,
          key: `products/test_${product.id}_${position}`,
          width: 1200,
          height: 1500,
          widths: [320, 640],
          alt: product.name,
        })),
      );
  }
  return product;
}
