/**
 * Step 1 of ARCHITECTURE.md section 5: in one transaction, recompute every cart line from today's prices,
 * reserve stock and write the order (status pending, paymentStatus pending, a pj_ reference) with its item
 * snapshots. A customer's checkouts run one at a time (an advisory lock per user), and a second Pay for the
 * same cart (double click, second tab, retry after a decline) gets the same pending order back instead of a
 * second order and a second stock decrement.
 */
import { sql } from 'drizzle-orm';
import { orderItems, orders } from '~/db/schema';
import type { ShippingAddress } from '~/lib/address';
import { CHECKOUT_MESSAGES, orderTotals, paymentReference } from '~/lib/checkout';
import type { StoredImage } from '~/lib/images';
import { newId } from '~/lib/ids';
import { optionProblem } from '../cart.server';
import { db } from '../db.server';
import { env } from '../env.server';
import { contentChanged } from '../http-cache.server';
import { getSettings } from '../settings.server';
import { recordPaymentEvent } from './payment-events.server';
import { shortageMessage, takeStock } from './stock.server';

export type PendingOrder = { id: string; reference: string; total: number; accessCode: string | null; authorizationUrl: string | null; reused: boolean };

export type PlaceOrderResult = { kind: 'placed'; order: PendingOrder } | { kind: 'refused'; status: 400 | 409; message: string };

type CartRow = {
  productId: string;
  size: string;
  color: string;
  quantity: number;
  name: string;
  price: number;
  inStock: boolean;
  sizes: string[];
  colors: string[];
  image: StoredImage | null;
};

type OpenOrder = { id: string; reference: string; total: number; accessCode: string | null; authorizationUrl: string | null; items: string };

/** The same lines (product, size, colour, quantity, unit price) in a canonical text form, to compare orders with carts. */
const fingerprint = (lines: { productId: string | null; size: string; color: string; quantity: number; unitPrice: number }[]) =>
  JSON.stringify(lines.map((l) => [l.productId, l.size, l.color, l.quantity, l.unitPrice]).sort());

export async function placeOrder(user: { id: string }, address: ShippingAddress): Promise<PlaceOrderResult> {
  const { deliveryFee } = await getSettings();
  const windowMinutes = env().PAYMENT_TIMEOUT_MINUTES;
  const result = await db().transaction(async (tx): Promise<PlaceOrderResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${user.id}`}, 0))`);
    const lines = await tx.execute<CartRow>(sql`
      select cl.product_id as "productId", cl.size, cl.color, cl.quantity, p.name, p.price, p.in_stock as "inStock", p.sizes, p.colors,
        (select json_build_object('key', pi.key, 'width', pi.width, 'height', pi.height, 'widths', pi.widths, 'alt', pi.alt)
           from product_images pi where pi.product_id = p.id order by pi.position limit 1) as image
      from carts c
      join cart_lines cl on cl.cart_id = c.id
      join products p on p.id = cl.product_id
      where c.user_id = ${user.id}
      order by cl.created_at, cl.product_id, cl.size, cl.color`);
    if (lines.length === 0) return { kind: 'refused', status: 400, message: CHECKOUT_MESSAGES.emptyCart };
    if (lines.some((line) => !line.inStock || optionProblem(line, line.size, line.color) !== null)) {
      return { kind: 'refused', status: 409, message: CHECKOUT_MESSAGES.unavailableLines };
    }
    const items = lines.map((line) => ({ ...line, unitPrice: line.price }));
    const totals = orderTotals(items, deliveryFee);

    const open = await tx.execute<OpenOrder>(sql`
      select o.id, o.payment_reference as reference, o.total, o.access_code as "accessCode", o.authorization_url as "authorizationUrl",
        (select json_agg(json_build_array(i.product_id, i.size, i.color, i.quantity, i.unit_price)) from order_items i where i.order_id = o.id)::text as items
      from orders o
      where o.user_id = ${user.id} and o.payment_status = 'pending' and o.stock_state = 'reserved' and o.review_reason is null
        and o.created_at > now() - make_interval(mins => ${windowMinutes})
      order by o.created_at desc
      limit 5`);
    const wanted = fingerprint(items);
    const same = open.find((order) => Number(order.total) === totals.total && fingerprint(JSON.parse(order.items).map(([productId, size, color, quantity, unitPrice]: [string, string, string, number, number]) => ({ productId, size, color, quantity, unitPrice }))) === wanted);
    if (same) {
      await tx.update(orders).set({ shippingAddress: address }).where(sql`${orders.id} = ${same.id}`);
      return { kind: 'placed', order: { id: same.id, reference: same.reference, total: Number(same.total), accessCode: same.accessCode, authorizationUrl: same.authorizationUrl, reused: true } };
    }

    const shortage = await takeStock(tx, items);
    // Throwing rolls the transaction back, so the decrements made before the shortage are undone too.
    if (shortage) throw new ShortageRollback(shortageMessage(shortage));
    const id = newId();
    const reference = paymentReference();
    await tx.insert(orders).values({ id, userId: user.id, paymentReference: reference, ...totals, shippingAddress: address });
    await tx.insert(orderItems).values(
      items.map((line, position) => ({ orderId: id, position, productId: line.productId, name: line.name, unitPrice: line.unitPrice, image: line.image, size: line.size, color: line.color, quantity: line.quantity })),
    );
    await recordPaymentEvent(tx, id, 'created', { reference, total: totals.total });
    return { kind: 'placed', order: { id, reference, total: totals.total, accessCode: null, authorizationUrl: null, reused: false } };
  }).catch((error: unknown): PlaceOrderResult => {
    if (error instanceof ShortageRollback) return { kind: 'refused', status: 409, message: error.message };
    throw error;
  });
  // A new order took stock: stored product pages (sold-out sizes, 'Only N left') must not outlive the change.
  if (result.kind === 'placed' && !result.order.reused) contentChanged();
  return result;
}

class ShortageRollback extends Error {}
