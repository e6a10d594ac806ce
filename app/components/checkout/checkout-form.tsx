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
import { useHydrated } from '~/lib/use-hydrated';
import { openPaystackPopup } from './paystack-popup';

export type PopupPayment = { accessCode: string; inlineScriptUrl: string; reference: string; orderId: string };

export type CheckoutActionData = { values?: ShippingAddress; fieldErrors?: FieldErrors<AddressField>; formError?: string; payment?: PopupPayment };

type Props = { address: ShippingAddress; total: number; actionData?: CheckoutActionData; notice?: string; disabledReason?: string };

const REQUIRED_ERROR = 'This field is required.';

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
      // Closing the pop-up (or declining in it) re-enables Pay; the pending order and the cart stay.
      onCancel: () => fail(CHECKOUT_MESSAGES.notSuccessful),
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
    setClientError({ message: CHECKOUT_MESSAGES.requiredFields, fields: Object.fromEntries(missing.map((field) => [field, REQUIRED_ERROR])) });
    formRef.current?.querySelector<HTMLElement>(`[name="${missing[0]}"]`)?.focus();
  }

  const busy = submitting || popupOpen;
  const values = actionData?.values ?? address;
  const fieldErrors = clientError?.fields ?? actionData?.fieldErrors;
  const message = clientError?.message ?? popupMessage ?? actionData?.formError ?? notice;
  return (
    <Form ref={formRef} method="post" noValidate onSubmit={checkRequired} aria-labelledby="shipping-heading" className="space-y-6">
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
      <p className="text-center text-xs text-muted">Card payments are processed securely by Paystack. Your card details never reach our servers.</p>
    </Form>
  );
}
