/**
 * The checkout's choice of how to pay (decision 0037): Paystack, or pay on delivery (cash, POS or transfer at the
 * door). Shown only while the address's zone, the total and the customer's orders allow it
 * (lib/checkout/pay-on-delivery.ts); without JavaScript it follows the address after "Update delivery". The server
 * decides again at Pay, whatever the form says.
 */
import { POD_WORDS, PAYMENT_METHOD_FIELD } from '~/lib/checkout/pay-on-delivery';
import type { PaymentMethod } from '~/lib/orders/orders';

const OPTIONS: { value: PaymentMethod; label: string }[] = [
  { value: 'paystack', label: POD_WORDS.paystack },
  { value: 'pay_on_delivery', label: POD_WORDS.payOnDelivery },
];

export function PaymentMethodField({ chosen }: { chosen: PaymentMethod }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-xs font-medium uppercase tracking-widest">{POD_WORDS.legend}</legend>
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer gap-3 border border-line p-4 text-sm has-[:checked]:border-ink"
        >
          <input
            type="radio"
            name={PAYMENT_METHOD_FIELD}
            value={option.value}
            defaultChecked={chosen === option.value}
            className="mt-1 accent-ink"
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
