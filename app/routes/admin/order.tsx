/**
 * /admin/orders/{orderId}: one order with its customer, address, item snapshots, totals, payment row and payment
 * history, refunds and chargebacks, the timeline and the customer's mails (decision 0024), and the status dropdown (it
 * posts to the /admin/orders action). Its own action asks Paystack for a refund (a plain form: post/redirect/get, or
 * Conform's answer with the form as typed and its errors). An unknown id is a 404.
 */
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { AdminOrderView } from '~/components/orders/admin/admin-order-view';
import type { RefundFormState } from '~/components/payments/admin/refund-panel';
import { UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import {
  providerErrorMessage,
  REFUND_DETAILS_INTENT,
  REFUND_INTENT,
  REFUND_MESSAGES,
  REFUND_PARAM,
  refundNoticeOf,
  refundSchema,
} from '~/lib/payments/admin-refund';
import { orderStatusSchema, shippingRetryForm } from '~/lib/orders/admin-orders';
import { DISPUTE_NOTICES, disputeNoticeOf } from '~/lib/payments/admin-disputes';
import { ORDER_MESSAGES, shortOrderId } from '~/lib/orders/orders';
import { getAdminOrder } from '~/server/orders/admin-orders.server';
import { getOrderHistory } from '~/server/orders/orders.server';
import { adminOf } from '~/server/accounts/guards.server';
import { requestRefund, type RefundResult } from '~/server/payments/refunds.server';
import { requireRecentSignIn } from '~/server/accounts/auth.server';
import { parseSubmission, readForm } from '~/server/http/form-submission.server';
import { nigerianBanks } from '~/server/payments/paystack/banks.server';
import { refundDetailsAction } from './order-refund-details.server';
import { payOnDeliveryAction } from './order-pay-on-delivery.server';
import { isPodIntent, POD_ADMIN_MESSAGES, podNoticeOf } from '~/lib/orders/admin-pay-on-delivery';
import { logger } from '~/server/logger.server';
import { customerChatText, customerChatUrl } from '~/lib/orders/admin-order-card';
import { getSettings } from '~/server/store/settings.server';
import type { Route } from './+types/order';

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Order #${shortOrderId(loaderData.order.id)}` : ORDER_MESSAGES.notFound;
  return [{ title: `${title} · Admin Panel` }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const [order, history] = await Promise.all([getAdminOrder(params.orderId), getOrderHistory(params.orderId)]);
  if (!order || !history) throw data(ORDER_MESSAGES.notFound, { status: 404 });
  const query = new URL(request.url).searchParams;
  const notice = refundNoticeOf(query);
  const disputeNotice = disputeNoticeOf(query);
  const podNotice = podNoticeOf(query);
  // The bank list (cached, payments/banks.server.ts) only when a refund waits for the customer's bank details.
  const banks = order.refunds.some((r) => r.status === 'needs-attention') ? await nigerianBanks() : null;
  // A "Mark shipped" refused without JavaScript comes back here with what was typed: checked again, shown again.
  const retry = shippingRetryForm(order.id, query);
  const shipping = retry ? parseSubmission(retry, orderStatusSchema).reply() : null;
  // A new key per page view: the same page's form sent twice makes one refund; a fresh view may refund again.
  return data(
    {
      order,
      history,
      shipping,
      banks,
      requestKey: crypto.randomUUID(),
      customerChat: customerChatUrl(
        order.shippingAddress.phone,
        customerChatText((await getSettings()).storeName, shortOrderId(order.id), order.status),
      ),
      refundNotice: notice && REFUND_MESSAGES[notice],
      podNotice: podNotice && POD_ADMIN_MESSAGES[podNotice],
      // The chargebacks' forms (decision 0031): this clock decides their deadline for the server and the browser alike.
      disputes: { now: new Date().toISOString(), notice: disputeNotice ? DISPUTE_NOTICES[disputeNotice] : undefined },
    },
    {},
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const form = await readForm(request);
  if (form.get('intent') === REFUND_DETAILS_INTENT) return refundDetailsAction(request, form, params.orderId, admin);
  if (isPodIntent(form.get('intent'))) return payOnDeliveryAction(form, params.orderId, admin);
  const submission = parseSubmission(form, refundSchema);
  // The answer names the key the form posts next: the same one while a refund may exist under it, else a fresh one.
  const answer = (status: number, formError: string, requestKey: string = crypto.randomUUID()) =>
    data({ result: submission.reply({ formErrors: [formError] }), requestKey }, { status });
  if (submission.status !== 'success') {
    // Nothing was sent under the posted key (it may be missing or mangled), so a fresh one is safe and lets the form
    // be sent again.
    if (submission.error?.intent) return answer(400, UNKNOWN_ACTION);
    if (submission.error?.requestKey) return answer(400, REFUND_MESSAGES.requestKey);
    return answer(400, REFUND_MESSAGES.invalid);
  }
  // Money leaves the store: as for adding an admin, a sign-in older than 15 minutes ends this session first.
  await requireRecentSignIn(request, admin, `/admin/orders/${params.orderId}`);
  const { intent: _intent, ...input } = submission.value;
  let result: RefundResult;
  try {
    result = await requestRefund(admin, { orderId: params.orderId, ...input });
  } catch (error) {
    // The row may or may not be written: the same key again is either that refund (a duplicate) or its first try.
    logger.error({ err: error, orderId: params.orderId }, 'requesting a refund failed');
    return answer(500, REFUND_MESSAGES.failed, input.requestKey);
  }
  switch (result.kind) {
    case 'requested':
    case 'duplicate':
      // Post/redirect/get: a reload shows the outcome instead of offering to send the form again.
      return redirect(`/admin/orders/${params.orderId}?${REFUND_PARAM}=${result.kind}`);
    case 'not-found':
      throw data(ORDER_MESSAGES.notFound, { status: 404 });
    case 'refused':
      // Refused before anything was written: the key may be sent again once the form is corrected.
      return answer(409, result.message, input.requestKey);
    case 'provider-error':
      // A refusal freed its amount (the row is failed): a new key lets the admin try again. Without an answer the
      // refund may be queued at Paystack: the same key makes a resend of this form a duplicate, not a second refund.
      return answer(502, providerErrorMessage(result), result.answered ? undefined : input.requestKey);
  }
}

/**
 * A refund post that failed may still have written its row (Paystack refused, or did not answer), so the refunds
 * list is reloaded even after a 4xx/5xx answer, which React Router would otherwise leave as it was.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get('intent');
  if (intent === REFUND_INTENT || intent === REFUND_DETAILS_INTENT) return true;
  return defaultShouldRevalidate;
}

function BackLink() {
  return (
    <p className="mb-6 text-xs uppercase tracking-widest">
      <Link to="/admin/orders" className="text-muted underline underline-offset-4 hover:text-ink">
        Back to orders
      </Link>
    </p>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, history, shipping, requestKey, refundNotice, banks, disputes, podNotice } = loaderData;
  const navigation = useNavigation();
  const refundAnswer = actionData && 'requestKey' in actionData ? actionData : undefined;
  const detailsAnswer = actionData && 'detailsResult' in actionData ? actionData : undefined;
  const podAnswer = actionData && 'podResult' in actionData ? actionData : undefined;
  const posting = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined;
  const refund: RefundFormState = {
    view: requestKey,
    requestKey: refundAnswer?.requestKey ?? requestKey,
    lastResult: refundAnswer?.result,
    notice: actionData ? undefined : (refundNotice ?? undefined),
    busy: posting === REFUND_INTENT,
    details: {
      banks,
      lastResult: detailsAnswer?.detailsResult,
      refundId: detailsAnswer?.refundId ?? null,
      busy: posting === REFUND_DETAILS_INTENT,
    },
  };
  const pod = {
    lastResult: podAnswer?.podResult,
    notice: actionData ? undefined : (podNotice ?? undefined),
    busy: isPodIntent(posting),
  };
  return (
    <>
      <BackLink />
      <AdminOrderView
        order={order}
        history={history}
        refund={refund}
        shipping={shipping}
        disputes={disputes}
        pod={pod}
        customerChat={loaderData.customerChat}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error) && error.status === 403 ? String(error.data) : null;
  return (
    <section>
      <BackLink />
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">
        {notFound ? ORDER_MESSAGES.notFound : ORDER_MESSAGES.detailFailed}
      </h1>
      {message ? (
        <p role="alert" className="mt-4 border border-sale px-4 py-3 text-sm text-sale">
          {message}
        </p>
      ) : null}
    </section>
  );
}
