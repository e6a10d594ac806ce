/**
 * /admin/orders/{orderId}: one order with its customer, address, item snapshots, totals, payment row and payment
 * history, refunds and chargebacks, and the status dropdown (it posts to the /admin/orders action). Its own action
 * asks Paystack for a refund (a plain form: post/redirect/get, or the form back with its errors). An unknown id is
 * a 404.
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
import { AdminOrderView } from '~/components/admin/admin-order-view';
import type { RefundFormState } from '~/components/admin/refund-panel';
import {
  blankRefundForm,
  providerErrorMessage,
  readRefundForm,
  REFUND_INTENT,
  REFUND_MESSAGES,
  REFUND_PARAM,
  refundErrors,
  refundNoticeOf,
  refundSchema,
  type RefundActionData,
  type RefundErrors,
} from '~/lib/admin-refund';
import { ORDER_MESSAGES, shortOrderId } from '~/lib/orders';
import { getAdminOrder } from '~/server/admin/orders.server';
import { requireAdmin } from '~/server/accounts/auth.server';
import { requestRefund, type RefundResult } from '~/server/checkout/refunds.server';
import { logger } from '~/server/logger.server';
import { assertSameOrigin } from '~/server/http/same-origin.server';
import type { Route } from './+types/order';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Order #${shortOrderId(loaderData.order.id)}` : ORDER_MESSAGES.notFound;
  return [{ title: `${title} · Admin Panel` }, { name: 'robots', content: 'noindex' }];
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const order = await getAdminOrder(params.orderId);
  if (!order) throw data(ORDER_MESSAGES.notFound, { status: 404, headers: NO_STORE });
  const notice = refundNoticeOf(new URL(request.url).searchParams);
  // A new key per page view: the same page's form sent twice makes one refund; a fresh view may refund again.
  return data(
    { order, requestKey: crypto.randomUUID(), refundNotice: notice && REFUND_MESSAGES[notice] },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const form = await request.formData().catch(() => new FormData());
  const values = readRefundForm(form);
  const answer = (
    status: number,
    formError: string,
    { errors, requestKey = values.requestKey }: { errors?: RefundErrors; requestKey?: string } = {},
  ) =>
    data<RefundActionData>(
      { values: { ...values, requestKey }, errors, formError, revision: crypto.randomUUID() },
      { status, headers: NO_STORE },
    );
  if (form.get('intent') !== REFUND_INTENT) return answer(400, 'Unknown action.');
  const parsed = refundSchema.safeParse(values);
  if (!parsed.success) {
    const errors = refundErrors(parsed.error);
    // No refund row can hold a missing or mangled key, so a fresh one is safe and lets the form be sent again.
    if (errors.requestKey) return answer(400, errors.requestKey, { errors, requestKey: crypto.randomUUID() });
    return answer(400, REFUND_MESSAGES.invalid, { errors });
  }
  let result: RefundResult;
  try {
    result = await requestRefund(admin, { orderId: params.orderId, ...parsed.data });
  } catch (error) {
    // The row may or may not be written: the same key again is either that refund (a duplicate) or its first try.
    logger.error({ err: error, orderId: params.orderId }, 'requesting a refund failed');
    return answer(500, REFUND_MESSAGES.failed);
  }
  switch (result.kind) {
    case 'requested':
    case 'duplicate':
      // Post/redirect/get: a reload shows the outcome instead of offering to send the form again.
      return redirect(`/admin/orders/${params.orderId}?${REFUND_PARAM}=${result.kind}`, { headers: NO_STORE });
    case 'not-found':
      throw data(ORDER_MESSAGES.notFound, { status: 404, headers: NO_STORE });
    case 'refused':
      return answer(409, result.message);
    case 'provider-error':
      // A refusal freed its amount (the row is failed): a new key lets the admin try again. Without an answer the
      // refund may be queued at Paystack: the same key makes a resend of this form a duplicate, not a second refund.
      return answer(502, providerErrorMessage(result), {
        requestKey: result.answered ? crypto.randomUUID() : values.requestKey,
      });
  }
}

/**
 * A refund post that failed may still have written its row (Paystack refused, or did not answer), so the refunds
 * list is reloaded even after a 4xx/5xx answer, which React Router would otherwise leave as it was.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === REFUND_INTENT) return true;
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
  const { order, requestKey, refundNotice } = loaderData;
  const navigation = useNavigation();
  const answered = actionData as RefundActionData | undefined;
  const refund: RefundFormState = {
    values: answered?.values ?? blankRefundForm(order.refundable, requestKey),
    errors: answered?.errors,
    formError: answered?.formError,
    notice: answered ? undefined : (refundNotice ?? undefined),
    busy: navigation.state === 'submitting' && navigation.formData?.get('intent') === REFUND_INTENT,
    revision: answered?.revision ?? requestKey,
  };
  return (
    <>
      <BackLink />
      <AdminOrderView order={order} refund={refund} />
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
