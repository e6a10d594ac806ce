/**
 * /checkout: the shipping form and the order summary; payment starts here
 * (docs/architecture.md#5-checkout-and-payment). Visitors are sent to sign in first ('Please sign in to continue') and
 * come back here.
 */
import { data, Link, redirect } from 'react-router';
import { CheckoutForm, type CheckoutActionData } from '~/components/checkout/checkout-form';
import { CheckoutSummary } from '~/components/checkout/checkout-summary';
import { fieldErrorsOf, textFields } from '~/lib/account-forms';
import { ADDRESS_FIELDS, type ShippingAddress } from '~/lib/address';
import {
  CHECKOUT_MESSAGES,
  checkoutSchema,
  isPaymentResult,
  missingRequired,
  PAYMENT_RESULT_PARAM,
  PAYMENT_RESULTS,
} from '~/lib/checkout';
import { CLIENT_IP_HEADER, getUser, loginRedirect, requireUser } from '~/server/accounts/auth.server';
import { checkoutPage } from '~/server/checkout/checkout-page.server';
import { placeOrder } from '~/server/checkout/place-order.server';
import { startPayment } from '~/server/checkout/start-payment.server';
import { publicOrigin } from '~/server/public-url.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/checkout';

export function meta() {
  return [{ title: 'Checkout' }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = await checkoutPage(request, user);
  const result = new URL(request.url).searchParams.get(PAYMENT_RESULT_PARAM);
  return data(
    { ...page, notice: isPaymentResult(result) ? PAYMENT_RESULTS[result] : undefined },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await getUser(request);
  // docs/requirements.md#7-checkout: a signed-out shopper is told to sign in and sent to /login (and back here after).
  if (!user) throw loginRedirect(request, '/checkout');
  const form = await request.formData().catch(() => new FormData());
  // Only the address is read from the form: prices and totals always come from the database.
  const fields = textFields(form, ADDRESS_FIELDS);
  const values = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value.trim()]),
  ) as ShippingAddress;
  const missing = missingRequired(fields);
  const parsed = checkoutSchema.safeParse(fields);
  if (missing.length > 0 || !parsed.success) {
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    return data<CheckoutActionData>(
      {
        values,
        fieldErrors,
        formError: missing.length > 0 ? CHECKOUT_MESSAGES.requiredFields : Object.values(fieldErrors)[0],
      },
      { status: 400 },
    );
  }
  const placed = await placeOrder(user, parsed.data, { ip: request.headers.get(CLIENT_IP_HEADER) });
  if (placed.kind === 'refused')
    return data<CheckoutActionData>({ values, formError: placed.message }, { status: placed.status });
  // From PUBLIC_URL: Paystack sends the paying shopper back here, so no request header may choose it.
  const callbackUrl = `${publicOrigin()}/checkout/callback`;
  const started = await startPayment(placed.order, { email: user.email, callbackUrl });
  if (started.kind === 'failed')
    return data<CheckoutActionData>(
      { values, formError: started.unavailable ? started.reason : CHECKOUT_MESSAGES.processingError },
      { status: 503 },
    );
  if (form.get('mode') !== 'popup') return redirect(started.payment.authorizationUrl);
  const { accessCode, inlineScriptUrl, reference } = started.payment;
  return data<CheckoutActionData>({
    values: parsed.data,
    payment: { accessCode, inlineScriptUrl, reference, orderId: placed.order.id },
  });
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, deliveryFee, address, payments, notice } = loaderData;
  if (cart.lines.length === 0) {
    return (
      <section className="container-page py-16 text-center">
        <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Checkout</h1>
        <p className="mt-4 text-muted">{CHECKOUT_MESSAGES.emptyCart}</p>
        <Link
          to="/collections"
          className="mt-8 inline-block bg-ink px-8 py-4 text-xs font-semibold uppercase tracking-widest text-paper"
        >
          Shop the collection
        </Link>
      </section>
    );
  }
  const blocked = cart.lines.some((line) => !line.purchasable);
  const disabledReason =
    payments.mode === 'unavailable' ? payments.reason : blocked ? CHECKOUT_MESSAGES.unavailableLines : undefined;
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Checkout</h1>
      {payments.mode === 'test' ? (
        <p className="mt-4 border border-ink px-4 py-3 text-sm">
          Test mode: payments go to the Paystack simulator and no card is charged.
        </p>
      ) : null}
      {blocked ? (
        <p className="mt-4 text-sm">
          <Link to="/cart" className="underline underline-offset-4">
            Review your cart
          </Link>
        </p>
      ) : null}
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem]">
        <CheckoutForm
          address={address}
          total={cart.subtotal + deliveryFee}
          actionData={actionData}
          notice={notice}
          disabledReason={disabledReason}
        />
        <CheckoutSummary
          lines={cart.lines}
          subtotal={cart.subtotal}
          itemCount={cart.itemCount}
          deliveryFee={deliveryFee}
        />
      </div>
    </section>
  );
}
