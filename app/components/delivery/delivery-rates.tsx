/**
 * What delivery costs and takes across the store (decision 0022): each zone, the rest of Nigeria, free delivery and
 * pickup. The same for every shopper, so stored pages may show it (the product's Delivery panel, the FAQ, the terms).
 */
import type { DeliveryOverview } from '~/lib/delivery/delivery';

export function DeliveryRates({ overview, className = '' }: { overview: DeliveryOverview; className?: string }) {
  const { rates, freeOver, pickup } = overview;
  return (
    <div className={`space-y-2 ${className}`}>
      {rates.length ? (
        <ul className="space-y-1">
          {rates.map((rate) => (
            <li key={rate.name}>
              <span className="font-medium">{rate.name}</span>: {rate.days} · {rate.fee}
              {rate.arrival ? <span className="block text-muted">Estimated arrival: {rate.arrival}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {freeOver ? <p>Free delivery on orders of {freeOver} or more.</p> : null}
      {pickup ? (
        <p>
          Or pick up at {pickup.address}
          {pickup.hours ? ` (open ${pickup.hours})` : ''}: ready in {pickup.days} · {pickup.fee}.
        </p>
      ) : null}
    </div>
  );
}
