/**
 * The shipping form and the Pay button. Without JavaScript the form posts and the server redirects to
 * Paystack's page, which comes back to /checkout/callback. With JavaScript the required fields are checked
 * here first, the server creates the order and initializes the payment, and the pop-up resumes it; its
 * success only sends the browser to the callback, where the server verifies.
 */
import { useEffect, useRef, useState } from 'react';
import { Form, useNavigate, useNavigation } from 'react-router';
import { AddressFields } from '~/components/account/address-form';
import { FormMessage } from '~/components/account/fields';
import type { FieldErrors } from '~/lib/account-forms';
import type { AddressField, ShippingAddress } from '~/lib/address';
import { CHECKOUT_MESSAGES, missingRequired } from '~/lib/checkout';
import { formatNaira } from '~/lib/money';
import { useHydrated } from '~/hooks/use-hydrated';
import { openPaystackPopup } from './paystack-popup';

export type PopupPayment = { accessCode: string; inlineScriptUrl: string; reference: string; orderId: string };

export type CheckoutActionData = {
  values?: ShippingAddress;
  fieldErrors?: FieldErrors<AddressField>;
  formError?: string;
  payment?: PopupPayment;
};

type Props = {
  address: ShippingAddress;
  total: number;
  actionData?: CheckoutActionData;
  notice?: string;
  disabledReason?: string;
};

const REQUIRED_ERROR = 'This field is required.';

/** The server's verdict on the shopper's own payment (routes/checkout-payment-status.ts). */
async function checkPayment(reference: string): Promise<{ kind: string; orderId?: string }> {
  const response = await fetch(`/checkout/payment-status?${new URLSearchParams({ reference })}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`payment status answered ${response.status}`);
  return (await response.json()) as { kind: string; orderId?: string };
}

export function CheckoutForm({ address, total, actionData, notice, disabledReason }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submitting = useNavigation().state !== 'idle';
  const [popupOpen, setPopupOpen] = useState(false);
  const [clientError, setClientError] = useState<{ message: string; fields: FieldErrors<AddressField> } | null>(null);
  const [popupMessage, setPopupMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const payment = actionData?.payment;

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
            else fail(checked.kind === 'review' ? CHECKOUT_MESSAGES.underReview : CHECKOUT_MESSAGES.notSuccessful);
          })
          .catch((error: Error) => fail(CHECKOUT_MESSAGES.notSuccessful, error.message));
      },
      onError: (error) => fail(CHECKOUT_MESSAGES.processingError, error.message),
    }).catch((error: Error) => fail(CHECKOUT_MESSAGES.processingError, error.message));
  }, [payment, navigate]);

  function checkRequired(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Partial<Record<AddressField, unknown>>;
    const missing = missingRequired(values);
    if (missing.length === 0) {
      setClientError(null);
      setPopupMessage(null);
      return;
    }
    event.preventDefault();
    setClientError({
      message: CHECKOUT_MESSAGES.requiredFields,
      fields: Object.fromEntries(missing.map((field) => [field, REQUIRED_ERROR])),
    });
    formRef.current?.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
  }

  const busy = submitting || popupOpen;
  const values = actionData?.values ?? address;
  const fieldErrors = clientError?.fields ?? actionData?.fieldErrors;
  const message = clientError?.message ?? popupMessage ?? actionData?.formError ?? notice;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={checkRequired}
      aria-labelledby="shipping-heading"
      className="space-y-6"
    >
      <h2 id="shipping-heading" className="text-xs font-semibold uppercase tracking-widest">
        Shipping details
      </h2>
      <FormMessage error={message} />
      {/* Field errors of a new submission replace the old ones: the key remounts the uncontrolled inputs. */}
      <AddressFields key={JSON.stringify(values)} values={values} fieldErrors={fieldErrors} />
      {hydrated ? <input type="hidden" name="mode" value="popup" /> : null}
      {disabledReason ? (
        <p role="alert" className="border border-sale px-4 py-3 text-sm text-sale">
          {disabledReason}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || Boolean(disabledReason)}
        className="h-14 w-full bg-ink px-6 text-xs font-semibold uppercase tracking-widest text-paper disabled:opacity-60"
      >
        {busy ? 'Processing…' : `Pay ${formatNaira(total)}`}
      </button>
      <p className="text-center text-xs text-muted">
        Card payments are processed securely by Paystack. Your card details never reach our servers.
      </p>
    </Form>
  );
}
