/**
 * The delivery zone form of /admin/delivery/new and /admin/delivery/edit/:id (decision 0022): a name, the states it
 * covers, optionally towns within them (one per line, matched against the shopper's Town ignoring case, spaces and
 * punctuation), the fee in naira, the working days promised and whether pay on delivery is offered (decision 0037).
 */
import type { SubmissionResult } from '@conform-to/react';
import { TextField } from '~/components/accounts/fields';
import { zoneSchema, type ZoneFormValues } from '~/lib/delivery/admin-delivery';
import { NIGERIAN_STATES } from '~/lib/nigeria';
import { fieldProps, initialList, useAdminForm } from '../../admin/admin-form';
import { CheckboxField, TextAreaField, TickBoxes } from '../../catalog/admin/catalog-fields';
import { CrudForm } from '../../admin/crud/form';

type Props = {
  defaultValue: ZoneFormValues;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  notice?: string;
};

export function DeliveryZoneForm({ defaultValue, lastResult, submitLabel, notice }: Props) {
  const [form, fields] = useAdminForm(zoneSchema, { id: 'delivery-zone', defaultValue, lastResult });
  return (
    <CrudForm form={form} label="Delivery zone" notice={notice} submitLabel={submitLabel}>
      <TextField label="Name" {...fieldProps(fields.name)} placeholder="Lagos Mainland" />
      <TickBoxes
        name={fields.states.name}
        legend="States"
        hint="The states this zone covers. A state may be covered whole by one zone; other zones may name towns in it."
        options={NIGERIAN_STATES.map((state) => ({ value: state, label: state }))}
        chosen={initialList(fields.states.initialValue)}
        error={fields.states.errors?.[0]}
      />
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
