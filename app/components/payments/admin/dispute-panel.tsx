/**
 * The chargebacks of an order on the admin order page (decision 0031): each dispute's state, due date and outcome,
 * and while it can still be answered the three forms that answer it through Paystack's Disputes API (evidence, a
 * document, accept or decline). Plain POST forms to /admin/orders/{id}/disputes/{disputeId}: a success comes back to
 * the order page with a notice; a refusal shows that dispute's page with what was typed and why.
 */
import type { SubmissionResult } from '@conform-to/react';
import type { FormEventHandler, ReactNode } from 'react';
import { Form } from 'react-router';
import { FieldError, FormMessage, SubmitButton, TextField } from '~/components/accounts/fields';
import { formMessage } from '~/lib/admin/admin-form';
import {
  DISPUTE_INTENTS,
  DISPUTE_MESSAGES,
  disputeEvidenceSchema,
  disputeOutcome,
  disputeResolveSchema,
  disputeStage,
  disputeUploadSchema,
  evidenceDefaults,
  resolveDefaults,
} from '~/lib/payments/admin-disputes';
import type { AdminDispute, AdminOrderDetail } from '~/lib/admin/admin-types';
import { formatNaira } from '~/lib/money';
import type { OrderHistory } from '~/lib/orders/order-timeline';
import { formatOrderDateTime, statusLabel } from '~/lib/orders/orders';
import { fieldProps, useAdminForm } from '../../admin/admin-form';
import { TextAreaField } from '../../catalog/admin/catalog-fields';

const LABEL = 'text-xs font-semibold uppercase tracking-widest';

/** What the page hands the panel: the loader's clock (server and browser agree on the deadline) and the answers. */
export type DisputePanelState = {
  now: string;
  /** ?dispute=… after a post/redirect/get. */
  notice?: string;
  /** The action's answer to the last post of one of the forms (the dispute page). */
  last?: { disputeId: number; intent: string; result: SubmissionResult<string[]> };
};

export const disputeAction = (orderId: string, disputeId: number) => `/admin/orders/${orderId}/disputes/${disputeId}`;

export function DisputePanel({
  order,
  history,
  state,
  only,
}: {
  order: AdminOrderDetail;
  history: OrderHistory;
  state: DisputePanelState;
  /** The dispute page shows one dispute; the order page all of them. */
  only?: number;
}) {
  const disputes = order.disputes.filter((dispute) => only === undefined || dispute.id === only);
  return (
    <section aria-labelledby="disputes-heading" className="border-2 border-sale p-5">
      <h2 id="disputes-heading" className={LABEL}>
        Chargebacks
      </h2>
      {state.notice ? (
        <div className="mt-3">
          <FormMessage success={state.notice} />
        </div>
      ) : null}
      <ul className="mt-3 divide-y divide-line text-sm">
        {disputes.map((dispute) => (
          <DisputeItem key={dispute.id} order={order} history={history} dispute={dispute} state={state} />
        ))}
      </ul>
    </section>
  );
}

function DisputeItem({
  order,
  history,
  dispute,
  state,
}: {
  order: AdminOrderDetail;
  history: OrderHistory;
  dispute: AdminDispute;
  state: DisputePanelState;
}) {
  const stage = disputeStage(dispute, new Date(state.now));
  const outcome = disputeOutcome(dispute);
  const last = state.last?.disputeId === dispute.id ? state.last : undefined;
  const lastFor = (intent: string) => (last?.intent === intent ? last.result : undefined);
  return (
    <li id={`dispute-${dispute.id}`} className="space-y-1 py-3">
      <p className="flex flex-wrap justify-between gap-2">
        <span className="font-medium">{statusLabel(dispute.status.replace(/[-_]/g, ' '))}</span>
        <span className="font-mono text-xs text-muted">Dispute {dispute.providerId}</span>
      </p>
      {dispute.category ? <p>Category: {dispute.category}</p> : null}
      {dispute.amount !== null ? <p>Amount disputed: {formatNaira(dispute.amount)}</p> : null}
      <p>
        {dispute.dueAt ? (
          <>
            {dispute.resolvedAt ? 'Was due by' : 'Answer by'}{' '}
            <time dateTime={dispute.dueAt}>{formatOrderDateTime(dispute.dueAt)}</time> (Lagos time)
          </>
        ) : (
          'No due date given'
        )}
      </p>
      {dispute.resolution ? <p>Resolution: {dispute.resolution}</p> : null}
      {outcome ? (
        <p className={dispute.reversedAmount ? 'font-semibold text-sale' : 'text-green-800'}>{outcome}</p>
      ) : null}
      <Answers dispute={dispute} />
      <p className="text-xs text-muted">
        Last: {dispute.lastEvent} · <time dateTime={dispute.updatedAt}>{formatOrderDateTime(dispute.updatedAt)}</time>
      </p>
      {stage.open ? (
        <div className="mt-4 space-y-8 border-t border-line pt-4">
          <EvidenceForm
            order={order}
            history={history}
            dispute={dispute}
            lastResult={lastFor(DISPUTE_INTENTS.evidence)}
          />
          <UploadForm order={order} dispute={dispute} lastResult={lastFor(DISPUTE_INTENTS.upload)} />
          <ResolveForm order={order} dispute={dispute} lastResult={lastFor(DISPUTE_INTENTS.resolve)} />
        </div>
      ) : stage.reason === 'deadline' ? (
        <p role="status" className="mt-2 border border-sale px-3 py-2 text-sale">
          {stage.message}
        </p>
      ) : null}
    </li>
  );
}

/** What the owner already sent: evidence, a document, the answer. */
function Answers({ dispute }: { dispute: AdminDispute }) {
  const lines = [
    dispute.evidenceId ? `Evidence sent (Paystack evidence ${dispute.evidenceId}).` : null,
    dispute.uploadedFile ? `Document uploaded (${dispute.uploadedFile}).` : null,
  ].filter(Boolean);
  return (
    <>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {dispute.answer && dispute.answeredAt ? (
        <p>
          You {dispute.answer} this chargeback on{' '}
          <time dateTime={dispute.answeredAt}>{formatOrderDateTime(dispute.answeredAt)}</time>.
        </p>
      ) : null}
    </>
  );
}

type FormProps = { order: AdminOrderDetail; dispute: AdminDispute; lastResult?: SubmissionResult<string[]> };

const DisputeHeading = ({ id, children }: { id: string; children: ReactNode }) => (
  <h3 id={`${id}-heading`} className={LABEL}>
    {children}
  </h3>
);

/** The frame the three answers share: a POST to the dispute's route, named by its heading, with the form's error. */
function DisputeForm({
  form,
  id,
  title,
  intent,
  multipart = false,
  order,
  dispute,
  lastResult,
  children,
}: FormProps & {
  form: { id: string; errorId: string; noValidate: boolean; onSubmit: FormEventHandler<HTMLFormElement> };
  id: string;
  title: string;
  intent: string;
  multipart?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      id={form.id}
      method="post"
      encType={multipart ? 'multipart/form-data' : undefined}
      action={disputeAction(order.id, dispute.id)}
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      className="space-y-4"
      aria-labelledby={`${id}-heading`}
    >
      <DisputeHeading id={id}>{title}</DisputeHeading>
      <FormMessage id={form.errorId} error={formMessage(lastResult)} />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

function EvidenceForm({ order, history, dispute, lastResult }: FormProps & { history: OrderHistory }) {
  const id = `dispute-${dispute.id}-evidence`;
  const [form, fields] = useAdminForm(disputeEvidenceSchema, {
    id,
    defaultValue: { intent: DISPUTE_INTENTS.evidence, ...evidenceDefaults(order, history) },
    lastResult,
  });
  return (
    <DisputeForm
      {...{ form, id, order, dispute, lastResult }}
      title="Evidence for Paystack"
      intent={DISPUTE_INTENTS.evidence}
    >
      <TextField id={`${id}-name`} label="Customer name" {...fieldProps(fields.customerName)} />
      <TextField id={`${id}-email`} label="Customer email" type="email" {...fieldProps(fields.customerEmail)} />
      <TextField id={`${id}-phone`} label="Customer phone" type="tel" {...fieldProps(fields.customerPhone)} />
      <TextAreaField
        id={`${id}-details`}
        label="What was delivered"
        hint="The items, how they went (carrier and tracking) and when."
        {...fieldProps(fields.serviceDetails)}
      />
      <TextField id={`${id}-address`} label="Delivery address" {...fieldProps(fields.deliveryAddress)} />
      <TextField id={`${id}-date`} label="Delivery date" type="date" {...fieldProps(fields.deliveryDate)} />
      <SubmitButton>Send evidence</SubmitButton>
    </DisputeForm>
  );
}

function UploadForm({ order, dispute, lastResult }: FormProps) {
  const id = `dispute-${dispute.id}-upload`;
  const [form, fields] = useAdminForm(disputeUploadSchema, { id, lastResult });
  const error = fields.file.errors?.[0];
  return (
    <DisputeForm
      {...{ form, id, order, dispute, lastResult }}
      title="Document for Paystack"
      intent={DISPUTE_INTENTS.upload}
      multipart
    >
      <div>
        <label htmlFor={`${id}-file`} className="block text-xs font-medium uppercase tracking-widest">
          Receipt or proof of delivery (PDF, JPEG or PNG, up to 5 MB)
        </label>
        <input
          id={`${id}-file`}
          name={fields.file.name}
          type="file"
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-file-error` : undefined}
          className="mt-2 block w-full text-sm"
        />
        <FieldError id={`${id}-file-error`} error={error} />
      </div>
      <SubmitButton>Upload document</SubmitButton>
    </DisputeForm>
  );
}

function ResolveForm({ order, dispute, lastResult }: FormProps) {
  const id = `dispute-${dispute.id}-resolve`;
  const [form, fields] = useAdminForm(disputeResolveSchema, {
    id,
    defaultValue: {
      intent: DISPUTE_INTENTS.resolve,
      ...resolveDefaults(dispute, order.payment?.amount ?? order.total),
    },
    lastResult,
  });
  const title = 'Accept or decline';
  if (!dispute.uploadedFile) {
    return (
      <div aria-labelledby={`${id}-heading`} role="group" className="space-y-2">
        <DisputeHeading id={id}>{title}</DisputeHeading>
        <p className="text-muted">{DISPUTE_MESSAGES.needsUpload}</p>
      </div>
    );
  }
  const resolutionError = fields.resolution.errors?.[0];
  return (
    <DisputeForm {...{ form, id, order, dispute, lastResult }} title={title} intent={DISPUTE_INTENTS.resolve}>
      <fieldset aria-describedby={resolutionError ? `${id}-resolution-error` : undefined}>
        <legend className="text-xs font-medium uppercase tracking-widest">Your answer</legend>
        {(
          [
            ['merchant-accepted', 'Accept: give the customer the amount below'],
            ['declined', 'Decline: the customer received what they paid for'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="mt-2 flex items-center gap-2">
            <input
              type="radio"
              name={fields.resolution.name}
              value={value}
              defaultChecked={fields.resolution.initialValue === value}
            />
            {label}
          </label>
        ))}
        <FieldError id={`${id}-resolution-error`} error={resolutionError} />
      </fieldset>
      <TextField
        id={`${id}-amount`}
        label="Amount to give back when accepting (₦)"
        inputMode="decimal"
        autoComplete="off"
        {...fieldProps(fields.refundAmount)}
      />
      <TextAreaField id={`${id}-message`} label="Message to Paystack" rows={3} {...fieldProps(fields.message)} />
      <SubmitButton>Send answer</SubmitButton>
    </DisputeForm>
  );
}
