import { useRef } from 'react';
import { useFetcher } from 'react-router';
import { formMessage } from '~/lib/admin-form';
import { ORDER_STATUS_ERROR, ORDER_STATUS_SAVED } from '~/lib/admin-orders';
import { ORDER_STATUSES, shortOrderId, statusLabel, type OrderStatus } from '~/lib/orders';
import { useHydrated, useOnHydration } from '~/hooks/use-hydrated';
import type { clientAction } from '~/routes/admin/orders';

/**
 * Both the list and the order page post here; the action answers a fetcher with Conform's answer as data, a plain
 * form with a redirect. Its only field is a fixed list, so the answer is a whole-form message, not a field's.
 */
export const ORDER_STATUS_ACTION = '/admin/orders';

type Props = {
  orderId: string;
  status: OrderStatus;
  /** Where a browser without JavaScript comes back to after saving (the page it is on). */
  returnTo: string;
  /** A visible label (the order page) instead of a screen-reader-only one (a table row). */
  showLabel?: boolean;
};

/**
 * The status dropdown of docs/requirements.md#9-order-and-payment-statuses: any of the five values, saved at once. With
 * JavaScript the change is sent on selection and shown straight away; a refusal or a failure puts the saved value back
 * and says 'Error updating order status. Please try again.'. Without JavaScript it is a small form with a Save button.
 */
export function OrderStatusSelect({ orderId, status, returnTo, showLabel = false }: Props) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof clientAction>({ key: `order-status-${orderId}` });
  const sending = fetcher.formData?.get('status');
  const optimistic =
    typeof sending === 'string' && (ORDER_STATUSES as readonly string[]).includes(sending)
      ? (sending as OrderStatus)
      : null;
  const answer = fetcher.state === 'idle' ? fetcher.data?.result : undefined;
  const failed = answer?.status === 'error';
  const saved = answer?.status === 'success';
  const selectId = `status-${orderId}`;
  const messageId = `${selectId}-message`;
  const select = useRef<HTMLSelectElement>(null);
  const save = (next: string) =>
    fetcher.submit(
      { intent: 'status', orderId, status: next, returnTo, mode: 'fetch' },
      { method: 'post', action: ORDER_STATUS_ACTION },
    );

  // A status picked before the scripts arrived is saved now, rather than put back with its Save button gone.
  useOnHydration(() => {
    const picked = select.current?.value;
    if (picked && picked !== status) void save(picked);
  });

  return (
    <fetcher.Form method="post" action={ORDER_STATUS_ACTION} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="returnTo" value={returnTo} />
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
        value={optimistic ?? status}
        aria-invalid={failed || undefined}
        aria-describedby={failed ? messageId : undefined}
        onChange={(event) => {
          if (hydrated) void save(event.currentTarget.value);
        }}
        className={`h-10 border bg-paper px-2 text-sm outline-none focus:border-ink ${failed ? 'border-sale' : 'border-line'}`}
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
          className="h-10 border border-ink px-3 text-xs font-medium uppercase tracking-widest hover:bg-ink hover:text-paper"
        >
          Save
        </button>
      )}
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
