import { Link } from 'react-router';
import { TotalsList } from './totals-list';

/**
 * docs/requirements.md#15-limits-and-constants: flat delivery fee, no discount logic (a dash), total = subtotal +
 * delivery.
 */
export function OrderSummary({
  subtotal,
  deliveryFee,
  itemCount,
}: {
  subtotal: number;
  deliveryFee: number;
  itemCount: number;
}) {
  return (
    <aside aria-labelledby="order-summary" className="h-fit border border-line p-6 lg:sticky lg:top-24">
      <h2 id="order-summary" className="text-xs font-semibold uppercase tracking-widest">
        Order Summary
      </h2>
      <TotalsList subtotal={subtotal} deliveryFee={deliveryFee} itemCount={itemCount} className="mt-6" />
      <Link
        to="/checkout"
        className="mt-6 block bg-ink px-6 py-4 text-center text-xs font-semibold uppercase tracking-widest text-paper hover:bg-neutral-800"
      >
        Proceed to Checkout
      </Link>
      <Link
        to="/collections"
        className="mt-3 block text-center text-xs uppercase tracking-widest text-muted underline underline-offset-4 hover:text-ink"
      >
        Continue Shopping
      </Link>
    </aside>
  );
}
