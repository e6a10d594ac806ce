/**
 * The checkout's delivery part (decision 0022): delivery to the address or pickup (when the store offers it), and
 * what the choice costs and promises. With JavaScript the quote follows the state and town as they are typed (the
 * page computes it with the server's own rules, lib/orders/order-totals.ts); without it, "Update delivery" posts the
 * form and the server sends it back, as typed, with the fee for the address. Either way Pay carries the fee shown, and the
 * server refuses a Pay whose fee is not the one it charges.
 */
import type { ReactNode } from 'react';
import type { CheckoutTotals } from '~/lib/checkout/checkout-totals';
import { describeQuote, DELIVERY_MESSAGES, type DeliveryMethod, type PickupOptions } from '~/lib/delivery/delivery';
import { formatFee, formatNaira } from '~/lib/money';

export function DeliveryMethodField({ method, pickup }: { method: DeliveryMethod; pickup: PickupOptions }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-xs font-medium uppercase tracking-widest">Delivery or pickup</legend>
      <MethodOption value="delivery" chosen={method}>
        <span>Deliver to my address</span>
      </MethodOption>
      <MethodOption value="pickup" chosen={method}>
        <span>
          <span className="block">Pick up at our store · {formatFee(pickup.fee)}</span>
          <span className="block text-muted">{pickup.address}</span>
          {pickup.hours ? <span className="block text-muted">Open {pickup.hours}</span> : null}
        </span>
      </MethodOption>
    </fieldset>
  );
}

/** One way to get the order, as a whole-box radio button (the box is outlined when chosen). */
function MethodOption({
  value,
  chosen,
  children,
}: {
  value: DeliveryMethod;
  chosen: DeliveryMethod;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer gap-3 border border-line p-4 text-sm has-[:checked]:border-ink">
      <input type="radio" name="delivery" value={value} defaultChecked={chosen === value} className="mt-1 accent-ink" />
      {children}
    </label>
  );
}

export function DeliveryQuote({
  priced,
  method,
  freeDeliveryOver,
  canUpdate,
}: {
  priced: CheckoutTotals;
  method: DeliveryMethod;
  freeDeliveryOver: number | null;
  /** The page without JavaScript: a button asks the server for the fee of the address typed. */
  canUpdate: boolean;
}) {
  const { quote, totals } = priced;
  const missing = method === 'pickup' ? DELIVERY_MESSAGES.pickupUnavailable : DELIVERY_MESSAGES.chooseState;
  return (
    <div className="space-y-2 border border-line bg-neutral-50 p-4 text-sm">
      <p role="status" id="delivery-quote">
        {quote && totals ? (
          <>
            <span className="font-medium">{describeQuote(quote)}</span> · {formatFee(totals.delivery)}
          </>
        ) : (
          missing
        )}
      </p>
      {quote?.pickup ? (
        <p className="text-muted">
          Collect it at {quote.pickup.address}
          {quote.pickup.hours ? ` (open ${quote.pickup.hours})` : ''}. We tell you when it is ready.
        </p>
      ) : null}
      {freeDeliveryOver !== null ? (
        <p className="text-muted">Free delivery on orders of {formatNaira(freeDeliveryOver)} or more.</p>
      ) : null}
      {canUpdate ? (
        <button
          type="submit"
          name="intent"
          value="quote"
          formNoValidate
          className="h-10 border border-ink px-4 text-xs font-medium uppercase tracking-widest"
        >
          Update delivery
        </button>
      ) : null}
    </div>
  );
}
