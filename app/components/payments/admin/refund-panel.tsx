import type { SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { FormMessage, SubmitButton, TextField } from '~/components/accounts/fields';
import { formMessage } from '~/lib/admin/admin-form';
import { blankRefundForm, REFUND_INTENT, refundSchema } from '~/lib/payments/admin-refund';
import type { AdminOrderDetail, AdminRefund } from '~/lib/admin/admin-types';
import { formatNaira } from '~/lib/money';
import { formatOrderDateTime, statusLabel } from '~/lib/orders/orders';
import { fieldProps, useAdminForm } from '../../admin/admin-form';
import { RefundDetailsForm, type RefundDetailsState } from './refund-details-form';
import { ORDER_LABEL, OrderSection } from '~/components/orders/order-section';

/** What the page puts in the refund form: this view's key, the action's answer, and the outcome of the last one. */
export type RefundFormState = {
  /** The page view's request key: a new view (after a refund, or a reload) starts the form again from blank. */
  view: string;
  /** The one-time key the form posts: the page view's, or a fresh one from the action's answer. */
  requestKey: string;
  /** The action's answer to the last post: what was typed and what is wrong. */
  lastResult?: SubmissionResult<string[]>;
  /** ?refund=requested|duplicate|details-sent after the post/redirect/get. */
  notice?: string;
  busy?: boolean;
  /** The bank details form of a refund that needs attention (refund-details-form.tsx). */
  details: RefundDetailsState;
};

/** An order that took money: the refunds section applies (even once refunded or reversed, to show its history). */
export const tookPayment = (order: Pick<AdminOrderDetail, 'paymentStatus' | 'payment' | 'refunds'>) =>
  ['paid', 'reversed', 'refunded'].includes(order.paymentStatus) || order.payment !== null || order.refunds.length > 0;

/**
 * The order's refunds and, while money is left, the form that asks Paystack for another. A plain
 * form post: without JavaScript it redirects back here with the outcome, or comes back with what was typed.
 */
export function RefundPanel({ order, form }: { order: AdminOrderDetail; form: RefundFormState }) {
  // Above the list, not in the form: a refusal can leave nothing to refund, and so no form to show it in.
  const error = formMessage(form.lastResult);
  return (
    <OrderSection id="refunds" title="Refunds" className="border border-line p-5">
      <div className="mt-3 space-y-3">
        <FormMessage error={error} success={error ? undefined : form.notice} />
      </div>
      {order.refunds.length ? (
        <ul className="mt-3 divide-y divide-line border-y border-line text-sm">
          {order.refunds.map((refund) => (
            <RefundItem key={refund.id} orderId={order.id} refund={refund} details={form.details} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">No refunds yet.</p>
      )}
      {order.refundable > 0 ? (
        <RefundForm key={form.view} order={order} form={form} />
      ) : order.refunds.length ? (
        <p className="mt-4 text-sm text-muted">Nothing is left to refund on this order.</p>
      ) : null}
    </OrderSection>
  );
}

function RefundForm({ order, form: state }: { order: AdminOrderDetail; form: RefundFormState }) {
  const [form, fields] = useAdminForm(refundSchema, {
    id: 'refund-form',
    defaultValue: blankRefundForm(order.refundable),
    lastResult: state.lastResult,
    // Before the scripts arrive the browser checks what the inputs state (a reason of 3 characters at least).
    defaultNoValidate: false,
  });
  return (
    <Form
      id={form.id}
      method="post"
      action={`/admin/orders/${order.id}`}
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      className="mt-6 space-y-4"
      aria-labelledby="refund-form-heading"
    >
      <h3 id="refund-form-heading" className={ORDER_LABEL}>
        Refund
      </h3>
      <p id="refund-hint" className="text-sm text-muted">
        Partial refunds are allowed, up to the {formatNaira(order.refundable)} left to refund. Paystack sends the money
        back to the customer&apos;s card or account.
      </p>
      <input type="hidden" name="intent" value={REFUND_INTENT} />
      {/* One per page view: sending this same form twice (a double click, a resend) makes one refund. */}
      <input type="hidden" name="requestKey" value={state.requestKey} />
      <TextField
        id="refund-amount"
        label="Amount to refund (₦)"
        inputMode="decimal"
        autoComplete="off"
        {...fieldProps(fields.amount)}
        aria-describedby={fields.amount.errors?.length ? 'refund-amount-error refund-hint' : 'refund-hint'}
      />
      <TextField id="refund-reason" label="Reason" autoComplete="off" {...fieldProps(fields.reason)} />
      <SubmitButton busy={state.busy}>{state.busy ? 'Requesting the refund…' : 'Refund'}</SubmitButton>
    </Form>
  );
}

const REFUND_STATUS_TEXT: Record<AdminRefund['status'], string> = {
  requesting: 'Being requested from Paystack',
  'no-answer': 'Requested (no answer)',
  'needs-attention': "Needs the customer's bank details",
  pending: 'Pending at Paystack',
  processing: 'Processing at Paystack',
  processed: 'Refunded',
  failed: 'Failed',
};

const STATUS_CLASS: Partial<Record<AdminRefund['status'], string>> = {
  failed: 'text-sale',
  'needs-attention': 'font-semibold text-sale',
  processed: 'text-green-800',
};

function RefundItem({
  orderId,
  refund,
  details,
}: {
  orderId: string;
  refund: AdminRefund;
  details: RefundDetailsState;
}) {
  return (
    <li className="py-3">
      <p className="flex flex-wrap justify-between gap-2">
        <strong className="tabular-nums">{formatNaira(refund.amount)}</strong>
        <span className={STATUS_CLASS[refund.status] ?? 'text-muted'}>
          {REFUND_STATUS_TEXT[refund.status] ?? statusLabel(refund.status)}
        </span>
      </p>
      <p className="mt-1 break-words">{refund.reason}</p>
      <p className="mt-1 text-xs text-muted wrap-anywhere">
        <time dateTime={refund.createdAt}>{formatOrderDateTime(refund.createdAt)}</time>
        {refund.requestedBy ? ` · by ${refund.requestedBy}` : ''}
        {refund.providerId ? ` · Paystack refund ${refund.providerId}` : ''}
      </p>
      {refund.customerNote ? (
        <p className="mt-1 break-words text-xs text-muted">Customer told: {refund.customerNote}</p>
      ) : null}
      {refund.note ? <p className="mt-1 break-words text-xs text-muted">Note: {refund.note}</p> : null}
      {refund.status === 'no-answer' ? (
        <p className="mt-1 text-xs">
          Paystack did not answer. Its amount is held while the store asks Paystack until it knows.
        </p>
      ) : null}
      {refund.customerDetails ? (
        <p className="mt-1 text-xs">
          Bank details sent: {refund.customerDetails.bankName}, account ending {refund.customerDetails.accountLast4},{' '}
          <time dateTime={refund.customerDetails.sentAt}>{formatOrderDateTime(refund.customerDetails.sentAt)}</time>
        </p>
      ) : null}
      {refund.status === 'needs-attention' ? (
        <RefundDetailsForm orderId={orderId} refundId={refund.id} state={details} />
      ) : null}
    </li>
  );
}
