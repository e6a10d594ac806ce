/**
 * What an order was promised at checkout (decision 0022): the zone and working days, or pickup with where and when to
 * collect; from the order's own snapshot, so a zone changed or deleted since changes nothing here. The customer's
 * order pages and the admin's order page.
 */
import { describeOrderDelivery } from '~/lib/delivery/delivery';
import type { OrderDelivery } from '~/lib/orders/orders';

export function OrderDeliverySection({ delivery, labelClass }: { delivery: OrderDelivery; labelClass: string }) {
  const pickup = delivery.method === 'pickup';
  return (
    <section aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className={labelClass}>
        {pickup ? 'Pickup' : 'Delivery'}
      </h2>
      <p className="mt-3 text-sm">{describeOrderDelivery(delivery)}</p>
      {pickup && delivery.pickupAddress ? (
        <p className="mt-1 text-sm text-muted">
          Collect at {delivery.pickupAddress}
          {delivery.pickupHours ? ` (open ${delivery.pickupHours})` : ''}.
        </p>
      ) : null}
    </section>
  );
}
