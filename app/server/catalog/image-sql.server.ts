/**
 * A product image as the pages receive it (StoredImage), built in SQL in one place: a product's first image for
 * cards, cart lines and order snapshots, and the image object for queries that aggregate all of them. The column
 * names come from the schema, and the JSON is checked where rows come back (storedImageSchema), not assumed.
 */
import { is, SQL, sql, type Column } from 'drizzle-orm';
import { z } from 'zod';
import { productImages } from '~/db/schema';
import type { StoredImage } from '~/lib/images';
import { checked, columnRef } from '../sql-rows.server';

export const storedImageSchema = z.object({
  key: z.string(),
  width: z.number(),
  height: z.number(),
  widths: z.array(z.number()),
  alt: z.string().optional(),
}) satisfies z.ZodType<StoredImage>;

const aliased = (alias: string) => (column: Column) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;

/** One product_images row, under the alias `alias`, as a StoredImage JSON object. */
export function storedImageJson(alias: string): SQL {
  const field = aliased(alias);
  const { key, width, height, widths, alt } = productImages;
  return sql`json_build_object('key', ${field(key)}, 'width', ${field(width)}, 'height', ${field(height)},
    'widths', ${field(widths)}, 'alt', ${field(alt)})`;
}

/**
 * The product's first image (lowest position), or its first of `colour`, as a StoredImage, or null: a subquery for a
 * select list.
 * `productId` is the outer query's product id column (or an SQL expression for it, e.g. sql`p.id` in raw SQL).
 * A builder select checks the JSON through mapWith; a raw statement's rows should check it with storedImageSchema.
 */
export function firstImageSql(productId: Column | SQL, colour: string | null = null): SQL<StoredImage | null> {
  const id = is(productId, SQL) ? productId : columnRef(productId);
  const pi = aliased('pi');
  // With a colour (the listing's colour filter, decision 0034): its first photo, else the first of all.
  const colourFirst = colour ? sql`(lower(coalesce(${pi(productImages.color)}, '')) = lower(${colour})) desc, ` : sql``;
  return sql`(select ${storedImageJson('pi')} from ${productImages} pi
    where ${pi(productImages.productId)} = ${id} order by ${colourFirst}${pi(productImages.position)} limit 1)`.mapWith(
    checked(storedImageSchema.nullable()),
  );
}
