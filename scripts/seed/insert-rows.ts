/**
 * Inserts catalog rows in batches through `unnest` of one array per column: a statement with a few
 * array parameters instead of tens of thousands of scalar ones, which is several times faster for
 * the 10,000-product benchmark catalog. Every product inserted here is the demo seed's (products.demo): the launch
 * checklist asks for them to be removed (docs/decisions/0042-launch-checklist.md).
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_SIZE_SET_ID } from '~/lib/catalog/catalog-constants';
import type { Database } from '~/server/db.server';
import type { CatalogRows } from './rows';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const PRODUCT_BATCH = 1_000;
const IMAGE_BATCH = 5_000;
const VARIANT_BATCH = 10_000;
/** Joins a list for string_to_array: sizes, colours and widths never contain it. */
const SEPARATOR = '|';

const column = <T, V>(rows: T[], pick: (row: T) => V) => sql.param(rows.map(pick));
// postgres.js types a JS boolean array as a single boolean: booleans travel as text and are cast.
const list = (values: readonly (string | number)[] | null | undefined) => (values ?? []).join(SEPARATOR);

export async function insertCatalogRows(tx: Tx, rows: CatalogRows): Promise<void> {
  for (const batch of chunks(rows.products, PRODUCT_BATCH)) {
    await tx.execute(sql`
      insert into products
        (id, name, description, price, compare_at_price, category, collection_id, size_set_id, fit_note, sizes, colors,
         in_stock, featured, created_at, demo)
      select id, name, description, price, compare_at_price, category, collection_id, size_set_id, fit_note,
             string_to_array(sizes, ${SEPARATOR}), string_to_array(colors, ${SEPARATOR}), in_stock, featured, created_at,
             true
      from unnest(
        ${column(batch, (p) => p.id)}::text[], ${column(batch, (p) => p.name)}::text[],
        ${column(batch, (p) => p.description)}::text[],
        ${column(batch, (p) => p.price)}::int[], ${column(batch, (p) => p.compareAtPrice ?? null)}::int[],
        ${column(batch, (p) => p.category)}::text[],
        ${column(batch, (p) => p.collectionId ?? null)}::text[],
        ${column(batch, (p) => p.sizeSetId ?? DEFAULT_SIZE_SET_ID)}::text[],
        ${column(batch, (p) => p.fitNote ?? '')}::text[],
        ${column(batch, (p) => list(p.sizes))}::text[], ${column(batch, (p) => list(p.colors))}::text[],
        ${column(batch, (p) => String(p.inStock ?? true))}::text[]::boolean[],
        ${column(batch, (p) => String(p.featured ?? false))}::text[]::boolean[],
        ${column(batch, (p) => (p.createdAt ?? new Date()).toISOString())}::text[]::timestamptz[]
      ) as t(id, name, description, price, compare_at_price, category, collection_id, size_set_id, fit_note, sizes,
             colors, in_stock, featured, created_at)`);
  }
  for (const batch of chunks(rows.images, IMAGE_BATCH)) {
    await tx.execute(sql`
      insert into product_images (product_id, position, key, width, height, widths, alt, color)
      select product_id, position, key, width, height, string_to_array(widths, ${SEPARATOR})::int[], alt, color
      from unnest(
        ${column(batch, (i) => i.productId)}::text[], ${column(batch, (i) => i.position)}::int[],
        ${column(batch, (i) => i.key)}::text[],
        ${column(batch, (i) => i.width)}::int[], ${column(batch, (i) => i.height)}::int[],
        ${column(batch, (i) => list(i.widths))}::text[],
        ${column(batch, (i) => i.alt ?? '')}::text[], ${column(batch, (i) => i.color ?? null)}::text[]
      ) as t(product_id, position, key, width, height, widths, alt, color)`);
  }
  for (const batch of chunks(rows.variants, VARIANT_BATCH)) {
    await tx.execute(sql`
      insert into product_variants (product_id, size, color, stock)
      select * from unnest(
        ${column(batch, (v) => v.productId)}::text[], ${column(batch, (v) => v.size ?? '')}::text[],
        ${column(batch, (v) => v.color ?? '')}::text[], ${column(batch, (v) => v.stock ?? null)}::int[]
      )`);
  }
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
