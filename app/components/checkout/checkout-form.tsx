/**
 * The shipping form and the Pay button. Without JavaScript the form posts and the server redirects to
 * Paystack's page, which comes back to /checkout/callback. With JavaScript the form is checked here first with the
 * action's own schema, the server creates the order and initializes the payment, and the pop-up resumes it; its
 * success only sends the browser to the callback, where the server verifies.
 */
import { FormProvider, getFormProps, type SubmissionResult } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import { Form, useNavigate, useNavigation } from 'react-router';
import { AddressFields } from '~/components/accounts/address-form';
import { FormMessage } from '~/components/accounts/fields';
import { useSchemaForm } from '~/components/forms/schema-form';
import { ADDRESS_FIELDS, type ShippingAddress } from '~/lib/accounts/address';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { checkoutFormSchema } from '~/lib/checkout/checkout-account';
import { deliveryChoiceOf, type DeliveryChoice, type DeliveryConfig } from '~/lib/delivery/delivery';
import { formatNaira } from '~/lib/money';
import { PAID_BY_DISCOUNT } from '~/lib/payments/paid-by-discount';
import type { CheckoutTotals } from '~/lib/checkout/checkout-totals';
import { PAYMENT_METHOD_FIELD, paymentMethodOf, podVerdict, POD_WORDS } from '~/lib/checkout/pay-on-delivery';
import { useHydrated, useOnHydration } from '~/hooks/use-hydrated';
import { CheckoutAccountFields, CheckoutSignInNote } from './checkout-account-fields';
import { DeliveryMethodField, DeliveryQuote } from './delivery-choice';
import { PaymentMethodField } from './payment-method-field';
import { openPaystackPopup } from './paystack-popup';

export type PopupPayment = { accessCode: string; inlineScriptUrl: string; reference: string; orderId: string };

type Props = {
  /** False: a signed-out shopper, whose Pay also makes their account (checkout-account-fields.tsx). */
  signedIn: boolean;
  /** The saved address, or a blank one with the account's name and email. */
  address: ShippingAddress;
  /** What the goods cost, less the promo code's discount on them: the Pay button's "+ delivery" before a state. */
  goods: number;
  delivery: DeliveryConfig;
  /** What the shopper chose (method, state, town) and what it costs: the page's summary shows the same. */
  choice: DeliveryChoice;
  priced: CheckoutTotals;
  /** Called as the method, state or town change in the form. */
  onChoice: (choice: DeliveryChoice) => void;
  /** The action's reply to the last Pay. */
  result?: SubmissionResult<string[]>;
  /** The payment the server initialized, for the pop-up to resume. */
  payment?: PopupPayment;
  notice?: string;
  disabledReason?: string;
};

/** The server's verdict on the shopper's own payment (routes/checkout-payment-status.ts). */
async function checkPayment(reference: string): Promise<{ kind: string; orderId?: string }> {
  const response = await fetch(`/checkout/payment-status?${new URLSearchParams({ reference })}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`payment status answered ${response.status}`);
  return (await response.json()) as { kind: string; orderId?: string };
}

/** What the form says when the pop-up closed without a payment on its way. */
function closedMessage(kind: string): string {
  if (kind === 'review') return CHECKOUT_MESSAGES.underReview;
  // A card left at its OTP step (decision 0029): Pay resumes the same transaction.
  if (kind === 'unfinished') return CHECKOUT_MESSAGES.cardUnfinished;
  return CHECKOUT_MESSAGES.notSuccessful;
}

/** The delivery choice as the form's fields hold it now. */
const choiceIn = (form: HTMLFormElement): DeliveryChoice => {
  const fields = new FormData(form);
  return deliveryChoiceOf({ delivery: fields.get('delivery'), state: fields.get('state'), city: fields.get('city') });
};

export function CheckoutForm(props: Props) {
  const { signedIn, address, goods, delivery, choice, priced, onChoice, result, payment, notice, disabledReason } =
    props;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submitting = useNavigation().state !== 'idle';
  const [popupOpen, setPopupOpen] = useState(false);
  const [popupMessage, setPopupMessage] = useState<string | null>(null);
  // How the shopper pays: what the server sent back as typed (a page without JavaScript), then the radio buttons.
  const [method, setMethod] = useState(() => paymentMethodOf(result?.initialValue?.[PAYMENT_METHOD_FIELD]));
  const [form, fields] = useSchemaForm(checkoutFormSchema(signedIn), {
    id: 'shipping',
    lastResult: result,
    defaultValue: address,
    // A new Pay that passed the check no longer shows what the last pop-up said.
    onSubmit: () => setPopupMessage(null),
  });
  // A state or town typed before the scripts arrived (decision 0010) is quoted as soon as they do.
  useOnHydration(() => {
    const element = document.getElementById(form.id);
    if (element instanceof HTMLFormElement) onChoice(choiceIn(element));
  });

  useEffect(() => {
    if (!payment) return;
    setPopupOpen(true);
    setPopupMessage(null);
    const fail = (message: string, internal?: string) => {
      if (internal) console.error(internal);
      setPopupOpen(false);
      setPopupMessage(message);
    };
    openPaystackPopup(payment, {
      onSuccess: () => navigate(`/checkout/callback?${new URLSearchParams({ reference: payment.reference })}`),
      // inline.js calls onCancel when the shopper closes the pop-up, and also while a bank transfer is still waiting
      // for the bank (transfer:pending): only the server can tell which. Money on its way → the order's page, which
      // never offers a second payment; nothing paid → Pay works again, with the pending order, cart and form kept.
      onCancel: () => {
        checkPayment(payment.reference)
          .then((checked) => {
            if (checked.orderId && ['paid', 'awaiting', 'unconfirmed'].includes(checked.kind))
              navigate(`/order-success/${checked.orderId}`);
            else fail(closedMessage(checked.kind));
          })
          .catch((error: Error) => fail(CHECKOUT_MESSAGES.notSuccessful, error.message));
      },
      onError: (error) => fail(CHECKOUT_MESSAGES.processingError, error.message),
    }).catch((error: Error) => fail(CHECKOUT_MESSAGES.processingError, error.message));
  }, [payment, navigate]);

  const busy = submitting || popupOpen;
  // A pop-up closed without paying leaves the focus on the page's body (Pay was disabled while the server was asked):
  // it goes back to Pay, which the message above it explains, so a keyboard shopper can try again from there.
  const payButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (popupMessage && !popupOpen) payButton.current?.focus();
  }, [popupMessage, popupOpen]);
  // After a refused Pay (here or by the server) the top of the form says why, as a long form on a phone may hide the
  // field in question: the form's own error (blank fields, a refusal), else the first field's.
  const firstFieldError =
    form.status === 'error' ? ADDRESS_FIELDS.map((name) => fields[name].errors?.[0]).find(Boolean) : undefined;
  const message = form.errors?.[0] ?? firstFieldError ?? popupMessage ?? notice;
  const { pickup, freeDeliveryOver } = delivery.options;
  const { totals } = priced;
  // A ₦0 total (the code takes everything off, delivery free) is placed and paid by its discount: no Paystack.
  const free = totals?.total === 0;
  // Pay on delivery, where the address's zone and the total allow it (decision 0037); the customer's own orders (a
  // first order, refusals) are the server's to check at Pay: reading them here would cost the page a statement.
  const podOffered = !free && totals !== null && podVerdict(delivery, choice, totals.total, null).kind === 'offered';
  const onDelivery = podOffered && method === 'pay_on_delivery';
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onChange={(event) => {
        onChoice(choiceIn(event.currentTarget));
        setMethod(paymentMethodOf(new FormData(event.currentTarget).get(PAYMENT_METHOD_FIELD)));
      }}
      aria-labelledby="shipping-heading"
      className="space-y-6"
    >
      {/* The first submit button is what Enter in a field presses: Pay, never "Update delivery". */}
      <button
        type="submit"
        name="intent"
        value="pay"
        disabled={busy || Boolean(disabledReason)}
        hidden
        tabIndex={-1}
        aria-hidden="true"
      />
      <h2 id="shipping-heading" className="text-xs font-semibold uppercase tracking-widest">
        Shipping details
      </h2>
      <FormMessage id={form.errorId} error={message} />
      {signedIn ? null : <CheckoutSignInNote />}
      {pickup.enabled ? <DeliveryMethodField method={choice.method} pickup={pickup} /> : null}
      <AddressFields fields={fields} />
      {signedIn ? null : (
        <FormProvider context={form.context}>
          <CheckoutAccountFields />
        </FormProvider>
      )}
      <DeliveryQuote priced={priced} method={choice.method} freeDeliveryOver={freeDeliveryOver} canUpdate={!hydrated} />
      {/* The fee and total this page shows: the server charges its own and refuses Pay when they differ. */}
      <input type="hidden" name="shownDeliveryFee" value={totals ? String(totals.delivery) : ''} />
      <input type="hidden" name="shownTotal" value={totals ? String(totals.total) : ''} />
      {podOffered ? <PaymentMethodField chosen={method} /> : null}
      {hydrated ? <input type="hidden" name="mode" value="popup" /> : null}
      {disabledReason ? (
        <p role="alert" className="border border-sale px-4 py-3 text-sm text-sale">
          {disabledReason}
        </p>
      ) : null}
      <button
        ref={payButton}
        type="submit"
        name="intent"
        value="pay"
        disabled={busy || Boolean(disabledReason)}
        className="h-14 w-full bg-ink px-6 text-xs font-semibold uppercase tracking-widest text-paper disabled:opacity-60"
      >
        {busy
          ? 'Processing…'
          : free
            ? PAID_BY_DISCOUNT.button
            : onDelivery && totals
              ? `${POD_WORDS.placeButton} · ${formatNaira(totals.total)}`
              : `Pay ${totals ? formatNaira(totals.total) : `${formatNaira(goods)} + delivery`}`}
      </button>
      <p className="text-center text-xs text-muted">
        {free
          ? PAID_BY_DISCOUNT.note
          : onDelivery
            ? POD_WORDS.placeNote
            : 'Card payments are processed securely by Paystack. Your card details never reach our servers.'}
      </p>
    </Form>
  );
}
