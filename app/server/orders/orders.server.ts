/**
 * The customer's side of orders: their list, newest first, and one order. Ownership is part of every query
 * (decision 0005): another customer's order data never leaves the database. Orders are written by checkout.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ShippingAddress } from '~/lib/accounts/address';
import { DELIVERY_METHODS } from '~/lib/delivery/delivery';
import { isId } from '~/lib/ids';
import { orderTimeline, type OrderHistory } from '~/lib/orders/order-timeline';
import {
  ORDER_STATUSES,
  ORDER_THUMBNAILS,
  ORDERS_PAGE_SIZE,
  PAYMENT_STATUSES,
  type OrderDelivery,
  type OrderDetail,
  type OrderItemView,
  type OrderLookup,
  type OrderSummary,
} from '~/lib/orders/orders';
import { storedImageSchema } from '../catalog/image-sql.server';
import { db } from '../db.server';
import { checkedRows } from '../sql-rows.server';

export type OrderPage = { orders: OrderSummary[]; page: number; hasNext: boolean };

/** orders.shipping_address as stored (written from shippingAddressSchema's output): its shape, not the form's rules. */
/** An order line as the order's json_agg gives it: for the shopper's order page and the admin's alike. */
export const orderItemSchema = z.object({
  position: z.number(),
  productId: z.string().nullable(),
  name: z.string(),
  unitPrice: z.number(),
  image: storedImageSchema.nullable(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
}) satisfies z.ZodType<OrderItemView>;

export const storedAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  address: z.string(),
  apartment: z.string().optional(),
  city: z.string(),
  state: z.string(),
  phone: z.string(),
  email: z.string(),
}) satisfies z.ZodType<ShippingAddress>;

/** Where an order stands and what it comes to, in the JSON the order pages' queries build (OrderStateAndSums). */
export const orderStateAndSums = {
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentReference: z.string().nullable(),
  subtotal: z.number(),
  shipping: z.number(),
  discount: z.number(),
  promoCode: z.string().nullable(),
  total: z.number(),
};

/** The delivery an order was placed with (orders.delivery_*): for the shopper's order pages, the admin's and mails. */
export const orderDeliverySchema = z.object({
  method: z.enum(DELIVERY_METHODS),
  zone: z.string().nullable(),
  minDays: z.number().nullable(),
  maxDays: z.number().nullable(),
  pickupAddress: z.string().nullable(),
  pickupHours: z.string().nullable(),
}) satisfies z.ZodType<OrderDelivery>;

/** The SQL building an order's delivery for orderDeliverySchema, from the orders row `o`. */
export const orderDeliveryJson = sql`json_build_object('method', o.delivery_method, 'zone', o.delivery_zone,
  'minDays', o.delivery_days_min, 'maxDays', o.delivery_days_max, 'pickupAddress', o.pickup_address,
  'pickupHours', o.pickup_hours)`;

/** listOrdersForUser's row. A bigint column comes back as text, a timestamptz column as text (not in JSON). */
const summaryRow = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  total: z.coerce.number(),
  createdAt: z.string(),
  lineCount: z.number(),
  thumbnails: z.array(z.object({ name: z.string(), image: storedImageSchema.nullable() })),
});

/** One page of the user's orders (newest first) with the first thumbnails of each, in one query. */
export async function listOrdersForUser(
  userId: string,
  { page = 1, pageSize = ORDERS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<OrderPage> {
  const result = await db().execute(sql`
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
  const rows = checkedRows(summaryRow, result);
  const orders = rows.slice(0, pageSize).map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
  return { orders, page, hasNext: rows.length > pageSize };
}

/** getOrderForUser's row. Numbers inside JSON are JSON numbers (bigint too); a timestamptz is its ISO text. */
const detailRow = z.object({
  owned: z.boolean(),
  order: z
    .object({
      id: z.string(),
      ...orderStateAndSums,
      delivery: orderDeliverySchema,
      shippingAddress: storedAddressSchema,
      createdAt: z.string(),
      items: z.array(orderItemSchema),
      awaitingChannel: z.string().nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<{ owned: boolean; order: OrderDetail | null }>;

/**
 * One order for one user: `found` only when it is theirs; `forbidden` when it exists but belongs to someone
 * else (its data is not even selected); `not-found` for an unknown or malformed id.
 */
export async function getOrderForUser(orderId: string, userId: string): Promise<OrderLookup> {
  if (!isId(orderId)) return { kind: 'not-found' };
  const rows = await db().execute(sql`
    select o.user_id = ${userId} as owned,
      case when o.user_id = ${userId} then json_build_object(
        'id', o.id, 'status', o.status, 'paymentStatus', o.payment_status, 'paymentReference', o.payment_reference,
        'subtotal', o.subtotal, 'shipping', o.shipping, 'discount', o.discount, 'promoCode', o.promo_code,
        'total', o.total, 'shippingAddress', o.shipping_address,
        'delivery', ${orderDeliveryJson}, 'createdAt', o.created_at, 'awaitingChannel', o.awaiting_channel,
        'items', coalesce((
          select json_agg(json_build_object('position', i.position, 'productId', i.product_id, 'name', i.name,
            'unitPrice', i.unit_price, 'image', i.image, 'size', i.size, 'color', i.color, 'quantity', i.quantity)
            order by i.position)
          from order_items i where i.order_id = o.id
        ), '[]'::json)
      ) end as "order"
    from orders o
    where o.id = ${orderId}`);
  const [row] = checkedRows(detailRow, rows);
  if (!row) return { kind: 'not-found' };
  if (!row.owned || !row.order) return { kind: 'forbidden' };
  return { kind: 'found', order: { ...row.order, createdAt: new Date(row.order.createdAt).toISOString() } };
}

/** getOrderHistory's row: the order's own times and its events and mails as built (timestamptz as ISO text). */
const historyRow = z.object({
  createdAt: z.string(),
  awaitingSince: z.string().nullable(),
  paidAt: z.string().nullable(),
  events: z.array(
    z.object({
      kind: z.enum(ORDER_STATUSES),
      at: z.string(),
      carrier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      trackingUrl: z.string().nullable(),
    }),
  ),
  mails: z.array(z.object({ kind: z.string(), subject: z.string(), text: z.string(), sentAt: z.string() })),
});

const iso = (value: string) => new Date(value).toISOString();

/**
 * An order's timeline and the mails its customer got (decision 0024), for the customer's order page (call it once the
 * order is known to be theirs: getOrderForUser) and the admin's. The mails' plain-text parts only: the page shows them
 * as text. Null for an unknown order.
 */
export async function getOrderHistory(orderId: string): Promise<OrderHistory | null> {
  if (!isId(orderId)) return null;
  const rows = await db().execute(sql`
    select o.created_at as "createdAt", o.awaiting_since as "awaitingSince", o.paid_at as "paidAt",
      coalesce((
        select json_agg(json_build_object('kind', e.kind, 'at', e.created_at, 'carrier', e.carrier,
          'trackingNumber', e.tracking_number, 'trackingUrl', e.tracking_url) order by e.id)
        from order_events e where e.order_id = o.id), '[]'::json) as events,
      coalesce((
        select json_agg(json_build_object('kind', m.kind, 'subject', m.subject, 'text', m.text,
          'sentAt', m.created_at) order by m.id)
        from order_mails m where m.order_id = o.id), '[]'::json) as mails
    from orders o where o.id = ${orderId}`);
  const [row] = checkedRows(historyRow, rows);
  if (!row) return null;
  const timeline = orderTimeline(
    {
      createdAt: iso(row.createdAt),
      awaitingSince: row.awaitingSince && iso(row.awaitingSince),
      paidAt: row.paidAt && iso(row.paidAt),
    },
    row.events.map((event) => ({ ...event, at: iso(event.at) })),
  );
  return { timeline, mails: row.mails.map((mail) => ({ ...mail, sentAt: iso(mail.sentAt) })) };
}
