/**
 * GET /checkout/payment-status?reference=…: the pop-up's close asks here (checkout-form.tsx). inline.js calls
 * onCancel both when the shopper closes the pop-up and while a bank transfer is still pending, so only Paystack
 * can tell which; answered as JSON so the checkout form, and what was typed in it, stays when nothing was paid.
 */
import { requireUser } from '~/server/accounts/guards.server';
import { checkOwnPayment } from '~/server/checkout/checkout-page.server';
import type { Route } from './+types/checkout-payment-status';

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const user = await requireUser(args);
  const reference = new URL(request.url).searchParams.get('reference') ?? '';
  const checked = await checkOwnPayment(reference, user.id);
  return Response.json(checked);
}
