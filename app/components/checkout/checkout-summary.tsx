/**
 * The order summary beside the checkout form: lines, subtotal, delivery, discount, total
 * (docs/requirements.md#15-limits-and-constants), as lib/order-totals.ts computes them for the delivery chosen, and
 * what that delivery promises.
 */
import { TotalsList } from '~/components/cart/totals-list';
import { ResponsiveImage } from '~/components/responsive-image';
import type { CartLineView } from '~/lib/cart-rules';
import { describeQuote, DELIVERY_MESSAGES } from '~/lib/delivery';
import { formatNaira } from '~/lib/money';
import type { CheckoutTotals } from '~/lib/checkout-totals';

type Props = { lines: CartLineView[]; subtotal: number; itemCount: number; priced: CheckoutTotals };

export function CheckoutSummary({ lines, subtotal, itemCount, priced }: Props) {
  const { quote, totals } = priced;
  return (
    <section aria-labelledby="checkout-summary" className="h-fit border border-line p-6">
      <h2 id="checkout-summary" className="text-xs font-semibold uppercase tracking-widest">
        Order Summary
      </h2>
      <ul className="mt-6 divide-y divide-line">
        {lines.map((line) => (
          <li key={line.id} className="flex gap-4 py-4 first:pt-0">
            <div className="w-16 shrink-0">
              <ResponsiveImage image={line.image} alt="" sizes="64px" className="aspect-[4/5]" />
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium">{line.name}</p>
              <p className="text-muted">
                {[line.size, line.color, `Qty ${line.quantity}`].filter(Boolean).join(' · ')}
              </p>
            </div>
            <p className="text-sm">{formatNaira(line.price * line.quantity)}</p>
          </li>
        ))}
      </ul>
      <TotalsList
        totals={totals ?? { subtotal, delivery: null, discount: 0, total: null }}
        itemCount={itemCount}
        deliveryPending="Choose your state"
        className="mt-4 border-t border-line pt-4"
      />
      <p className="mt-3 text-xs text-muted">{quote ? describeQuote(quote) : DELIVERY_MESSAGES.chooseState}</p>
    </section>
  );
}
