/**
 * /checkout/callback?reference=…: where Paystack's hosted page (and the pop-up, on success) sends the browser.
 * The server verifies with Paystack (never trusting the browser) and sends the customer on: paid, or the money on
 * its way (a transfer or USSD waiting for the bank), or not yet confirmable → the order's page, which says which;
 * failed or abandoned → back to checkout with the message of docs/requirements.md#14-messages, cart and pending order
 * kept.
 */
import { redirect } from 'react-router';
import { PAYMENT_RESULT_PARAM, type PaymentResult } from '~/lib/checkout/checkout';
import { requireUser } from '~/server/accounts/guards.server';
import { checkOwnPayment } from '~/server/checkout/checkout-page.server';
import type { Route } from './+types/checkout-callback';

const back = (result: PaymentResult) =>
  redirect(`/checkout?${new URLSearchParams({ [PAYMENT_RESULT_PARAM]: result })}`);

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const url = new URL(request.url);
  const user = await requireUser(args, `${url.pathname}${url.search}`);
  const reference = url.searchParams.get('reference') ?? url.searchParams.get('trxref') ?? '';
  // The order mail's links come from PUBLIC_URL (confirmPayment's default), not from this request's Host.
  const checked = await checkOwnPayment(reference, user.id);
  switch (checked.kind) {
    case 'paid':
    case 'awaiting':
    case 'unconfirmed':
      return redirect(`/order-success/${checked.orderId}`);
    case 'review':
      return back('review');
    case 'unfinished':
      // A card left at its OTP step (decision 0029): back to Pay, which resumes the same transaction.
      return back('unfinished');
    default:
      return back('failed');
  }
}
