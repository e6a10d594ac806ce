/**
 * The `metadata` sent with an order's transaction (decision 0029). Paystack shows `custom_fields` on its dashboard,
 * receipts and exports (its OpenAPI: `metadata.custom_fields[]` of `display_name`, `variable_name`, `value`), so they
 * name the order number, what was bought and how it travels; `orderId` stays for the store's own look-ups.
 */
import { asc, eq } from 'drizzle-orm';
import { orderItems, orders } from '~/db/schema';
import { describeOrderDelivery } from '~/lib/delivery/delivery';
import { shortOrderId } from '~/lib/orders/orders';
import { describeItem } from '../../orders/order-mails.server';
import type { Database } from '../../db.server';

export type CustomField = { display_name: string; variable_name: string; value: string };
export type OrderMetadata = { orderId: string; custom_fields: CustomField[] };

/** Longer item lists are cut here with "and N more", so one huge order cannot swell the metadata. */
export const ITEMS_TEXT_LIMIT = 500;

type Line = { name: string; size: string; color: string; quantity: number };
type Delivery = Parameters<typeof describeOrderDelivery>[0] & { pickupAddress: string | null };

/** "Linen Shirt — M, Black × 2; Cap × 1", cut at ITEMS_TEXT_LIMIT characters with "and N more". */
export function itemsText(lines: readonly Line[]): string {
  const named = lines.map((line) => `${describeItem(line)} × ${line.quantity}`);
  const kept: string[] = [];
  for (const name of named) {
    const more = named.length - kept.length - 1;
    const length = [...kept, name].join('; ').length + (more > 0 ? `; and ${more} more`.length : 0);
    if (kept.length > 0 && length > ITEMS_TEXT_LIMIT) break;
    kept.push(name);
  }
  const left = named.length - kept.length;
  return left > 0 ? `${kept.join('; ')}; and ${left} more` : kept.join('; ');
}

/** "Delivery: Lagos Mainland: 1–2 working days", or "Pickup at 12 Allen Avenue, Ikeja (ready in …)". */
export function deliveryText(delivery: Delivery): string {
  const promise = describeOrderDelivery(delivery);
  if (delivery.method !== 'pickup') return `Delivery: ${promise}`;
  const where = delivery.pickupAddress ? ` at ${delivery.pickupAddress}` : '';
  return `Pickup${where} (${promise.replace(/^Pickup: /, '')})`;
}

export function orderMetadata(orderId: string, lines: readonly Line[], delivery: Delivery): OrderMetadata {
  return {
    orderId,
    custom_fields: [
      { display_name: 'Order number', variable_name: 'order_number', value: shortOrderId(orderId) },
      { display_name: 'Items', variable_name: 'items', value: itemsText(lines) },
      { display_name: 'Delivery', variable_name: 'delivery', value: deliveryText(delivery) },
    ],
  };
}

/** The metadata of order `orderId`, read from its own snapshots. */
export async function readOrderMetadata(tx: Pick<Database, 'select'>, orderId: string): Promise<OrderMetadata> {
  const [delivery] = await tx
    .select({
      method: orders.deliveryMethod,
      zone: orders.deliveryZone,
      minDays: orders.deliveryDaysMin,
      maxDays: orders.deliveryDaysMax,
      pickupAddress: orders.pickupAddress,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const lines = await tx
    .select({ name: orderItems.name, size: orderItems.size, color: orderItems.color, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return orderMetadata(orderId, lines, delivery);
}
