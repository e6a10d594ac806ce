import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react';
import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { TextField } from '~/components/accounts/fields';
import { useSchemaForm } from '~/components/forms/schema-form';
import { formMessage } from '~/lib/admin/admin-form';
import { ORDER_STATUS_ERROR, ORDER_STATUS_SAVED, orderStatusSchema } from '~/lib/orders/admin-orders';
import { ORDER_STATUSES, shortOrderId, statusLabel, type OrderStatus } from '~/lib/orders/orders';
import { useHydrated, useOnHydration } from '~/hooks/use-hydrated';
import type { clientAction } from '~/routes/admin/orders';
import { CarrierFields } from './carrier-fields';

/**
 * Both the list and the order page post here; the action answers a fetcher with Conform's answer as data, a plain
 * form with a redirect. The status is a fixed list, so a refusal of it is a whole-form message; the shipping fields
 * have their own.
 */
export const ORDER_STATUS_ACTION = '/admin/orders';

const MARK_SHIPPED =
  'h-11 border border-ink bg-ink px-3 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60';

type Props = {
  orderId: string;
  status: OrderStatus;
  /** Where a browser without JavaScript comes back to after saving (the page it is on). */
  returnTo: string;
  /** A visible label (the order page) instead of a screen-reader-only one (a table row). */
  showLabel?: boolean;
  /** A "Mark shipped" refused without JavaScript, back on the order page with what was typed and its errors. */
  lastResult?: SubmissionResult<string[]> | null;
};

/**
 * The status dropdown of docs/requirements.md#9-order-and-payment-statuses: any of the five values, saved at once. With
 * JavaScript the change is sent on selection and shown straight away; a refusal or a failure puts the saved value back
 * and says 'Error updating order status. Please try again.'. Without JavaScript it is a small form with a Save button.
 * Shipped is the exception (decision 0024): it asks for the carrier, the tracking number and the tracking link first
 * (with JavaScript they appear when Shipped is picked; without it the order page always shows them), checked by the
 * form's one schema, orderStatusSchema, here and in the action.
 */
export function OrderStatusSelect({ orderId, status, returnTo, showLabel = false, lastResult = null }: Props) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof clientAction>({ key: `order-status-${orderId}` });
  const [picked, setPicked] = useState<OrderStatus | null>(null);
  const sending = fetcher.formData?.get('status');
  const optimistic =
    typeof sending === 'string' && (ORDER_STATUSES as readonly string[]).includes(sending)
      ? (sending as OrderStatus)
      : null;
  const answer = fetcher.state === 'idle' ? fetcher.data?.result : undefined;
  const selectId = `status-${orderId}`;
  const messageId = `${selectId}-message`;
  const [form, fields] = useSchemaForm(orderStatusSchema, { id: `${selectId}-form`, lastResult: answer ?? lastResult });
  const fieldError = fields.carrier.errors?.[0] ?? fields.trackingNumber.errors?.[0] ?? fields.trackingUrl.errors?.[0];
  const failed = answer?.status === 'error' && !fieldError;
  const saved = answer?.status === 'success';
  const select = useRef<HTMLSelectElement>(null);
  const save = (next: string) =>
    fetcher.submit(
      { intent: 'status', orderId, status: next, returnTo, mode: 'fetch' },
      { method: 'post', action: ORDER_STATUS_ACTION },
    );
  // Shipped is not saved on selection: the carrier comes first.
  const pick = (next: string) => {
    if (next === 'shipped' && status !== 'shipped') return setPicked('shipped');
    setPicked(null);
    void save(next);
  };
  const asksShipping = hydrated ? picked === 'shipped' && status !== 'shipped' : showLabel;

  // A status picked before the scripts arrived is saved now, rather than put back with its Save button gone.
  useOnHydration(() => {
    const early = select.current?.value;
    if (early && early !== status) pick(early);
  });

  return (
    <fetcher.Form
      method="post"
      action={ORDER_STATUS_ACTION}
      {...getFormProps(form)}
      className="flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
      <label
        htmlFor={selectId}
        className={showLabel ? 'block w-full text-xs font-medium uppercase tracking-widest' : 'sr-only'}
      >
        Status of order #{shortOrderId(orderId)}
      </label>
      <select
        ref={select}
        id={selectId}
        name="status"
        value={optimistic ?? picked ?? status}
        aria-invalid={failed || undefined}
        aria-describedby={failed ? messageId : undefined}
        onChange={(event) => {
          if (hydrated) pick(event.currentTarget.value);
        }}
        className={`h-11 border bg-paper px-2 text-sm outline-none focus:border-ink ${failed ? 'border-sale' : 'border-line'}`}
      >
        {ORDER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {statusLabel(value)}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button
          type="submit"
          className="h-11 border border-ink px-3 text-xs font-medium uppercase tracking-widest hover:bg-ink hover:text-paper"
        >
          Save
        </button>
      )}
      {asksShipping ? (
        <fieldset className="w-full space-y-3 border border-line p-3">
          <legend className="px-1 text-xs font-medium uppercase tracking-widest">
            {hydrated ? 'Shipping details' : 'Shipping details (when marking shipped)'}
          </legend>
          <CarrierFields carrier={fields.carrier} trackingNumber={fields.trackingNumber} />
          <TextField
            {...getInputProps(fields.trackingUrl, { type: 'url' })}
            key={fields.trackingUrl.key}
            label="Tracking link (optional, https://…)"
            error={fields.trackingUrl.errors?.[0]}
            autoComplete="off"
            spellCheck={false}
          />
          {hydrated ? (
            <div className="flex gap-2">
              <button type="submit" disabled={fetcher.state !== 'idle'} className={MARK_SHIPPED}>
                Mark shipped
              </button>
              <button
                type="button"
                onClick={() => setPicked(null)}
                className="h-11 border border-line px-3 text-xs font-medium uppercase tracking-widest hover:border-ink"
              >
                Cancel
              </button>
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <span role="status" className="sr-only">
        {saved ? ORDER_STATUS_SAVED : ''}
      </span>
      {failed ? (
        <p id={messageId} role="alert" className="w-full text-xs text-sale">
          {formMessage(answer) ?? ORDER_STATUS_ERROR}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
