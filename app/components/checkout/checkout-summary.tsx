/**
 * The order summary beside the checkout form: lines, subtotal, delivery, discount, total
 * (docs/requirements.md#15-limits-and-constants), as lib/orders/order-totals.ts computes them for the delivery chosen
 * and the promo code's discount, what that delivery promises, and the promo code's own form.
 */
import { TotalsList } from '~/components/cart/totals-list';
import type { PromoView } from '~/lib/promo/cart-promo';
import { ResponsiveImage } from '~/components/responsive-image';
import type { CartLineView } from '~/lib/cart/cart-rules';
import { describeQuote, DELIVERY_MESSAGES } from '~/lib/delivery/delivery';
import { formatNaira } from '~/lib/money';
import type { CheckoutTotals } from '~/lib/checkout/checkout-totals';
import type { KnownTotals } from '~/lib/orders/order-totals';
import { CheckoutPromo, type PromoAnswer } from '../promo/checkout-promo-code-form';

type Props = {
  lines: CartLineView[];
  itemCount: number;
  priced: CheckoutTotals;
  /** The totals as far as they are known before a state is chosen (the code's discount on the goods). */
  pending: KnownTotals;
  /** The cart's promo code as the server checked it, and the promo form's last answer on a page without JavaScript. */
  promo: PromoView | null;
  promoAnswer?: PromoAnswer;
};

export function CheckoutSummary({ lines, itemCount, priced, pending, promo, promoAnswer }: Props) {
  const { quote, totals } = priced;
  return (
    <section aria-labelledby="checkout-summary" className="h-fit border border-line p-6 wrap-anywhere">
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
        totals={totals ?? pending}
        itemCount={itemCount}
        deliveryPending="Choose your state"
        className="mt-4 border-t border-line pt-4"
      />
      <p className="mt-3 text-xs text-muted">{quote ? describeQuote(quote) : DELIVERY_MESSAGES.chooseState}</p>
      <CheckoutPromo promo={promo} answer={promoAnswer} />
    </section>
  );
}
