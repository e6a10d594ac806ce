/**
 * The admin dashboard's figures in one query (each part a JSON aggregate): counts, paid revenue (Paystack's and pay on
 * delivery's apart), pending
 * orders, the newest products and orders, paid revenue per Lagos day for the chart, low-stock variants, and the
 * chosen period's net revenue (decision 0031).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dailySeries, lagosDay, REVENUE_DAYS, windowStart, type DayTotal } from '~/lib/admin/admin-chart';
import { DEFAULT_REVENUE_PERIOD, netOf, periodDays, type RevenuePeriod } from '~/lib/admin/admin-revenue';
import type { Dashboard, DashboardOrder, DashboardProduct, LowStockVariant } from '~/lib/admin/admin-types';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '~/lib/orders/orders';
import { storedImageSchema } from '../catalog/image-sql.server';
import { db } from '../db.server';
import { checkedRows } from '../sql-rows.server';

export const RECENT_LIMIT = 5;
/** A tracked variant with this many units or fewer is listed as low stock. */
export const LOW_STOCK_THRESHOLD = 3;
const LOW_STOCK_LIMIT = 12;

/**
 * getDashboard's row. At the top level the revenue (a sum of bigint, so numeric) comes back as text; inside the
 * JSON aggregates numbers are JSON numbers and a timestamptz is its ISO text, made canonical below.
 */
const dashboardRow = z.object({
  products: z.number(),
  collections: z.number(),
  orders: z.number(),
  pending: z.number(),
  pendingReviews: z.number(),
  revenue: z.coerce.number(),
  collected: z.coerce.number(),
  due: z.coerce.number(),
  dueCount: z.number(),
  recentProducts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      price: z.number(),
      category: z.string(),
      createdAt: z.string(),
      image: storedImageSchema.nullable(),
    }) satisfies z.ZodType<DashboardProduct>,
  ),
  recentOrders: z.array(
    z.object({
      id: z.string(),
      total: z.number(),
      status: z.enum(ORDER_STATUSES),
      paymentStatus: z.enum(PAYMENT_STATUSES),
      createdAt: z.string(),
      customerEmail: z.string(),
    }) satisfies z.ZodType<DashboardOrder>,
  ),
  byDay: z.array(z.object({ day: z.string(), total: z.number() }) satisfies z.ZodType<DayTotal>),
  lowStock: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      size: z.string(),
      color: z.string(),
      stock: z.number(),
    }) satisfies z.ZodType<LowStockVariant>,
  ),
  lowStockTotal: z.number(),
  net: z.object({
    gross: z.number(),
    refunds: z.number(),
    chargebacks: z.number(),
    fees: z.number(),
    payments: z.number(),
    feesMissing: z.number(),
  }),
});

export async function getDashboard({
  now = new Date(),
  threshold = LOW_STOCK_THRESHOLD,
  period = DEFAULT_REVENUE_PERIOD,
}: { now?: Date; threshold?: number; period?: RevenuePeriod } = {}): Promise<Dashboard> {
  const lastDay = lagosDay(now);
  const firstDay = windowStart(lastDay, REVENUE_DAYS);
  const days = periodDays(period);
  const netFrom = days === null ? null : windowStart(lastDay, days);
  // A paid order counts on the day the money arrived (paid_at), or the day it was placed when that is unknown.
  const paidOn = sql`coalesce(o.paid_at, o.created_at)`;
  const rows = await db().execute(sql`
    select
      (select count(*)::int from products) as products,
      (select count(*)::int from collections) as collections,
      (select count(*)::int from orders) as orders,
      (select count(*)::int from orders where status = 'pending') as pending,
      (select count(*)::int from reviews where status = 'pending') as "pendingReviews",
      (select coalesce(sum(total), 0) from orders where payment_status = 'paid') as revenue,
      -- Pay on delivery (decision 0037): money collected at the door, apart from Paystack's, and what is still due.
      (select coalesce(sum(total), 0) from orders where payment_status = 'paid' and payment_method = 'pay_on_delivery')
        as collected,
      (select coalesce(sum(total), 0) from orders where payment_status = 'due' and status <> 'cancelled') as due,
      (select count(*)::int from orders where payment_status = 'due' and status <> 'cancelled') as "dueCount",
      coalesce((
        select json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price, 'category', p.category,
          'createdAt', p.created_at,
          'image', (select json_build_object('key', i.key, 'width', i.width, 'height', i.height, 'widths', i.widths,
                      'alt', i.alt)
                    from product_images i where i.product_id = p.id order by i.position limit 1))
          order by p.created_at desc, p.id desc)
        from (select * from products order by created_at desc, id desc limit ${RECENT_LIMIT}) p
      ), '[]'::json) as "recentProducts",
      coalesce((
        select json_agg(json_build_object('id', o.id, 'total', o.total, 'status', o.status,
          'paymentStatus', o.payment_status, 'createdAt', o.created_at,
          'customerEmail', coalesce(u.email, o.shipping_address->>'email'))
          order by o.created_at desc, o.id desc)
        from (select * from orders order by created_at desc, id desc limit ${RECENT_LIMIT}) o
        left join users u on u.id = o.user_id
      ), '[]'::json) as "recentOrders",
      coalesce((
        select json_agg(json_build_object('day', d.day, 'total', d.total))
        from (
          select to_char((${paidOn}) at time zone 'Africa/Lagos', 'YYYY-MM-DD') as day, sum(o.total) as total
          from orders o
          where o.payment_status = 'paid' and ${paidOn} >= (${firstDay}::date::timestamp at time zone 'Africa/Lagos')
          group by 1
        ) d
      ), '[]'::json) as "byDay",
      coalesce((
        select json_agg(json_build_object('productId', v.product_id, 'productName', p.name, 'size', v.size,
            'color', v.color, 'stock', v.stock)
          order by v.stock, p.name, v.size, v.color)
        from (
          select * from product_variants where stock is not null and stock <= ${threshold}
          order by stock, product_id, size, color limit ${LOW_STOCK_LIMIT}
        ) v
        join products p on p.id = v.product_id
      ), '[]'::json) as "lowStock",
      (select count(*)::int from product_variants where stock is not null and stock <= ${threshold})
        as "lowStockTotal",
      ${netRevenueSql(netFrom, now)} as net`);
  const [row] = checkedRows(dashboardRow, rows);
  const iso = (value: string) => new Date(value).toISOString();
  return {
    counts: {
      products: row.products,
      collections: row.collections,
      orders: row.orders,
      pendingOrders: row.pending,
      pendingReviews: row.pendingReviews,
    },
    revenue: row.revenue,
    payOnDelivery: { collected: row.collected, due: row.due, dueCount: row.dueCount },
    recentProducts: row.recentProducts.map((p) => ({ ...p, createdAt: iso(p.createdAt) })),
    recentOrders: row.recentOrders.map((o) => ({ ...o, createdAt: iso(o.createdAt) })),
    revenueByDay: dailySeries(
      row.byDay.filter((d) => d.day <= lastDay),
      lastDay,
      REVENUE_DAYS,
    ),
    lowStock: { threshold, total: row.lowStockTotal, variants: row.lowStock },
    net: netOf({ period, from: netFrom, ...row.net }),
  };
}

/**
 * The period's money as a JSON object, each flow counted when it happened (decision 0031): gross is what every order
 * that took a payment was paid (Paystack's amount, or the order's total without a payment row), on the day the money
 * arrived, whatever happened to it since; refunds are those Paystack processed (their last update); chargebacks the
 * amounts lost chargebacks took back (when resolved); fees Paystack's fees on the period's payments, with a count of
 * the payments it never told them for.
 */
function netRevenueSql(from: string | null, now: Date) {
  const since = (at: SQL) =>
    from === null
      ? sql`${at} <= ${now.toISOString()}::timestamptz`
      : sql`${at} >= (${from}::date::timestamp at time zone 'Africa/Lagos') and ${at} <= ${now.toISOString()}::timestamptz`;
  return sql`(
    with paid as (
      select coalesce(p.amount, o.total) as amount, p.fees
      from orders o left join payments p on p.order_id = o.id
      where o.payment_status in ('paid', 'refunded', 'reversed')
        and ${since(sql`coalesce(p.paid_at, o.paid_at, o.created_at)`)}
    )
    select json_build_object(
      'gross', (select coalesce(sum(amount), 0) from paid),
      'fees', (select coalesce(sum(fees), 0) from paid),
      'payments', (select count(*) from paid),
      'feesMissing', (select count(*) from paid where fees is null),
      'refunds', (select coalesce(sum(r.amount), 0) from refunds r
        where r.status = 'processed' and ${since(sql`r.updated_at`)}),
      'chargebacks', (select coalesce(sum(d.reversed_amount), 0) from disputes d
        where d.reversed_amount is not null and ${since(sql`coalesce(d.resolved_at, d.updated_at)`)})
    )
  )`;
}
