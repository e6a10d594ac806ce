import { formatFee, formatNaira } from '~/lib/money';
import type { KnownTotals } from '~/lib/orders/order-totals';

/**
 * The summary lines of docs/requirements.md#15-limits-and-constants: subtotal, delivery, discount ('-' when none),
 * total, as computed by lib/orders/order-totals.ts. Delivery may not be known yet (it depends on the address): the line
 * then says why, and the total is the subtotal less the discount "+ delivery" (the discount is then the goods' only, as
 * lib/orders/order-totals.ts gives it). Cart and checkout.
 */
export function TotalsList({
  totals,
  itemCount,
  deliveryPending,
  className = '',
}: {
  totals: KnownTotals;
  itemCount: number;
  /** What the delivery line says while the fee is not known ("Calculated at checkout"). */
  deliveryPending: string;
  className?: string;
}) {
  const { subtotal, delivery, discount, total } = totals;
  return (
    <dl className={`space-y-3 text-sm ${className}`}>
      <div className="flex justify-between gap-4">
        <dt className="text-muted">
          Subtotal ({itemCount} {itemCount === 1 ? 'item' : 'items'})
        </dt>
        <dd>{formatNaira(subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted">Delivery</dt>
        <dd className={delivery === null ? 'text-right text-muted' : 'text-right'}>
          {delivery === null ? deliveryPending : formatFee(delivery)}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted">Discount</dt>
        <dd>{discount > 0 ? `-${formatNaira(discount)}` : '-'}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-line pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd>{total === null ? `${formatNaira(subtotal - discount)} + delivery` : formatNaira(total)}</dd>
      </div>
    </dl>
  );
}
