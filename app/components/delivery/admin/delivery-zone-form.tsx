/**
 * The delivery zone form of /admin/delivery/new and /admin/delivery/edit/:id (decision 0022): a name, the states it
 * covers, optionally towns within them (one per line, matched against the shopper's Town ignoring case, spaces and
 * punctuation), the fee in naira, the working days promised and whether pay on delivery is offered (decision 0037).
 */
import type { SubmissionResult } from '@conform-to/react';
import { FieldError, TextField } from '~/components/accounts/fields';
import { zoneSchema, type ZoneFormValues } from '~/lib/delivery/admin-delivery';
import { NIGERIAN_STATES } from '~/lib/nigeria';
import { fieldProps, initialList, useAdminForm } from '../../admin/admin-form';
import { CheckboxField, TextAreaField } from '../../catalog/admin/catalog-fields';
import { CrudForm } from '../../admin/crud/form';

type Props = {
  defaultValue: ZoneFormValues;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  notice?: string;
};

const stateClass =
  'flex min-w-0 cursor-pointer items-center gap-2 border border-line px-3 py-2 text-sm wrap-anywhere has-[:checked]:border-ink';

export function DeliveryZoneForm({ defaultValue, lastResult, submitLabel, notice }: Props) {
  const [form, fields] = useAdminForm(zoneSchema, { id: 'delivery-zone', defaultValue, lastResult });
  const chosen = initialList(fields.states.initialValue);
  const statesError = fields.states.errors?.[0];
  return (
    <CrudForm form={form} label="Delivery zone" notice={notice} submitLabel={submitLabel}>
      <TextField label="Name" {...fieldProps(fields.name)} placeholder="Lagos Mainland" />
      <fieldset aria-describedby={statesError ? 'states-error' : 'states-hint'}>
        <legend className="block text-xs font-medium uppercase tracking-widest">States</legend>
        <p id="states-hint" className="mt-1 text-sm text-muted">
          The states this zone covers. A state may be covered whole by one zone; other zones may name towns in it.
        </p>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {NIGERIAN_STATES.map((state) => (
            <label key={state} className={stateClass}>
              <input
                type="checkbox"
                name={fields.states.name}
                value={state}
                defaultChecked={chosen.includes(state)}
                className="h-4 w-4 accent-ink"
              />
              {state}
            </label>
          ))}
        </div>
        <FieldError id="states-error" error={statesError} />
      </fieldset>
      <TextAreaField
        label="Towns or areas (optional)"
        hint={
          'One per line, as shoppers type their Town (e.g. Lekki, Lekki Phase 1, Ajah). Leave empty to cover the ' +
          'whole of each state. Case, spaces and punctuation are ignored; a zone naming the town wins over one ' +
          'covering the whole state.'
        }
        rows={6}
        {...fieldProps(fields.towns)}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="Fee (₦)" inputMode="decimal" {...fieldProps(fields.fee)} placeholder="2500" />
        <TextField label="Shortest (working days)" inputMode="numeric" {...fieldProps(fields.minDays)} />
        <TextField label="Longest (working days)" inputMode="numeric" {...fieldProps(fields.maxDays)} />
      </div>
      <CheckboxField
        name={fields.payOnDelivery.name}
        label="Offer pay on delivery"
        hint={
          'Shoppers here may pay at the door by cash, POS or transfer, within the limits of the delivery options ' +
          '(the order total, a first order).'
        }
        defaultChecked={fields.payOnDelivery.defaultChecked}
      />
    </CrudForm>
  );
}
