/**
 * /orders/{orderId}/payment?reference=…: where Paystack's page sends the shopper back after paying an order again
 * from its page (routes/order.tsx, decision 0025). As /checkout/callback does, the server verifies with Paystack and
 * sends them on: paid, on its way or not yet confirmable → the order's success page; not paid → the order's page,
 * which says so and offers to pay again; a payment that did not match → the order's page, which says it is checked.
 */
import { redirect } from 'react-router';
import { isId } from '~/lib/ids';
import { PAY_AGAIN_RESULT_PARAM } from '~/lib/payments/pay-again';
import { requireUser } from '~/server/accounts/guards.server';
import { checkOwnPayment } from '~/server/checkout/checkout-page.server';
import type { Route } from './+types/order-payment';

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const user = await requireUser(args, `${url.pathname}${url.search}`);
  const reference = url.searchParams.get('reference') ?? url.searchParams.get('trxref') ?? '';
  const checked = await checkOwnPayment(reference, user.id);
  if (checked.kind === 'unknown')
    return redirect(isId(args.params.orderId) ? `/orders/${args.params.orderId}` : '/orders');
  const { orderId } = checked;
  switch (checked.kind) {
    case 'paid':
    case 'awaiting':
    case 'unconfirmed':
      return redirect(`/order-success/${orderId}`);
    case 'not-paid':
      return redirect(`/orders/${orderId}?${new URLSearchParams({ [PAY_AGAIN_RESULT_PARAM]: 'failed' })}`);
    case 'review':
      return redirect(`/orders/${orderId}?${new URLSearchParams({ [PAY_AGAIN_RESULT_PARAM]: 'review' })}`);
  }
}
