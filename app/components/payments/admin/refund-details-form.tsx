import type { SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import { Form } from 'react-router';
import { FieldError, FormMessage, SubmitButton, TextField } from '~/components/accounts/fields';
import { formMessage } from '~/lib/admin/admin-form';
import {
  REFUND_DETAILS_INTENT,
  REFUND_DETAILS_MESSAGES,
  refundDetailsSchema,
  type BankChoice,
} from '~/lib/payments/admin-refund';
import { fieldProps, useAdminForm } from '../../admin/admin-form';

/** What the page gives the bank details form: Paystack's banks (null: not loaded) and the action's last answer. */
export type RefundDetailsState = {
  banks: BankChoice[] | null;
  lastResult?: SubmissionResult<string[]>;
  /** The refund the last answer is about (several may need details at once). */
  refundId: number | null;
  busy?: boolean;
};

/**
 * The customer's bank account for a refund Paystack could not send back the way they paid (decision 0030): the
 * account number (ten digits, checked against the bank's NUBAN check digit) and the bank, from Paystack's list.
 * A plain form post: post/redirect/get, or the form as typed with its messages.
 */
export function RefundDetailsForm({
  orderId,
  refundId,
  state,
}: {
  orderId: string;
  refundId: number;
  state: RefundDetailsState;
}) {
  if (!state.banks?.length) {
    return (
      <p role="alert" className="mt-3 border border-sale px-4 py-3 text-sm text-sale">
        {REFUND_DETAILS_MESSAGES.banksUnavailable}
      </p>
    );
  }
  return <DetailsForm orderId={orderId} refundId={refundId} banks={state.banks} state={state} />;
}

function DetailsForm({
  orderId,
  refundId,
  banks,
  state,
}: {
  orderId: string;
  refundId: number;
  banks: BankChoice[];
  state: RefundDetailsState;
}) {
  const schema = useMemo(() => refundDetailsSchema(banks), [banks]);
  const mine = state.refundId === refundId;
  const [form, fields] = useAdminForm(schema, {
    id: `refund-details-${refundId}`,
    lastResult: mine ? state.lastResult : undefined,
  });
  const error = mine ? formMessage(state.lastResult) : undefined;
  const bankError = fields.bankId.errors?.[0];
  const bankErrorId = `${form.id}-bank-error`;
  return (
    <Form
      id={form.id}
      method="post"
      action={`/admin/orders/${orderId}`}
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      className="mt-3 space-y-3 border border-sale p-3"
      aria-labelledby={`${form.id}-heading`}
    >
      <h3 id={`${form.id}-heading`} className="text-xs font-semibold uppercase tracking-widest">
        Send the refund to the customer&apos;s bank account
      </h3>
      <p className="text-xs text-muted">
        Ask the customer for their account number and bank. The store keeps only the bank and the last four digits.
      </p>
      <FormMessage error={error} />
      <input type="hidden" name="intent" value={REFUND_DETAILS_INTENT} />
      <input type="hidden" name="refundId" value={refundId} />
      <TextField
        id={`${form.id}-account`}
        label="Account number (10 digits)"
        inputMode="numeric"
        autoComplete="off"
        {...fieldProps(fields.accountNumber)}
      />
      <div>
        <label htmlFor={`${form.id}-bank`} className="block text-xs font-medium uppercase tracking-widest">
          Bank
        </label>
        <select
          id={`${form.id}-bank`}
          name={fields.bankId.name}
          defaultValue={typeof fields.bankId.initialValue === 'string' ? fields.bankId.initialValue : ''}
          required
          aria-invalid={bankError ? true : undefined}
          aria-describedby={bankError ? bankErrorId : undefined}
          className={`mt-2 h-12 w-full border bg-paper px-3 text-base ${bankError ? 'border-sale' : 'border-line'}`}
        >
          <option value="">Choose the bank</option>
          {banks.map((bank) => (
            <option key={bank.id} value={bank.id}>
              {bank.name}
            </option>
          ))}
        </select>
        <FieldError id={bankErrorId} error={bankError} />
      </div>
      <SubmitButton busy={state.busy}>{state.busy ? 'Sending to Paystack…' : 'Send the bank details'}</SubmitButton>
    </Form>
  );
}
