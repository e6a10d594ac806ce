/**
 * The drop rules at Pay (decision 0036), run by place-order.server.ts inside its transaction, under the customer's
 * advisory lock, after older unpaid orders were settled: a product that has not opened yet is refused, and a product
 * with a cap (products.drop_cap) is refused when the cart's units and those the customer's orders already hold go
 * over it. Held means an order of theirs paid, due (pay on delivery) or still holding its reserved stock: not
 * cancelled, stock not released; the order being resumed is the cart itself and does not count twice. Every order of
 * a customer is placed under the same lock, so two checkouts of one customer cannot both pass the count (the 20 Pays
 * of drop-caps.test.ts).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dropCapCheckoutMessage, dropNotOpenCheckoutMessage } from '~/lib/catalog/drops';
import { unitsPerProduct, type CartItem } from '~/lib/cart/cart-rules';
import type { Database } from '../db.server';
import { openingSql } from '../catalog/drops.server';
import { logger } from '../logger.server';
import { checkedRows } from '../sql-rows.server';
import type { Refusal } from './previous-orders.server';

const dropRow = z.object({
  id: z.string(),
  name: z.string(),
  opensAt: z.string().nullable(),
  notOpen: z.boolean(),
  cap: z.number().nullable(),
  held: z.number(),
});

/** Why this cart may not be paid for now because of a drop, or null. `resumed`: the pending order of this cart. */
export async function dropRefusal(
  tx: Pick<Database, 'execute'>,
  user: { id: string },
  lines: readonly CartItem[],
  resumed: string | null,
  ip: string | null = null,
): Promise<Refusal | null> {
  const wanted = unitsPerProduct(lines);
  const ids = [...wanted.keys()];
  if (!ids.length) return null;
  const rows = checkedRows(
    dropRow,
    await tx.execute(sql`
      select p.id, p.name, to_json(${openingSql(sql.raw('p'))}) #>> '{}' as "opensAt",
        coalesce(${openingSql(sql.raw('p'))} > now(), false) as "notOpen", p.drop_cap as cap,
        case when p.drop_cap is null then 0 else coalesce((
          select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
          where i.product_id = p.id and o.user_id = ${user.id} and o.status <> 'cancelled'
            and o.stock_state <> 'released' and o.payment_status in ('paid', 'due', 'pending', 'awaiting')
            and o.id is distinct from ${resumed}
        ), 0) end::int as held
      from products p
      where p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and (p.drop_cap is not null or ${openingSql(sql.raw('p'))} is not null)
      order by p.name, p.id`),
  );
  const closed = rows.find((row) => row.notOpen);
  if (closed) {
    logger.warn({ userId: user.id, ip, productId: closed.id }, 'checkout refused: a product that has not dropped yet');
    return { kind: 'refused', status: 409, message: dropNotOpenCheckoutMessage(closed.name, closed.opensAt!) };
  }
  for (const row of rows) {
    const inCart = wanted.get(row.id) ?? 0;
    if (row.cap === null || row.held + inCart <= row.cap) continue;
    logger.warn(
      { userId: user.id, ip, productId: row.id, cap: row.cap, held: row.held, inCart },
      'checkout refused: over the drop cap per customer',
    );
    return {
      kind: 'refused',
      status: 409,
      message: dropCapCheckoutMessage({ name: row.name, cap: row.cap, held: row.held }),
    };
  }
  return null;
}
