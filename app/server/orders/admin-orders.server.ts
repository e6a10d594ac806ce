/**
 * Orders as the admin sees them: every customer's, filtered and searched, one order with its payment history,
 * the CSV export of a filtered list, and the status change (any of the five values,
 * docs/requirements.md#9-order-and-payment-statuses), audit-logged in the same transaction.
 */
import { eq, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { orderEvents, orders } from '~/db/schema';
import { ADMIN_ORDERS_PAGE_SIZE, type OrderFilters, type Shipment } from '~/lib/orders/admin-orders';
import type { AdminOrderDetail, AdminOrderPage, AdminOrderRow } from '~/lib/admin/admin-types';
import { DELIVERY_METHODS } from '~/lib/delivery/delivery';
import { isId } from '~/lib/ids';
import {
  COLLECTION_METHODS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STOCK_STATES,
  type OrderStatus,
} from '~/lib/orders/orders';
import { recordAudit, type AuditActor } from '../admin/audit.server';
import { recordPaymentEvent } from '../payments/payment-events.server';
import { refundableAmount } from '../payments/refunds.server';
import { isMailedStatus, queueStatusMail } from './status-mails.server';
import { orderStockLines, returnStock, takeStock } from '../catalog/stock.server';
import { releasePromo } from '../promo/promo-codes.server';
import { db } from '../db.server';
import { contentChanged } from '../http/http-cache.server';
import { wakeWorkers } from '../jobs/queue.server';
import { QUEUES } from '../jobs/queues.server';
import {
  orderDeliveryJson,
  orderDeliverySchema,
  orderItemSchema,
  orderStateAndSums,
  storedAddressSchema,
} from './orders.server';
import { checkedRows } from '../sql-rows.server';

/** An export is one file in memory: past this many orders, narrow the filters. */
export const EXPORT_LIMIT = 50_000;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters as SQL over `orders o left join users u`. */
function whereOf({ status, payment, q }: Pick<OrderFilters, 'status' | 'payment' | 'q'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (status) parts.push(sql`o.status = ${status}`);
  if (payment) parts.push(sql`o.payment_status = ${payment}`);
  const term = q.trim().replace(/^#/, '').toLowerCase();
  if (term) {
    const contains = `%${likeEscape(term)}%`;
    // The order number people read out is the id's last 8 characters (shortOrderId).
    const suffix = term.length >= 6 ? `%${likeEscape(term)}` : likeEscape(term);
    parts.push(sql`(o.id like ${suffix}
      or lower(o.payment_reference) like ${contains}
      or lower(u.email) like ${contains} or lower(o.shipping_address->>'email') like ${contains})`);
  }
  return sql.join(parts, sql` and `);
}

/** A timestamptz's text (top level or inside JSON) as the pages receive dates: ISO, in UTC. */
const isoTime = z.string().transform((value) => new Date(value).toISOString());

/** A row of rowColumns. At the top level a bigint (total) comes back as text, and so does a timestamptz. */
const listRow = z.object({
  id: z.string(),
  createdAt: isoTime,
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentReference: z.string().nullable(),
  total: z.coerce.number(),
  reviewReason: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  itemCount: z.number(),
}) satisfies z.ZodType<AdminOrderRow>;

const rowColumns = sql`o.id, o.created_at as "createdAt", o.status, o.payment_status as "paymentStatus",
  o.payment_reference as "paymentReference", o.total, o.review_reason as "reviewReason",
  coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''),
    concat_ws(' ', o.shipping_address->>'firstName', o.shipping_address->>'lastName')) as "customerName",
  coalesce(u.email, o.shipping_address->>'email') as "customerEmail",
  (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as "itemCount"`;

/** listAdminOrders' row: the order and the number of matches (the same on every row). */
const pageRow = listRow.extend({ fullCount: z.number() });

/** One page of the filtered orders, newest first, with the number of matches (one query). */
export async function listAdminOrders(
  filters: OrderFilters,
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
): Promise<AdminOrderPage> {
  const result = await db().execute(sql`
    select ${rowColumns}, count(*) over ()::int as "fullCount"
    from orders o left join users u on u.id = o.user_id
    where ${whereOf(filters)}
    order by o.created_at desc, o.id desc
    limit ${pageSize} offset ${(filters.page - 1) * pageSize}`);
  const rows = checkedRows(pageRow, result);
  let total = rows[0]?.fullCount ?? 0;
  // A page past the end has no rows to carry the count.
  if (!rows.length && filters.page > 1) total = await countOrders(filters);
  const list = rows.map(({ fullCount: _fullCount, ...order }) => order);
  return { orders: list, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

const countRow = z.object({ n: z.number() });

async function countOrders(filters: OrderFilters): Promise<number> {
  const rows = await db().execute(
    sql`select count(*)::int as n from orders o left join users u on u.id = o.user_id where ${whereOf(filters)}`,
  );
  const [row] = checkedRows(countRow, rows);
  return row.n;
}

/** An address field the order may lack reads as an empty cell. */
const addressField = z
  .string()
  .nullable()
  .transform((value) => value ?? '');

/** ordersForExport's row: the list's columns and the ones only the CSV has (its "fullCount" is not kept). */
const exportRow = listRow.extend({
  subtotal: z.coerce.number(),
  shipping: z.coerce.number(),
  discount: z.coerce.number(),
  promoCode: z.string().nullable(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  deliveryZone: z.string().nullable(),
  paidAt: isoTime.nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  collectedBy: z.enum(COLLECTION_METHODS).nullable(),
  phone: addressField,
  city: addressField,
  state: addressField,
  /** Each line's SKU and quantity, in the order's order (decision 0034). */
  skus: z.array(z.object({ sku: z.string(), quantity: z.number() })),
});

export type ExportOrderRow = z.output<typeof exportRow>;

/** Every order the filters match (no paging), newest first, for the CSV. */
export async function ordersForExport(filters: OrderFilters): Promise<ExportOrderRow[]> {
  const rows = await db().execute(sql`
    select ${rowColumns}, 0 as "fullCount", o.subtotal, o.shipping, o.discount, o.promo_code as "promoCode",
      o.delivery_method as "deliveryMethod", o.delivery_zone as "deliveryZone", o.paid_at as "paidAt",
      o.payment_method as "paymentMethod", o.collected_by as "collectedBy",
      o.shipping_address->>'phone' as phone, o.shipping_address->>'city' as city, o.shipping_address->>'state' as state,
      coalesce((select json_agg(json_build_object('sku', i.sku, 'quantity', i.quantity) order by i.position)
        from order_items i where i.order_id = o.id), '[]'::json) as skus
    from orders o left join users u on u.id = o.user_id
    where ${whereOf(filters)}
    order by o.created_at desc, o.id desc
    limit ${EXPORT_LIMIT}`);
  return checkedRows(exportRow, rows);
}

/**
 * getAdminOrder's row: the order as one JSON object (numbers, bigint too, are JSON numbers; dates the ISO text of
 * a timestamptz, made UTC by isoTime), and the payment and refunds summed as float8 for the refundable amount.
 */
const detailRow = z.object({
  order: z.object({
    id: z.string(),
    createdAt: isoTime,
    updatedAt: isoTime,
    ...orderStateAndSums,
    stockState: z.enum(STOCK_STATES),
    paidAt: isoTime.nullable(),
    reviewReason: z.string().nullable(),
    delivery: orderDeliverySchema,
    shippingAddress: storedAddressSchema,
    awaitingSince: isoTime.nullable(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    collectedBy: z.enum(COLLECTION_METHODS).nullable(),
    collectionNote: z.string().nullable(),
    refusalForgiven: z.boolean(),
    customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    items: z.array(orderItemSchema),
    payment: z
      .object({
        amount: z.number(),
        currency: z.string(),
        channel: z.string().nullable(),
        confirmedBy: z.string(),
        paidAt: isoTime.nullable(),
        reference: z.string(),
        provider: z.string(),
      })
      .nullable(),
    events: z.array(
      z.object({ id: z.number(), kind: z.string(), detail: z.record(z.string(), z.unknown()), createdAt: isoTime }),
    ),
    refunds: z.array(
      z.object({
        id: z.number(),
        amount: z.number(),
        reason: z.string(),
        // refunds_status_valid's values; the schema's `satisfies` below holds them to AdminRefund['status'].
        status: z.enum(['requesting', 'no-answer', 'pending', 'processing', 'needs-attention', 'processed', 'failed']),
        note: z.string().nullable(),
        providerId: z.string().nullable(),
        createdAt: isoTime,
        requestedBy: z.string().nullable(),
        customerNote: z.string().nullable(),
        customerDetails: z.object({ bankName: z.string(), accountLast4: z.string(), sentAt: z.string() }).nullable(),
      }),
    ),
    disputes: z.array(
      z.object({
        id: z.number(),
        providerId: z.string(),
        status: z.string(),
        category: z.string().nullable(),
        dueAt: isoTime.nullable(),
        resolution: z.string().nullable(),
        lastEvent: z.string(),
        updatedAt: isoTime,
        amount: z.number().nullable(),
        resolvedAt: isoTime.nullable(),
        reversedAmount: z.number().nullable(),
        evidenceId: z.string().nullable(),
        uploadedFile: z.string().nullable(),
        answer: z.enum(['accepted', 'declined']).nullable(),
        answeredAt: isoTime.nullable(),
      }),
    ),
  }) satisfies z.ZodType<Omit<AdminOrderDetail, 'refundable'>>,
  paid: z.number().nullable(),
  refunded: z.number(),
  chargedBack: z.number(),
});

/**
 * One order with its customer, item snapshots, payment row, payment events, refunds and chargebacks in order, and
 * what is left to refund (counted as requestRefund counts it); null when unknown.
 */
export async function getAdminOrder(orderId: string): Promise<AdminOrderDetail | null> {
  if (!isId(orderId)) return null;
  const rows = await db().execute(sql`
    select json_build_object(
      'id', o.id, 'createdAt', o.created_at, 'updatedAt', o.updated_at, 'status', o.status,
      'paymentStatus', o.payment_status,
      'paymentReference', o.payment_reference, 'subtotal', o.subtotal, 'shipping', o.shipping,
      'discount', o.discount, 'promoCode', o.promo_code, 'total', o.total,
      'stockState', o.stock_state, 'paidAt', o.paid_at, 'reviewReason', o.review_reason,
      'shippingAddress', o.shipping_address, 'delivery', ${orderDeliveryJson},
      'awaitingSince', o.awaiting_since, 'paymentMethod', o.payment_method, 'collectedBy', o.collected_by,
      'collectionNote', o.collection_note, 'refusalForgiven', o.refusal_forgiven,
      'customer', json_build_object('id', o.user_id, 'name', trim(concat_ws(' ', u.first_name, u.last_name)),
        'email', u.email),
      'items', coalesce((
        select json_agg(json_build_object('position', i.position, 'productId', i.product_id, 'name', i.name,
          'unitPrice', i.unit_price, 'image', i.image, 'size', i.size, 'color', i.color, 'quantity', i.quantity)
          order by i.position)
        from order_items i where i.order_id = o.id), '[]'::json),
      'payment', (
        select json_build_object('amount', p.amount, 'currency', p.currency, 'channel', p.channel,
          'confirmedBy', p.confirmed_by, 'paidAt', p.paid_at, 'reference', p.reference, 'provider', p.provider)
        from payments p where p.order_id = o.id),
      'events', coalesce((
        select json_agg(json_build_object('id', e.id, 'kind', e.kind, 'detail', e.detail, 'createdAt', e.created_at)
          order by e.id)
        from payment_events e where e.order_id = o.id), '[]'::json),
      'refunds', coalesce((
        select json_agg(json_build_object('id', r.id, 'amount', r.amount, 'reason', r.reason, 'status', r.status,
          'note', r.note, 'providerId', r.provider_id, 'createdAt', r.created_at, 'requestedBy', ru.email,
          'customerNote', r.customer_note, 'customerDetails', r.customer_details)
          order by r.id)
        from refunds r left join users ru on ru.id = r.requested_by where r.order_id = o.id), '[]'::json),
      'disputes', coalesce((
        select json_agg(json_build_object('id', d.id, 'providerId', d.provider_id, 'status', d.status,
          'category', d.category, 'dueAt', d.due_at, 'resolution', d.resolution, 'lastEvent', d.last_event,
          'updatedAt', d.updated_at, 'amount', d.amount, 'resolvedAt', d.resolved_at,
          'reversedAmount', d.reversed_amount, 'evidenceId', d.evidence_id, 'uploadedFile', d.uploaded_file,
          'answer', d.answer, 'answeredAt', d.answered_at)
          order by d.id)
        from disputes d where d.order_id = o.id), '[]'::json)
    ) as "order",
    -- What requestRefund would accept: only a paid (or reversed) order with a payment row has money to send back.
    (select p.amount::float8 from payments p
      where p.order_id = o.id and o.payment_reference is not null and o.payment_status in ('paid', 'reversed')) as paid,
    (select coalesce(sum(r.amount), 0)::float8 from refunds r
      where r.order_id = o.id and r.status <> 'failed') as refunded,
    (select coalesce(sum(d.reversed_amount), 0)::float8 from disputes d where d.order_id = o.id) as "chargedBack"
    from orders o left join users u on u.id = o.user_id
    where o.id = ${orderId}`);
  const [row] = checkedRows(detailRow, rows);
  if (!row) return null;
  return {
    ...row.order,
    refundable: row.paid === null ? 0 : refundableAmount(row),
  };
}

export type StatusChange =
  | { kind: 'updated'; before: OrderStatus; after: OrderStatus }
  | { kind: 'unchanged'; status: OrderStatus }
  /** Reopening a cancelled, paid order whose items are no longer in stock. */
  | { kind: 'refused'; message: string }
  | { kind: 'not-found' };

/**
 * Sets the order's status (no ordering rule) and records who did it, before and after, and the timeline's event (with
 * the shipment's carrier and tracking when marked shipped) in one transaction. The customer's mail about it (shipped,
 * delivered, cancelled) is queued in the same transaction, once per order and status: a status set again, or set
 * back and forth, mails once (status-mails.server.ts).
 * Cancelling gives the order's units back to stock exactly once (the row lock and stock_state make a repeat a
 * no-op): reserved units of an unpaid order, committed units of a paid one. A paid order's money is not touched:
 * the admin order page then offers its refund (decision 0016). Reopening a cancelled paid order takes its units
 * again, or is refused when they are gone.
 */
export async function updateOrderStatus(
  actor: AuditActor,
  orderId: string,
  status: OrderStatus,
  shipment: Shipment | null = null,
): Promise<StatusChange> {
  if (!isId(orderId)) return { kind: 'not-found' };
  const change = await db()
    .transaction(async (tx): Promise<StatusChange & { stockMoved?: boolean; mailed?: boolean }> => {
      // The row lock makes two admins' changes take turns, so each audit row's "before" is what it replaced.
      const [current] = await tx
        .select({
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          paymentMethod: orders.paymentMethod,
          stockState: orders.stockState,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!current) return { kind: 'not-found' };
      if (current.status === status) return { kind: 'unchanged', status };
      let stockState = current.stockState;
      let paymentStatus = current.paymentStatus;
      if (status === 'cancelled' && stockState !== 'released') {
        await returnStock(tx, await orderStockLines(tx, orderId));
        // An unpaid order also gives back the promo code's use it held; a paid order's use stays counted.
        await releasePromo(tx, orderId);
        stockState = 'released';
        // Nothing is collected at the door of a cancelled order: it no longer reads "due" (decision 0037).
        if (paymentStatus === 'due') paymentStatus = 'abandoned';
      } else if (current.status === 'cancelled' && stockState === 'released' && holdsStock(current)) {
        const short = await takeStock(tx, await orderStockLines(tx, orderId));
        if (short) tx.rollback();
        stockState = 'committed';
        if (current.paymentMethod === 'pay_on_delivery' && paymentStatus === 'abandoned') paymentStatus = 'due';
      }
      const stockMoved = stockState !== current.stockState;
      await tx.update(orders).set({ status, stockState, paymentStatus }).where(eq(orders.id, orderId));
      // The stock state is recorded when it moved (units given back or taken again), so the log says why stock changed.
      const paymentMoved = paymentStatus !== current.paymentStatus;
      const before = {
        status: current.status,
        ...(stockMoved ? { stockState: current.stockState } : {}),
        ...(paymentMoved ? { paymentStatus: current.paymentStatus } : {}),
      };
      const shipped = status === 'shipped' ? shipment : null;
      const after = {
        status,
        ...(stockMoved ? { stockState } : {}),
        ...(paymentMoved ? { paymentStatus } : {}),
        ...(shipped ? { shipment: shipped } : {}),
      };
      await tx.insert(orderEvents).values({
        orderId,
        kind: status,
        carrier: shipped?.carrier ?? null,
        trackingNumber: shipped?.trackingNumber ?? null,
        trackingUrl: shipped?.trackingUrl ?? null,
      });
      await recordAudit(tx, actor, { action: 'order.status', entityType: 'order', entityId: orderId, before, after });
      if (stockMoved) {
        const kind = status === 'cancelled' ? 'cancelled' : 'reopened';
        await recordPaymentEvent(tx, orderId, 'cancelled', { change: kind, stockState, by: actor.email });
      }
      const mailed = isMailedStatus(status) && (await queueStatusMail(tx, orderId, status, shipped));
      return { kind: 'updated', before: current.status, after: status, stockMoved, mailed };
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) {
        return { kind: 'refused', message: REOPEN_SOLD_OUT } as const;
      }
      throw error;
    });
  // Units back on sale (or taken again): stored product pages must not go on showing the old stock.
  if (change.kind === 'updated' && change.stockMoved) contentChanged();
  // The mail was queued in the change's transaction; the worker here (if any) sends it now, not at its next poll.
  if (change.kind === 'updated' && change.mailed) wakeWorkers(QUEUES.mail.name);
  if (change.kind === 'updated') return { kind: 'updated', before: change.before, after: change.after };
  return change;
}

/**
 * A reopened order takes its units again when it was paid, or is to be paid at the door again: a pay-on-delivery
 * order cancelled from the status list (not refused at the door) went from 'due' to 'abandoned' (decision 0037).
 */
const holdsStock = ({ paymentStatus, paymentMethod }: { paymentStatus: string; paymentMethod: string }) =>
  paymentStatus === 'paid' ||
  paymentStatus === 'due' ||
  (paymentMethod === 'pay_on_delivery' && paymentStatus === 'abandoned');

export const REOPEN_SOLD_OUT =
  'This cancelled order’s items went back on sale and some are no longer in stock, so it cannot be reopened. ' +
  'Restock them first, or refund the payment.';
