/**
 * When products open for sale (decision 0036): a product's own drops_at, its collection's, and the later of the two,
 * as SQL the product page, the cards, the cart and checkout read in their own statements, and the next opening the
 * page clock (../http/opening-clock.server.ts) waits for.
 */
import { sql, type SQL } from 'drizzle-orm';
import { collections, products } from '~/db/schema';
import { db } from '../db.server';

/**
 * The product's opening, the later of its own time and its collection's (null: open). `product` names a products row
 * of the outer query (an alias such as `p`, or the table itself).
 */
export function openingSql(product: SQL = sql.raw(`"products"`)): SQL<Date | null> {
  return sql`greatest(${product}.drops_at,
    (select dc.drops_at from collections dc where dc.id = ${product}.collection_id))`;
}

/** True while the product (a products row of the outer query) has not opened yet. */
export function notOpenSql(product?: SQL): SQL<boolean> {
  return sql`coalesce(${openingSql(product)} > now(), false)`;
}

/** The opening, as ISO text, while it is still to come; null once open (the cards' "Drops Fri 12 Dec"). */
export const upcomingOpeningSql = sql<string | null>`case when ${notOpenSql()}
  then to_json(${openingSql()}) #>> '{}' end`;

/**
 * The first time after `after` at which a product or a collection opens: every moment a page may change by itself.
 * Either table's time counts (a product opens at the later of two, which is always one of them).
 */
export async function nextOpening(after: Date): Promise<Date | null> {
  const [row] = await db().execute<{ next: string | null }>(sql`
    select to_json(least(
      (select min(${products.dropsAt}) from ${products} where ${products.dropsAt} > ${after.toISOString()}::timestamptz),
      (select min(${collections.dropsAt}) from ${collections} where ${collections.dropsAt} > ${after.toISOString()}::timestamptz)
    )) #>> '{}' as next`);
  return row?.next ? new Date(row.next) : null;
}
