import { formatNaira } from '~/lib/money';

/**
 * The summary lines of docs/requirements.md#15-limits-and-constants: subtotal, flat delivery, discount '-' (no discount
 * logic), total. Cart and checkout.
 */
export function TotalsList({
  subtotal,
  deliveryFee,
  itemCount,
  className = '',
}: {
  subtotal: number;
  deliveryFee: number;
  itemCount: number;
  className?: string;
}) {
  return (
    <dl className={`space-y-3 text-sm ${className}`}>
      <div className="flex justify-between">
        <dt className="text-muted">
          Subtotal ({itemCount} {itemCount === 1 ? 'item' : 'items'})
        </dt>
        <dd>{formatNaira(subtotal)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted">Delivery</dt>
        <dd>{formatNaira(deliveryFee)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted">Discount</dt>
        <dd>-</dd>
      </div>
      <div className="flex justify-between border-t border-line pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd>{formatNaira(subtotal + deliveryFee)}</dd>
      </div>
    </dl>
  );
}
