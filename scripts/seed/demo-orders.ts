/**
 * Demo orders for the demo customer: a dozen orders over the last 30 days, so the dashboard's revenue chart,
 * the admin orders list and the customer's /orders page have something to show in a demo store. Most are
 * paid (a payments row, a payment history, stock 'committed'); one payment failed and one was abandoned
 * (stock 'released'). None is left with a pending payment: the payment sweep would ask the provider about it
 * and give back stock these orders never took. Items are snapshots of products in the catalog. Two paid orders used
 * a demo promo code (scripts/seed/promo-codes.ts) when the store has it and it applied then, with its use recorded.
 */
import { eq, sql } from 'drizzle-orm';
import { orderItems, orders, paymentEvents, payments, promoRedemptions, users } from '~/db/schema';
import type { ShippingAddress } from '~/lib/accounts/address';
import { quoteDelivery } from '~/lib/delivery/delivery';
import { newId } from '~/lib/ids';
import type { StoredImage } from '~/lib/images';
import { orderTotals } from '~/lib/orders/order-totals';
import type { OrderStatus, PaymentStatus } from '~/lib/orders/orders';
import { evaluatePromo } from '~/lib/promo/promo';
import { db } from '~/server/db.server';
import { readDeliveryConfig } from '~/server/delivery/delivery-config.server';
import { readPromo } from '~/server/promo/promo-codes.server';
import { seededRandom } from './random';

/** `code`: the promo code the order was placed with, if the store has it and it applied to the order then. */
type Plan = { daysAgo: number; status: OrderStatus; payment: PaymentStatus; code?: string };

/** Newest first: the two newest are paid and waiting to be processed (the dashboard's pending count). */
export const DEMO_ORDER_PLAN: readonly Plan[] = [
  { daysAgo: 0, status: 'pending', payment: 'paid' },
  { daysAgo: 1, status: 'pending', payment: 'paid' },
  { daysAgo: 2, status: 'processing', payment: 'paid' },
  { daysAgo: 4, status: 'processing', payment: 'paid', code: 'WELCOME10' },
  { daysAgo: 6, status: 'shipped', payment: 'paid' },
  { daysAgo: 9, status: 'shipped', payment: 'paid' },
  { daysAgo: 12, status: 'delivered', payment: 'paid' },
  { daysAgo: 15, status: 'delivered', payment: 'paid' },
  { daysAgo: 19, status: 'delivered', payment: 'paid', code: 'LAUNCH20' },
  { daysAgo: 23, status: 'cancelled', payment: 'failed' },
  { daysAgo: 26, status: 'pending', payment: 'abandoned' },
  { daysAgo: 28, status: 'delivered', payment: 'paid' },
];

const DAY = 24 * 60 * 60 * 1000;
const CHANNELS = ['card', 'bank_transfer', 'ussd'] as const;

type CatalogProduct = {
  id: string;
  name: string;
  price: number;
  sizes: string[];
  colors: string[];
  image: StoredImage | null;
  collectionId: string | null;
  category: string;
};

/**
 * Inserts the demo orders for this customer and returns how many; does nothing (0) when the customer already
 * has orders or the catalog has no products.
 */
export async function seedDemoOrders(
  customerUserId: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<number> {
  const random = seededRandom(6_12_30);
  return db().transaction(async (tx) => {
    const [customer] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, customerUserId));
    if (!customer) throw new Error(`seedDemoOrders: no user ${customerUserId}`);
    const [existing] = await tx.execute<{ found: boolean }>(
      sql`select exists (select 1 from orders where user_id = ${customerUserId}) as found`,
    );
    if (existing.found) return 0;
    const catalog = await tx.execute<CatalogProduct>(sql`
      select p.id, p.name, p.price, p.sizes, p.colors, p.collection_id as "collectionId", p.category,
        (select json_build_object('key', i.key, 'width', i.width, 'height', i.height, 'widths', i.widths, 'alt', i.alt)
         from product_images i where i.product_id = p.id order by i.position limit 1) as image
      from products p where p.in_stock order by p.created_at desc, p.id limit 40`);
    if (!catalog.length) return 0;
    const address: ShippingAddress = {
      firstName: customer.firstName,
      lastName: customer.lastName,
      country: 'Nigeria',
      address: '14 Adeola Odeku Street',
      apartment: 'Suite 5',
      city: 'Victoria Island',
      state: 'Lagos',
      phone: '+234 803 555 0142',
      email: customer.email,
    };
    // Priced and promised as checkout would (decision 0022): the zone of the address, or the default fee.
    const quoted = quoteDelivery(await readDeliveryConfig(tx), { method: 'delivery', ...address });
    if (quoted.kind !== 'quote') throw new Error('seedDemoOrders: the demo address has no delivery quote');
    const { quote } = quoted;
    const shipping = quote.fee;
    const delivery = {
      deliveryMethod: quote.method,
      deliveryZone: quote.zone,
      deliveryDaysMin: quote.minDays,
      deliveryDaysMax: quote.maxDays,
    };

    for (const [index, plan] of DEMO_ORDER_PLAN.entries()) {
      const id = newId();
      const createdAt = new Date(now.getTime() - plan.daysAgo * DAY - random.int(5, 9 * 60) * 60 * 1000);
      const picked = Array.from(
        { length: random.int(1, 3) },
        (_, position) => catalog[(index * 3 + position * 7) % catalog.length],
      );
      const lines = picked.map((product, position) => {
        return {
          orderId: id,
          position,
          productId: product.id,
          name: product.name,
          unitPrice: product.price,
          image: product.image,
          size: product.sizes.length ? random.pick(product.sizes) : '',
          color: product.colors.length ? random.pick(product.colors) : '',
          quantity: random.int(1, 2),
        };
      });
      // As checkout prices an order (decision 0023): the code as it stood when the order was placed.
      const promo = plan.code ? await readPromo(tx, plan.code) : null;
      const outcome = promo
        ? evaluatePromo(
            promo.code,
            promo,
            lines.map((line, i) => ({ ...line, collectionId: picked[i].collectionId, category: picked[i].category })),
            { taken: 0, byCustomer: 0 },
            createdAt,
          )
        : null;
      const applied = outcome?.kind === 'applied' ? outcome : null;
      const { subtotal, discount, total } = orderTotals(lines, { deliveryFee: shipping, discount: applied?.discount });
      const reference = `pj_${createdAt.getTime()}_${id.slice(0, 8)}`;
      const paid = plan.payment === 'paid';
      const paidAt = paid ? new Date(createdAt.getTime() + random.int(1, 4) * 60 * 1000) : null;
      await tx.insert(orders).values({
        id,
        userId: customerUserId,
        status: plan.status,
        paymentStatus: plan.payment,
        paymentReference: reference,
        subtotal,
        shipping,
        discount,
        promoCode: applied?.promo.code ?? null,
        total,
        ...delivery,
        shippingAddress: address,
        stockState: paid ? 'committed' : 'released',
        paidAt,
        createdAt,
        updatedAt: paidAt ?? createdAt,
      });
      await tx.insert(orderItems).values(lines);
      if (applied)
        await tx.insert(promoRedemptions).values({
          orderId: id,
          promoId: applied.promo.id,
          userId: customerUserId,
          state: paid ? 'used' : 'released',
          discount,
          createdAt,
        });
      const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60 * 1000);
      const events: (typeof paymentEvents.$inferInsert)[] = [
        { orderId: id, kind: 'created', detail: { reference, total, demo: true }, createdAt },
        { orderId: id, kind: 'initialized', detail: { reference, mode: 'demo' }, createdAt: at(0.1) },
      ];
      if (paid) {
        const channel = random.pick(CHANNELS);
        const confirmedBy = random() < 0.7 ? 'callback' : 'webhook';
        events.push({
          orderId: id,
          kind: 'paid',
          detail: { confirmedBy, amount: total, currency: 'NGN', channel },
          createdAt: paidAt!,
        });
        await tx.insert(payments).values({
          orderId: id,
          reference,
          amount: total,
          currency: 'NGN',
          channel,
          confirmedBy,
          paidAt,
          payload: { demo: true, status: 'success', reference, amount: total, currency: 'NGN', channel },
          createdAt: paidAt!,
        });
      } else {
        if (plan.payment === 'failed')
          events.push({
            orderId: id,
            kind: 'not-successful',
            detail: { confirmedBy: 'callback', status: 'failed', gatewayResponse: 'Declined' },
            createdAt: at(3),
          });
        events.push({
          orderId: id,
          kind: 'released',
          detail: { providerStatus: plan.payment, paymentStatus: plan.payment },
          createdAt: at(45),
        });
      }
      await tx.insert(paymentEvents).values(events);
    }
    return DEMO_ORDER_PLAN.length;
  });
}
