/**
 * The admin order page's pay-on-delivery panel (decision 0037). While the money is due: "Collected" (cash, POS or
 * transfer, an optional note), which makes the order paid, or "Refused at the door", which cancels it and returns its
 * stock. Once collected: how and the note. Once refused: "Offer pay on delivery again", which forgives the customer's
 * refusals. One form and schema (lib/orders/admin-pay-on-delivery.ts); plain posts, so it works without JavaScript.
 */
import type { SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { FieldError, FormMessage, TextField } from '~/components/accounts/fields';
import type { AdminOrderDetail } from '~/lib/admin/admin-types';
import { formatNaira } from '~/lib/money';
import { COLLECTED_BY, COLLECTION_LABELS, POD_INTENTS, podAdminSchema } from '~/lib/orders/admin-pay-on-delivery';
import { COLLECTION_METHODS } from '~/lib/orders/orders';
import { fieldProps, useAdminForm } from '../../admin/admin-form';
import { ORDER_LABEL, OrderSection } from '../order-section';

export type PodPanelState = { lastResult?: SubmissionResult<string[]>; notice?: string; busy: boolean };

const BUTTON = 'h-11 px-5 text-xs font-semibold uppercase tracking-widest disabled:opacity-60';

export function PayOnDeliveryPanel({ order, state }: { order: AdminOrderDetail; state: PodPanelState }) {
  const [form, fields] = useAdminForm(podAdminSchema, { id: 'pod-form', lastResult: state.lastResult });
  const due = order.paymentStatus === 'due';
  const methodError = fields.collectedBy.errors?.[0];
  return (
    <OrderSection id="pay-on-delivery" title="Pay on delivery" className="border border-line p-5">
      <Form
        id={form.id}
        method="post"
        action={`/admin/orders/${order.id}`}
        noValidate={form.noValidate}
        onSubmit={form.onSubmit}
        className="mt-3 space-y-4 text-sm"
      >
        <FormMessage id={form.errorId} error={form.errors?.[0]} success={state.notice} />
        {due ? (
          <>
            <p>
              <strong>{formatNaira(order.total)}</strong> to collect at the door (cash, POS or transfer).
            </p>
            <fieldset aria-describedby={methodError ? 'collected-by-error' : undefined}>
              <legend className={ORDER_LABEL}>Collected by</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {COLLECTION_METHODS.map((method) => (
                  <label
                    key={method}
                    className="flex cursor-pointer items-center gap-2 border border-line px-3 py-2 has-[:checked]:border-ink"
                  >
                    <input
                      type="radio"
                      name={fields.collectedBy.name}
                      value={method}
                      defaultChecked={fields.collectedBy.initialValue === method}
                      className="accent-ink"
                    />
                    {COLLECTION_LABELS[method]}
                  </label>
                ))}
              </div>
              <FieldError id="collected-by-error" error={methodError} />
            </fieldset>
            <TextField id="collection-note" label="Note (optional)" autoComplete="off" {...fieldProps(fields.note)} />
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value={POD_INTENTS.collected}
                disabled={state.busy}
                className={`${BUTTON} bg-ink text-paper`}
              >
                Collected
              </button>
              <button
                type="submit"
                name="intent"
                value={POD_INTENTS.refused}
                formNoValidate
                disabled={state.busy}
                className={`${BUTTON} border border-sale text-sale`}
              >
                Refused at the door
              </button>
            </div>
          </>
        ) : (
          <Outcome order={order} busy={state.busy} />
        )}
      </Form>
    </OrderSection>
  );
}

function Outcome({ order, busy }: { order: AdminOrderDetail; busy: boolean }) {
  if (order.paymentStatus === 'refused') {
    return (
      <>
        <p>Refused at the door: the order was cancelled and its items went back into stock.</p>
        {order.refusalForgiven ? (
          <p className="text-muted">Forgiven: this refusal no longer stops the customer paying on delivery.</p>
        ) : (
          <>
            <p className="text-muted">
              A customer with two refused deliveries is no longer offered pay on delivery. Offer it again to forgive
              every refusal of this customer.
            </p>
            <button
              type="submit"
              name="intent"
              value={POD_INTENTS.forgive}
              formNoValidate
              disabled={busy}
              className={`${BUTTON} border border-ink`}
            >
              Offer pay on delivery again
            </button>
          </>
        )}
      </>
    );
  }
  if (order.collectedBy) {
    return (
      <p>
        Collected by {COLLECTED_BY[order.collectedBy]}
        {order.collectionNote ? `: ${order.collectionNote}` : '.'}
      </p>
    );
  }
  return <p className="text-muted">Nothing to collect for this order now.</p>;
}
