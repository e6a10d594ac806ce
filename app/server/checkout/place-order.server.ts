/**
 * Step 1 of docs/architecture.md#5-checkout-and-payment: in one transaction, recompute every cart line from today's
 * prices, reserve stock and write the order (status pending, paymentStatus pending, a pj_ reference) with its item
 * snapshots. A customer's checkouts run one at a time (an advisory lock per user), and a second Pay for the
 * same cart (double click, second tab, retry after a decline) gets the same pending order back instead of a
 * second order and a second stock decrement. A customer holds at most one unpaid order: a different cart first
 * settles the older pending orders with Paystack (previous-orders.server.ts), then reserves; and no product may go
 * over the store's per-order limit, read in the same statement as the cart (whatever the settings cache says). The
 * delivery fee comes from the zones read in the same transaction (never a cached copy), and an order is placed only
 * when it is the fee the page showed (decision 0022); otherwise the shopper is shown the new fee first. The cart's
 * promo code is checked with its row locked (racing checkouts take turns, so its last use goes to one order), and the
 * order is placed only at the total the page showed, its discount included (decision 0023); the order holds one use
 * of the code (reserved) until it is paid or released.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { orderItems, orders } from '~/db/schema';
import type { ShippingAddress } from '~/lib/accounts/address';
import { unitsPerProduct } from '~/lib/cart/cart-rules';
import {
  CHECKOUT_MESSAGES,
  paymentReference,
  productLimitCheckoutMessage,
  totalChangedMessage,
} from '~/lib/checkout/checkout';
import {
  DELIVERY_MESSAGES,
  deliveryFeeChangedMessage,
  type DeliveryConfig,
  type DeliveryMethod,
  type DeliveryQuote,
} from '~/lib/delivery/delivery';
import { newId } from '~/lib/ids';
import { checkoutTotals } from '~/lib/checkout/checkout-totals';
import { PROMO_MESSAGES, type PromoOutcome } from '~/lib/promo/promo';
import { checkoutCartLines, optionProblem, type CheckoutCartLine } from '../cart/cart-store.server';
import { db } from '../db.server';
import { env } from '../env.server';
import { forgetDeliveryConfig, readDeliveryConfig } from '../delivery/delivery-config.server';
import { contentChanged } from '../http/http-cache.server';
import { logger } from '../logger.server';
import { checkPromoForOrder, dropPromoReservation, reservePromo } from '../promo/promo-codes.server';
import { checkedRows } from '../sql-rows.server';
import { recordPaymentEvent } from '../payments/payment-events.server';
import { settlePreviousOrders, type PreviousOrder, type Refusal } from './previous-orders.server';
import { dropRefusal } from './drop-caps.server';
import * as pod from './pay-on-delivery.server';
import { shortageMessage, takeStock } from '../catalog/stock.server';

export type PendingOrder = {
  id: string;
  reference: string;
  total: number;
  accessCode: string | null;
  authorizationUrl: string | null;
  reused: boolean;
};

/**
 * The delivery fee the page showed is not the one the server would charge (decision 0022): nothing is placed, and the
 * page gets the zones and options as they are now, so it shows the new fee before the shopper presses Pay again.
 */
export type DeliveryRefusal = { kind: 'delivery-changed'; status: 409; message: string; delivery: DeliveryConfig };

export type PlaceOrderResult =
  { kind: 'placed'; order: PendingOrder } | pod.PlacedOnDelivery | Refusal | DeliveryRefusal;

/**
 * What the shopper asked for beside the address: delivery or pickup, and the delivery fee and total (kobo) the page
 * showed, if any: the order is placed only at those (decisions 0022 and 0023); and how they pay.
 */
export type PayRequest = { method: DeliveryMethod; shownFee: number | null; shownTotal: number | null } & pod.PodChoice;

/** Previous orders to settle before this checkout may reserve, and the cart as it was read (see `placeOrder`). */
type Attempt = PlaceOrderResult | { kind: 'settle-first'; previous: PreviousOrder[]; cart: string };

/** Settle-then-retry rounds: one is the rule; more only when another checkout of the same customer interleaves. */
const SETTLE_ROUNDS = 3;

/** A line of an open order as json_build_array gives it: product, size, colour, quantity, unit price. */
const orderLineRow = z
  .tuple([z.string().nullable(), z.string(), z.string(), z.number(), z.number()])
  .transform(([productId, size, color, quantity, unitPrice]) => ({ productId, size, color, quantity, unitPrice }));

/** An unpaid order still holding stock, with its lines (see `fingerprint`). */
const openOrderRow = z.object({
  id: z.string(),
  reference: z.string(),
  paymentStatus: z.enum(['pending', 'awaiting']),
  // bigint: the driver hands it over as text.
  total: z.union([z.number(), z.string()]).transform(Number),
  accessCode: z.string().nullable(),
  authorizationUrl: z.string().nullable(),
  items: z
    .string()
    .nullable()
    .transform((text): unknown => JSON.parse(text ?? '[]'))
    .pipe(z.array(orderLineRow)),
  recent: z.boolean(),
});

/**
 * The same lines (product, size, colour, quantity, unit price) in a canonical text form, to compare orders
 * with carts.
 */
const fingerprint = (
  lines: { productId: string | null; size: string; color: string; quantity: number; unitPrice: number }[],
) => JSON.stringify(lines.map((l) => [l.productId, l.size, l.color, l.quantity, l.unitPrice]).sort());

/** The cart's lines without prices: what the customer chose, to notice it changing while Paystack was asked. */
const cartKey = (lines: readonly CheckoutCartLine[]) =>
  JSON.stringify(lines.map((l) => [l.productId, l.size, l.color, l.quantity]).sort());

/**
 * Paystack is never called with the per-user lock held: a round that finds older unpaid orders ends, they are
 * settled, and the next round re-reads everything under the lock, so an order is only ever created while no
 * other unpaid order of this customer holds stock. If settling changed the cart (an old order turned out paid
 * and its items left the cart), nothing is placed: the customer sees the new cart before paying again.
 */
export async function placeOrder(
  user: { id: string },
  address: ShippingAddress,
  delivery: PayRequest,
  client: { ip: string | null } = { ip: null },
): Promise<PlaceOrderResult> {
  let expected: { cart: string; settled: string[] } | undefined;
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const attempt = await placeAlone(user, address, delivery, client, expected);
    // The page quoted from this process's copy of the zones; whatever made it differ, the next page reads afresh.
    if (attempt.kind === 'delivery-changed') forgetDeliveryConfig();
    if (attempt.kind !== 'settle-first') {
      // A new order took stock: stored product pages (sold-out sizes, 'Only N left') must not outlive the change.
      if (attempt.kind === 'placed' && !attempt.order.reused) contentChanged();
      if (attempt.kind === 'placed-on-delivery') pod.afterPlacedOnDelivery();
      return attempt;
    }
    const settled = [...(expected?.settled ?? []), ...attempt.previous.map((order) => order.id)];
    expected = { cart: expected?.cart ?? attempt.cart, settled };
    const refusal = await settlePreviousOrders(user.id, attempt.previous, client.ip);
    if (refusal) return refusal;
  }
  logger.warn(
    { userId: user.id, ip: client.ip },
    'checkout refused: older unpaid orders kept appearing while they were settled',
  );
  return { kind: 'refused', status: 503, message: CHECKOUT_MESSAGES.previousPaymentUnchecked };
}

async function placeAlone(
  user: { id: string },
  address: ShippingAddress,
  delivery: PayRequest,
  client: { ip: string | null },
  expected: { cart: string; settled: string[] } | undefined,
): Promise<Attempt> {
  const windowMinutes = env().PAYMENT_TIMEOUT_MINUTES;
  return db()
    .transaction(async (tx): Promise<Attempt> => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${user.id}`}, 0))`);
      const lines = await checkoutCartLines(tx, user.id);
      if (lines.length === 0) return { kind: 'refused', status: 400, message: CHECKOUT_MESSAGES.emptyCart };
      if (lines.some((line) => !line.inStock || optionProblem(line, line.size, line.color) !== null)) {
        return { kind: 'refused', status: 409, message: CHECKOUT_MESSAGES.unavailableLines };
      }
      for (const [productId, inCart] of unitsPerProduct(lines)) {
        const line = lines.find((l) => l.productId === productId)!;
        if (inCart <= line.limit) continue;
        const attempt = { userId: user.id, ip: client.ip, productId, quantity: inCart, limit: line.limit };
        logger.warn(attempt, 'checkout refused: over the per-product limit');
        return {
          kind: 'refused',
          status: 409,
          message: productLimitCheckoutMessage({ name: line.name, limit: line.limit, inCart }),
        };
      }
      if (expected && cartKey(lines) !== expected.cart) return cartChangedRefusal(tx, expected.settled);
      const items = lines.map((line) => ({ ...line, unitPrice: line.price }));
      // The zones and options as they are in this transaction, never a cached copy: this is the fee charged.
      const config = await readDeliveryConfig(tx);
      const choice = { method: delivery.method, state: address.state, city: address.city };
      if (!checkoutTotals(items, config, choice).quote) {
        // Only pickup can fail here (the schema took a known state): switched off while the shopper was at checkout.
        return {
          kind: 'delivery-changed',
          status: 409,
          message: DELIVERY_MESSAGES.pickupUnavailable,
          delivery: config,
        };
      }

      const open = await openOrders(tx, user.id, windowMinutes);
      const wanted = fingerprint(items);
      // An order awaiting a transfer is never resumed: its money may be on its way, so a second payment is not offered.
      const resumable = open.find(
        (order) => order.recent && order.paymentStatus === 'pending' && fingerprint(order.items) === wanted,
      );
      const code = lines[0].promoCode;
      // The order being resumed does not count against the code it holds a use of.
      const promo = code ? await checkPromoForOrder(tx, code, items, user.id, resumable?.id ?? null) : null;
      const discount = promo?.kind === 'applied' ? promo.discount : {};
      const { quote, totals: priced } = checkoutTotals(items, config, choice, discount);
      if (!quote || !priced) throw new Error('a quote found above is gone');
      // A code the page already showed not applying (kept on the cart for later) is no reason to refuse: the shopper
      // agreed to the total without it. One that stopped applying since the page is.
      const asShown = priced.delivery === delivery.shownFee && priced.total === delivery.shownTotal;
      if (promo?.kind === 'refused' && !asShown) {
        const others = open.filter((order) => order !== resumable);
        // An older unpaid order may hold the use (the per-customer limit): settled first, the code is asked again.
        if (others.length > 0) return { kind: 'settle-first', previous: others.map(pick), cart: cartKey(lines) };
        logger.info(
          { userId: user.id, code, reason: promo.reason },
          'checkout refused: the promo code no longer applies',
        );
        return { kind: 'refused', status: 409, message: PROMO_MESSAGES.changedAtPay(promo.message) };
      }
      if (priced.delivery !== delivery.shownFee) {
        logger.info(
          { userId: user.id, shown: delivery.shownFee, fee: priced.delivery, zone: quote.zone, method: quote.method },
          'checkout refused: the delivery fee shown is not the one charged',
        );
        const message = deliveryFeeChangedMessage({
          shown: delivery.shownFee,
          fee: priced.delivery,
          total: priced.total,
          method: quote.method,
          place: `${address.city}, ${address.state}`,
        });
        return { kind: 'delivery-changed', status: 409, message, delivery: config };
      }
      if (priced.total !== delivery.shownTotal) {
        // A price edited, or the code's discount changed, since the page: never charge a total it did not show.
        logger.info(
          { userId: user.id, shown: delivery.shownTotal, total: priced.total },
          'checkout refused: the total shown is not the one charged',
        );
        return {
          kind: 'refused',
          status: 409,
          message: totalChangedMessage({ shown: delivery.shownTotal, total: priced.total }),
        };
      }
      const onDelivery = delivery.paymentMethod === 'pay_on_delivery';
      const podRefusal = onDelivery && (await pod.payOnDeliveryRefusal(tx, user.id, config, choice, priced.total));
      if (podRefusal) return podRefusal;
      // A code that takes nothing off this order (free delivery on a free pickup) is not spent on it.
      const used = promo?.kind === 'applied' && priced.discount > 0 ? promo.promo : null;
      const totals = {
        subtotal: priced.subtotal,
        shipping: priced.delivery,
        discount: priced.discount,
        total: priced.total,
        promoCode: used?.code ?? null,
      };
      const snapshot = deliverySnapshot(quote);

      // Same lines and total, so the same Paystack amount.
      const same = !onDelivery && resumable && resumable.total === totals.total ? resumable : undefined;
      const previous = open.filter((order) => order !== same).map(pick);
      if (previous.length > 0) return { kind: 'settle-first', previous, cart: cartKey(lines) };
      // Drops (decision 0036): not open yet, or over the cap per customer with the orders it holds, counted here.
      const dropped = await dropRefusal(tx, user, lines, same?.id ?? null, client.ip);
      if (dropped) return dropped;
      if (same) {
        // The address, delivery promised and the code (or another giving the same total) may still be new.
        await tx
          .update(orders)
          .set({ shippingAddress: address, ...snapshot, ...totals })
          .where(sql`${orders.id} = ${same.id}`);
        await holdPromoUse(tx, same.id, used, user.id, totals.discount);
        return {
          kind: 'placed',
          order: {
            id: same.id,
            reference: same.reference,
            total: same.total,
            accessCode: same.accessCode,
            authorizationUrl: same.authorizationUrl,
            reused: true,
          },
        };
      }

      const shortage = await takeStock(tx, items);
      // Throwing rolls the transaction back, so the decrements made before the shortage are undone too.
      if (shortage) throw new ShortageRollback(shortageMessage(shortage));
      const id = newId();
      const reference = paymentReference();
      const payment = pod.paymentColumns(delivery.paymentMethod ?? 'paystack', reference);
      await tx
        .insert(orders)
        .values({ id, userId: user.id, ...payment, ...totals, ...snapshot, shippingAddress: address });
      await tx.insert(orderItems).values(
        items.map((line, position) => ({
          orderId: id,
          position,
          productId: line.productId,
          name: line.name,
          unitPrice: line.unitPrice,
          image: line.image,
          size: line.size,
          color: line.color,
          quantity: line.quantity,
          // The SKU it is sold under, kept like the name and price (decision 0034); '' where the variant has no row.
          sku: sql`coalesce((select v.sku from product_variants v where v.product_id = ${line.productId}
            and v.size = ${line.size} and v.color = ${line.color}), '')`,
        })),
      );
      if (used) await reservePromo(tx, { orderId: id, promoId: used.id, userId: user.id, discount: totals.discount });
      await recordPaymentEvent(tx, id, 'created', {
        ...(onDelivery ? { method: 'pay_on_delivery' } : { reference }),
        total: totals.total,
        ...(used ? { promoCode: used.code, discount: totals.discount } : {}),
      });
      if (onDelivery) {
        await pod.placedOnDelivery(tx, id, user.id, items);
        return { kind: 'placed-on-delivery', orderId: id };
      }
      return {
        kind: 'placed',
        order: { id, reference, total: totals.total, accessCode: null, authorizationUrl: null, reused: false },
      };
    })
    .catch((error: unknown): Attempt => {
      if (error instanceof ShortageRollback) return { kind: 'refused', status: 409, message: error.message };
      throw error;
    });
}

/**
 * Every unpaid order of the customer still holding stock, however old (the sweep may not have reached it yet), with
 * its lines (product, size, colour, quantity, unit price) to compare with the cart.
 */
async function openOrders(tx: Pick<ReturnType<typeof db>, 'execute'>, userId: string, windowMinutes: number) {
  const rows = await tx.execute(sql`
    select o.id, o.payment_reference as reference, o.payment_status as "paymentStatus", o.total,
      o.access_code as "accessCode", o.authorization_url as "authorizationUrl",
      (select json_agg(json_build_array(i.product_id, i.size, i.color, i.quantity, i.unit_price))
        from order_items i where i.order_id = o.id)::text as items,
      o.reserved_at > now() - make_interval(mins => ${windowMinutes}) as recent
    from orders o
    where o.user_id = ${userId} and o.payment_status in ('pending', 'awaiting') and o.stock_state = 'reserved'
      and o.review_reason is null
      and o.payment_reference is not null
    order by o.created_at desc
    limit 5`);
  return checkedRows(openOrderRow, rows);
}

const pick = ({ id, reference }: { id: string; reference: string }) => ({ id, reference });

/**
 * A resumed order holds one use of the code it got now (reserved until it is paid or released, decision 0023); placed
 * again without one (the code removed, or no longer taking anything off) it holds none.
 */
async function holdPromoUse(
  tx: Parameters<typeof reservePromo>[0],
  orderId: string,
  used: Extract<PromoOutcome, { kind: 'applied' }>['promo'] | null,
  userId: string,
  discount: number,
) {
  if (used) await reservePromo(tx, { orderId, promoId: used.id, userId, discount });
  else await dropPromoReservation(tx, orderId);
}

/** The order's columns that keep the delivery promised (orders.delivery_*, decision 0022). */
function deliverySnapshot(quote: DeliveryQuote) {
  return {
    deliveryMethod: quote.method,
    deliveryZone: quote.zone,
    deliveryDaysMin: quote.minDays,
    deliveryDaysMax: quote.maxDays,
    pickupAddress: quote.pickup?.address ?? null,
    pickupHours: quote.pickup?.hours ?? null,
  };
}

/** The cart changed while older orders were settled: say why when one of them turned out paid. */
async function cartChangedRefusal(tx: Pick<ReturnType<typeof db>, 'select'>, settled: string[]): Promise<Refusal> {
  const [paid] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sql`${orders.id} in (select jsonb_array_elements_text(${JSON.stringify(settled)}::jsonb))`,
        eq(orders.paymentStatus, 'paid'),
      ),
    )
    .limit(1);
  return {
    kind: 'refused',
    status: 409,
    message: paid ? CHECKOUT_MESSAGES.previousOrderPaid : CHECKOUT_MESSAGES.cartChanged,
  };
}

class ShortageRollback extends Error {}
