/**
 * /checkout: the shipping form and the order summary; payment starts here
 * (docs/architecture.md#5-checkout-and-payment). A signed-out shopper stays here: "Sign in" for an account they have,
 * or the form's account fields, which make their account (or sign them in) as they press Pay (decision 0038).
 */
import type { SubmissionResult } from '@conform-to/react';
import { useState } from 'react';
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { CheckoutForm } from '~/components/checkout/checkout-form';
import { CheckoutSummary } from '~/components/checkout/checkout-summary';
import { UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { PROMO_MESSAGES } from '~/lib/promo/promo';
import { promoDiscount } from '~/lib/promo/cart-promo';
import {
  CHECKOUT_INTENTS,
  CHECKOUT_MESSAGES,
  checkoutSchema,
  deliveryChoiceSchema,
  isPaymentResult,
  PAYMENT_RESULT_PARAM,
  PAYMENT_RESULTS,
  promoFormSchema,
} from '~/lib/checkout/checkout';
import { checkoutTotals } from '~/lib/checkout/checkout-totals';
import { cartOrderTotals } from '~/lib/orders/order-totals';
import { deliveryChoiceOf, type DeliveryChoice, type DeliveryConfig } from '~/lib/delivery/delivery';
import { PASSWORD_FIELDS } from '~/lib/accounts/account-forms';
import { applyPromoCode, removePromoCode } from '~/server/cart/cart-promo.server';
import { checkoutPage } from '~/server/checkout/checkout-page.server';
import { checkoutPayer } from '~/server/checkout/checkout-sign-up.server';
import { placeOrder } from '~/server/checkout/place-order.server';
import { startPayment } from '~/server/payments/start-payment.server';
import { readDeliveryConfig } from '~/server/delivery/delivery-config.server';
import { parseSubmission, readForm } from '~/server/http/form-submission.server';
import { readWithCookies, shopperOf } from '~/server/http/request-context.server';
import { publicOrigin } from '~/server/public-url.server';
import type { Route } from './+types/checkout';

export function meta() {
  return [{ title: 'Checkout' }, { name: 'robots', content: 'noindex' }];
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const shopper = await shopperOf(args);
  const page = await checkoutPage(shopper, shopper.user);
  const result = new URL(request.url).searchParams.get(PAYMENT_RESULT_PARAM);
  return data({ ...page, notice: isPaymentResult(result) ? PAYMENT_RESULTS[result] : undefined });
}

/**
 * The form's answer: Conform's reply, and the zones and options when they were read afresh for it (Update delivery, a
 * Pay refused for its fee), which the page then quotes from. One shape for every refusal, so the page reads them
 * without casts. `headers`: the session a signed-out shopper's Pay made before it was refused (decision 0038).
 */
const answer = (result: SubmissionResult<string[]>, status = 400, delivery?: DeliveryConfig, headers?: Headers) =>
  data({ result, delivery, signedIn: headers !== undefined }, { status, headers });

/**
 * The promo code form's answer (decision 0023): its message, and Conform's reply for the field. The code itself is
 * kept on the cart, so the page's loader shows what it does now.
 */
const promoAnswer = (ok: boolean, message: string, result: SubmissionResult<string[]>, status: number) =>
  data({ promo: { ok, message, result } }, { status });

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const shopper = await shopperOf(args);
  const { ip } = shopper;
  const form = await readForm(request);
  const intent = form.get('intent') ?? 'pay';
  if (!(CHECKOUT_INTENTS as readonly unknown[]).includes(intent))
    return answer(
      parseSubmission(form, checkoutSchema).reply({ formErrors: [UNKNOWN_ACTION], hideFields: PASSWORD_FIELDS }),
    );
  if (intent === 'quote') {
    // "Update delivery" without JavaScript: the form comes back as typed, priced by the zones as they are now (the
    // page computes the fee from them with lib/checkout/checkout-totals.ts); only the state and town are checked.
    const choice = parseSubmission(form, deliveryChoiceSchema);
    const delivery = await readDeliveryConfig();
    return answer(choice.reply({ hideFields: PASSWORD_FIELDS }), choice.status === 'success' ? 200 : 400, delivery);
  }
  if (intent === 'promo' || intent === 'remove-promo') {
    // Kept on the cart, as the cart page's own form keeps it; the page then shows the code's discount or its reason.
    const submission = parseSubmission(form, promoFormSchema);
    if (intent === 'remove-promo') {
      const removed = await removePromoCode(shopper);
      return promoAnswer(true, removed.message, submission.reply({ resetForm: true }), removed.status);
    }
    if (submission.status !== 'success') {
      const message = submission.error?.promoCode?.[0] ?? PROMO_MESSAGES.empty;
      return promoAnswer(false, message, submission.reply(), 400);
    }
    const applied = await applyPromoCode(shopper, submission.value.promoCode);
    const reply =
      applied.status === 200
        ? submission.reply({ resetForm: true })
        : submission.reply({ fieldErrors: { promoCode: [applied.message] } });
    return promoAnswer(applied.ok, applied.message, reply, applied.status);
  }
  // A signed-out shopper's Pay first makes their account or signs them in (decision 0038): every answer from here on
  // carries the new session's cookies, the pop-up's data as much as the redirect to Paystack.
  const payer = await checkoutPayer(request, form, shopper);
  if (!payer.ok) return answer(payer.result, payer.status);
  const { user: customer, headers: cookies } = payer;
  // Without JavaScript a refusal below is rendered by this request: its loaders must see the new session and cart.
  if (cookies) readWithCookies(args, cookies);
  // The address, delivery or pickup, and the fee and total the page showed are read from the form (the schema drops
  // anything else): prices, fees, discounts and totals always come from the database.
  const submission = parseSubmission(form, checkoutSchema);
  if (submission.status !== 'success') return answer(submission.reply(), 400, undefined, cookies);
  const { delivery: method, shownDeliveryFee, shownTotal, paymentMethod, ...address } = submission.value;
  const pay = { method, shownFee: shownDeliveryFee, shownTotal, paymentMethod };
  const placed = await placeOrder(customer, address, pay, { ip });
  if (placed.kind === 'delivery-changed') {
    // The page shows the fee and total now charged, and Pay confirms them (decision 0022).
    return answer(submission.reply({ formErrors: [placed.message] }), placed.status, placed.delivery, cookies);
  }
  if (placed.kind === 'refused')
    return answer(submission.reply({ formErrors: [placed.message] }), placed.status, undefined, cookies);
  // Pay on delivery (decision 0037): placed without Paystack, straight to its confirmation, with or without JS.
  if (placed.kind === 'placed-on-delivery') return redirect(`/order-success/${placed.orderId}`, { headers: cookies });
  // From PUBLIC_URL: Paystack sends the paying shopper back here, so no request header may choose it.
  const callbackUrl = `${publicOrigin()}/checkout/callback`;
  const started = await startPayment(placed.order, { email: customer.email, callbackUrl });
  // A ₦0 order is paid by its discount at once (decision 0028): straight to its confirmation, with or without JS.
  if (started.kind === 'paid') return redirect(`/order-success/${started.orderId}`, { headers: cookies });
  if (started.kind === 'failed') {
    const message = started.unavailable ? started.reason : CHECKOUT_MESSAGES.processingError;
    return answer(submission.reply({ formErrors: [message] }), 503, undefined, cookies);
  }
  if (form.get('mode') !== 'popup') return redirect(started.payment.authorizationUrl, { headers: cookies });
  const { accessCode, inlineScriptUrl, reference } = started.payment;
  // No form reply: the form keeps what was typed (a closed or declined pop-up leaves it ready for Pay again), and an
  // answer without `result` keeps its own type beside the form's answers.
  return data({ payment: { accessCode, inlineScriptUrl, reference, orderId: placed.order.id } }, { headers: cookies });
}

/**
 * A refused Pay (409: a price, the fee or the promo code changed since the page) reloads the page's cart and code, so
 * it shows the total now charged and Pay confirms it; React Router would skip that after an error status. So does a
 * Pay refused after it signed the shopper in (decision 0038): the page becomes the customer's.
 */
export function shouldRevalidate({
  actionStatus,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const signedInNow = typeof actionResult === 'object' && actionResult !== null && actionResult.signedIn === true;
  return actionStatus === 409 || signedInNow || defaultShouldRevalidate;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, promo, address, payments, notice } = loaderData;
  const formAnswer = actionData && 'result' in actionData ? actionData : undefined;
  const result = formAnswer?.result;
  // An answer that read the zones afresh (Update delivery, or Pay refused for a changed fee) quotes from them.
  const delivery = formAnswer?.delivery ?? loaderData.delivery;
  // What the server sent back as typed (a page without JavaScript), else the prefilled address; then the fields.
  const [choice, setChoice] = useState<DeliveryChoice>(() => deliveryChoiceOf(result?.initialValue ?? address));
  // A store that stopped offering pickup has no pickup choice on the page: the form posts delivery.
  const chosen: DeliveryChoice = delivery.options.pickup.enabled ? choice : { ...choice, method: 'delivery' };
  const items = cart.lines.map((line) => ({ unitPrice: line.price, quantity: line.quantity }));
  // The code's discount as the server found it for this cart (decision 0023); Pay confirms the total it gives.
  const discount = promoDiscount(promo);
  const priced = checkoutTotals(items, delivery, chosen, discount);
  const pending = cartOrderTotals(items, { fee: null, freeDeliveryOver: delivery.options.freeDeliveryOver }, discount);
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
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <CheckoutForm
          signedIn={loaderData.signedIn}
          address={address}
          goods={pending.subtotal - pending.discount}
          delivery={delivery}
          choice={chosen}
          priced={priced}
          onChoice={setChoice}
          result={result}
          payment={actionData && 'payment' in actionData ? actionData.payment : undefined}
          notice={notice}
          disabledReason={disabledReason}
        />
        <CheckoutSummary
          lines={cart.lines}
          itemCount={cart.itemCount}
          priced={priced}
          pending={pending}
          promo={promo}
          promoAnswer={actionData && 'promo' in actionData ? actionData.promo : undefined}
        />
      </div>
    </section>
  );
}
