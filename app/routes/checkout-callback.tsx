/**
 * /checkout/callback?reference=…: where the pop-up's success and Paystack's hosted page send the browser.
 * The server verifies with Paystack (never trusting the browser) and sends the customer on: paid → the
 * order-success page; anything else → back to checkout with SPEC.md's message, cart and pending order kept.
 */
import { redirect } from 'react-router';
import { PAYMENT_RESULT_PARAM, REFERENCE_PATTERN, type PaymentResult } from '~/lib/checkout';
import { requireUser } from '~/server/auth.server';
import { findOwnOrderByReference } from '~/server/checkout/checkout-page.server';
import { confirmPayment } from '~/server/checkout/confirm-payment.server';
import type { Route } from './+types/checkout-callback';

const back = (result: PaymentResult) => redirect(`/checkout?${new URLSearchParams({ [PAYMENT_RESULT_PARAM]: result })}`, { headers: { 'Cache-Control': 'no-store' } });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await requireUser(request, `${url.pathname}${url.search}`);
  const reference = url.searchParams.get('reference') ?? url.searchParams.get('trxref') ?? '';
  if (!REFERENCE_PATTERN.test(reference)) return back('failed');
  const order = await findOwnOrderByReference(reference, user.id);
  if (!order) return back('failed');
  // The order mail's links come from PUBLIC_URL (confirmPayment's default), not from this request's Host.
  const outcome = await confirmPayment(reference, 'callback');
  switch (outcome.kind) {
    case 'paid':
    // Paystack could not be asked just now: the customer may well have paid, so rather than invite a second
    // payment, the order page says confirmation is pending; the webhook or the sweep completes it.
    case 'provider-error':
      return redirect(`/order-success/${order.id}`, { headers: { 'Cache-Control': 'no-store' } });
    case 'mismatch':
      return back('review');
    default:
      return back('failed');
  }
}
