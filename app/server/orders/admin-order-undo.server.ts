import { lastShipment, undoStatusOf, type OrderUndo } from '~/lib/orders/admin-order-card';
import type { OrderStatus } from '~/lib/orders/orders';
import { getOrderHistory } from './orders.server';

/**
 * The orders list's Undo after a card's one-tap change (decision 0045): the status it replaced (`was` in the list's
 * address), the order's status now when this page of the list shows it, and, to put back Shipped, the order's last
 * shipment (one more read, only then). Null when the address names no valid status.
 */
export async function orderUndoOf(
  orderId: string,
  wasParam: string | null,
  shown: { id: string; status: OrderStatus }[],
): Promise<OrderUndo | null> {
  const was = undoStatusOf(wasParam);
  if (!was) return null;
  const now = shown.find((order) => order.id === orderId)?.status ?? null;
  const shipment = was === 'shipped' ? lastShipment((await getOrderHistory(orderId))?.timeline ?? []) : null;
  return { orderId, now, was, shipment };
}
