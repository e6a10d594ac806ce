import { Link } from 'react-router';
import { promoDiscount, type PromoView } from '~/lib/promo/cart-promo';
import { formatNaira } from '~/lib/money';
import { cartOrderTotals, type CartDeliveryTerms, type PricedItem } from '~/lib/orders/order-totals';
import { PromoCode } from '../promo/cart-promo-code';
import { TotalsList } from './totals-list';

/**
 * The cart's summary (docs/requirements.md#15-limits-and-constants), from lib/orders/order-totals.ts: the delivery fee
 * when every address pays the same, else "Calculated at checkout"; the promo code's discount; and how far the cart is from
 * free delivery (the goods before any code count, as order-totals.ts counts them).
 */
export function OrderSummary({
  items,
  itemCount,
  delivery,
  promo,
}: {
  items: readonly PricedItem[];
  itemCount: number;
  delivery: CartDeliveryTerms;
  promo: PromoView | null;
}) {
  const discount = promoDiscount(promo);
  const totals = cartOrderTotals(items, delivery, discount);
  const { freeDeliveryOver } = delivery;
  const toFree = freeDeliveryOver === null || discount.delivery === 'all' ? 0 : freeDeliveryOver - totals.subtotal;
  return (
    <aside aria-labelledby="order-summary" className="h-fit border border-line p-6 wrap-anywhere lg:sticky lg:top-24">
      <h2 id="order-summary" className="text-xs font-semibold uppercase tracking-widest">
        Order Summary
      </h2>
      <TotalsList totals={totals} itemCount={itemCount} deliveryPending="Calculated at checkout" className="mt-6" />
      <PromoCode promo={promo} />
      {freeDeliveryOver !== null ? (
        <p className="mt-4 text-xs text-muted">
          {toFree > 0
            ? `Add ${formatNaira(toFree)} more for free delivery (orders of ${formatNaira(freeDeliveryOver)} or more).`
            : 'Your order has free delivery.'}
        </p>
      ) : null}
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
