/**
 * The customer's side of orders: their list, newest first, and one order. Ownership is part of every query
 * (decision 0005): another customer's order data never leaves the database. Orders are written by checkout.
 */
import { sql } from 'drizzle-orm';
import { isId } from '~/lib/ids';
import {
  ORDER_THUMBNAILS,
  ORDERS_PAGE_SIZE,
  type OrderDetail,
  type OrderLookup,
  type OrderSummary,
} from '~/lib/orders';
import { db } from './db.server';

export type OrderPage = { orders: OrderSummary[]; page: number; hasNext: boolean };

type SummaryRow = Omit<OrderSummary, 'total' | 'createdAt'> & { total: string | number; createdAt: string | Date };

/** One page of the user's orders (newest first) with the first thumbnails of each, in one query. */
export async function listOrdersForUser(
  userId: string,
  { page = 1, pageSize = ORDERS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<OrderPage> {
  const rows = await db().execute<SummaryRow>(sql`
    select o.id, o.status, o.payment_status as "paymentStatus", o.total, o.created_at as "createdAt",
      (select count(*)::int from order_items i where i.order_id = o.id) as "lineCount",
      coalesce((
        select json_agg(json_build_object('name', t.name, 'image', t.image) order by t.position)
        from (
          select i.name, i.image, i.position from order_items i where i.order_id = o.id
          order by i.position limit ${ORDER_THUMBNAILS}
        ) t
      ), '[]'::json) as thumbnails
    from orders o
    where o.user_id = ${userId}
    order by o.created_at desc, o.id desc
    limit ${pageSize + 1} offset ${(page - 1) * pageSize}`);
  const orders = rows
    .slice(0, pageSize)
    .map((row) => ({ ...row, total: Number(row.total), createdAt: new Date(row.createdAt).toISOString() }));
  return { orders, page, hasNext: rows.length > pageSize };
}

/**
 * One order for one user: `found` only when it is theirs; `forbidden` when it exists but belongs to someone
 * else (its data is not even selected); `not-found` for an unknown or malformed id.
 */
export async function getOrderForUser(orderId: string, userId: string): Promise<OrderLookup> {
  if (!isId(orderId)) return { kind: 'not-found' };
  const [row] = await db().execute<{ owned: boolean; order: OrderDetail | null }>(sql`
    select o.user_id = ${userId} as owned,
      case when o.user_id = ${userId} then json_build_object(
        'id', o.id, 'status', o.status, 'paymentStatus', o.payment_status, 'paymentReference', o.payment_reference,
        'subtotal', o.subtotal, 'shipping', o.shipping, 'total', o.total, 'shippingAddress', o.shipping_address,
        'createdAt', o.created_at,
        'items', coalesce((
          select json_agg(json_build_object('position', i.position, 'productId', i.product_id, 'name', i.name,
            'unitPrice', i.unit_price, 'image', i.image, 'size', i.size, 'color', i.color, 'quantity', i.quantity)
            order by i.position)
          from order_items i where i.order_id = o.id
        ), '[]'::json)
      ) end as "order"
    from orders o
    where o.id = ${orderId}`);
  if (!row) return { kind: 'not-found' };
  if (!row.owned || !row.order) return { kind: 'forbidden' };
  return { kind: 'found', order: { ...row.order, createdAt: new Date(row.order.createdAt).toISOString() } };
}
