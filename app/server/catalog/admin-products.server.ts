/**
 * The admin side of products: the filtered, paginated list and the writes. Each write is one transaction
 * holding the product row, its images, its variant stock and the audit entry (with the product before and
 * after), so a failure leaves nothing half-saved. Once it commits, contentChanged() drops the server's stored
 * copies of storefront pages (decision 0007), so shoppers see the change at once.
 *
 * Image files are kept when a product is deleted or an image is removed from it: order items keep a
 * snapshot of the thumbnail (order_items.image), and a paid order must go on showing what was bought.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { productImages, products } from '~/db/schema';
import type { ProductImageInput } from '~/lib/catalog/admin-catalog';
import type { ProductInput } from '~/lib/catalog/admin-catalog-product';
import {
  LOW_STOCK_THRESHOLD,
  type AdminProductQuery,
  type AdminProductRow,
  type StockFigures,
} from '~/lib/catalog/admin-catalog-query';
import { ADMIN_PAGE_SIZE, listPage, pageOffset, type ListPage } from '~/lib/admin/admin-crud';
import { isId } from '~/lib/ids';
import { queueBackInStockCheck } from '../back-in-stock/notify.server';
import { storedImageSchema } from './image-sql.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { checkedRows } from '../sql-rows.server';
import { auditedWrites, containsPattern, type Tx } from '../admin/crud.server';
import { lockColours } from './admin-colours.server';
import { isSkuTaken, SkuTakenError, writeVariants } from './admin-product-variants.server';

export type { AdminProductRow };
export type AdminProductList = ListPage<AdminProductRow>;

// Stock of the cells of the product's own size × colour grid ('' when it has no sizes / colours);
// `cells` is the grid's size, so untracked cells are those without a number.
const stockLateral = sql`cross join lateral (
  select count(v.stock)::int as tracked, coalesce(sum(v.stock), 0)::int as units,
    count(*) filter (where v.stock <= ${LOW_STOCK_THRESHOLD})::int as low,
    (greatest(cardinality(p.sizes), 1) * greatest(cardinality(p.colors), 1))::int as cells
  from product_variants v
  where v.product_id = p.id and v.stock is not null
    and (v.size = any(p.sizes) or (v.size = '' and cardinality(p.sizes) = 0))
    and (v.color = any(p.colors) or (v.color = '' and cardinality(p.colors) = 0))
) s`;

const soldOut = sql`(not p.in_stock or (s.tracked > 0 and s.tracked >= s.cells and s.units = 0))`;

function filters(query: AdminProductQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (query.q) where.push(sql`p.name ilike ${containsPattern(query.q)}`);
  if (query.category) where.push(sql`p.category = ${query.category}`);
  if (query.collection === 'none') where.push(sql`p.collection_id is null`);
  else if (query.collection) where.push(sql`p.collection_id = ${query.collection}`);
  if (query.stock === 'sold-out') where.push(soldOut);
  if (query.stock === 'in-stock') where.push(sql`not ${soldOut}`);
  if (query.stock === 'low') where.push(sql`not ${soldOut} and s.low > 0`);
  return sql.join(where, sql` and `);
}

/**
 * listAdminProducts' row: the product with its stock figures side by side (nested into `stock` below). createdAt is
 * already text (to_json), the figures are ::int, and the first image is JSON, checked as the pages use it.
 */
const listRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  category: z.string(),
  featured: z.boolean(),
  inStock: z.boolean(),
  createdAt: z.string(),
  collectionName: z.string().nullable(),
  image: storedImageSchema.nullable(),
  tracked: z.number(),
  units: z.number(),
  cells: z.number(),
});

const totalRow = z.object({ total: z.number() });

/** One page of products, newest first, with the total for the page links (two queries side by side). */
export async function listAdminProducts(query: AdminProductQuery): Promise<AdminProductList> {
  const where = filters(query);
  const [rows, totals] = await Promise.all([
    db().execute(sql`
      select p.id, p.name, left(ltrim(p.description), 51) as description, p.price, p.category, p.featured,
        p.in_stock as "inStock", to_json(p.created_at) #>> '{}' as "createdAt", c.name as "collectionName",
        (select json_build_object('key', pi.key, 'width', pi.width, 'height', pi.height, 'widths', pi.widths,
            'alt', pi.alt)
          from product_images pi where pi.product_id = p.id order by pi.position, pi.id limit 1) as image,
        s.tracked, s.units, s.cells
      from products p
      left join collections c on c.id = p.collection_id
      ${stockLateral}
      where ${where}
      order by p.created_at desc, p.id desc
      limit ${ADMIN_PAGE_SIZE} offset ${pageOffset(query.page)}`),
    db().execute(sql`select count(*)::int as total from products p ${stockLateral} where ${where}`),
  ]);
  const [{ total }] = checkedRows(totalRow, totals);
  const withStock = checkedRows(listRow, rows).map(({ inStock, tracked, units, cells, ...row }) => ({
    ...row,
    stock: { inStock, tracked, units, cells } satisfies StockFigures,
  }));
  return listPage(withStock, total, query.page);
}

export async function getProductName(id: string): Promise<string | null> {
  if (!isId(id)) return null;
  const [row] = await db().select({ name: products.name }).from(products).where(eq(products.id, id));
  return row?.name ?? null;
}

/**
 * snapshot's row: the product as one JSON object (numbers are JSON numbers), every key listed, since the schema
 * keeps only the keys it names and the audit log should record them all.
 */
const snapshotRow = z.object({
  product: z.object({
    id: z.string(),
    name: z.string(),
    price: z.number(),
    compareAtPrice: z.number().nullable(),
    description: z.string(),
    category: z.string(),
    collectionId: z.string().nullable(),
    sizeSetId: z.string(),
    sizes: z.array(z.string()),
    colors: z.array(z.string()),
    inStock: z.boolean(),
    featured: z.boolean(),
    fitNote: z.string(),
    dropsAt: z.string().nullable(),
    dropCap: z.number().nullable(),
    images: z.array(z.string()),
    variants: z.array(z.object({ size: z.string(), color: z.string(), stock: z.number().nullable(), sku: z.string() })),
  }),
});

/** The product as the audit log records it: its fields, image keys in order and variant stock. */
async function snapshot(tx: Tx, id: string): Promise<Record<string, unknown> | null> {
  const rows = await tx.execute(sql`
    select json_build_object(
      'id', p.id, 'name', p.name, 'price', p.price, 'description', p.description, 'category', p.category,
      'compareAtPrice', p.compare_at_price,
      'collectionId', p.collection_id, 'sizeSetId', p.size_set_id, 'sizes', p.sizes, 'colors', p.colors, 'inStock', p.in_stock,
      'featured', p.featured, 'fitNote', p.fit_note, 'dropsAt', p.drops_at, 'dropCap', p.drop_cap,
      'images', coalesce((select json_agg(pi.key order by pi.position, pi.id)
        from product_images pi where pi.product_id = p.id), '[]'::json),
      'variants', coalesce((select json_agg(json_build_object('size', v.size, 'color', v.color, 'stock', v.stock,
          'sku', v.sku) order by v.size, v.color)
        from product_variants v where v.product_id = p.id), '[]'::json)
    ) as product
    from products p where p.id = ${id}`);
  const [row] = checkedRows(snapshotRow, rows);
  return row?.product ?? null;
}

const productColumns = (input: ProductInput) => ({
  name: input.name,
  price: input.price,
  compareAtPrice: input.compareAtPrice,
  description: input.description,
  category: input.category,
  collectionId: input.collectionId,
  sizeSetId: input.sizeSetId,
  sizes: input.sizes,
  colors: input.colors,
  inStock: input.inStock,
  featured: input.featured,
  fitNote: input.fitNote,
  // Left out of the input, the saved drop stays (decision 0036).
  ...(input.dropsAt === undefined ? {} : { dropsAt: input.dropsAt }),
  ...(input.dropCap === undefined ? {} : { dropCap: input.dropCap }),
});

async function writeImages(tx: Tx, productId: string, images: ProductImageInput[]) {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (!images.length) return;
  await tx.insert(productImages).values(
    images.map((image, position) => ({
      productId,
      position,
      key: image.key,
      width: image.width,
      height: image.height,
      widths: image.widths,
      alt: image.alt ?? '',
      color: image.color ?? null,
    })),
  );
}

const writes = auditedWrites({
  table: products,
  entity: 'product',
  columns: productColumns,
  snapshot,
  writeChildren: async (tx, id, input: ProductInput) => {
    // Its colours' rows held until commit: none is renamed or deleted under it (admin-colours.server.ts).
    await lockColours(tx, input.colors);
    await writeImages(tx, id, input.images);
    await writeVariants(tx, id, input.stock);
    // Stock given back, or the product put on sale again: the back-in-stock mails look (decision 0027).
    await queueBackInStockCheck(tx, [id]);
  },
  afterCommit: contentChanged,
});

/** A SKU the save typed was taken meanwhile (the unique index decides): SkuTakenError, nothing saved. */
const skuChecked = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isSkuTaken(error)) throw new SkuTakenError('sku taken', { cause: error });
    throw error;
  }
};

/** Throws SkuTakenError when a typed SKU is another variant's. */
export const createProduct = (actor: Parameters<typeof writes.create>[0], input: ProductInput) =>
  skuChecked(() => writes.create(actor, input));

/**
 * False when there is no such product. Only the product changes: orders keep their own snapshot of
 * name, unit price and SKU, so a new price never reaches an order already placed. Throws SkuTakenError.
 */
export const updateProduct = (actor: Parameters<typeof writes.update>[0], id: string, input: ProductInput) =>
  skuChecked(() => writes.update(actor, id, input));

/**
 * False when there is no such product. The foreign keys do the rest: images, variants, cart lines and
 * wishlist rows go with it; order items keep their snapshot and lose only the link (product_id null).
 */
export const deleteProduct = writes.remove;
