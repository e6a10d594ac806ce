/**
 * The delivery options of /admin/delivery (decision 0022): the fee and working days where no zone matches (the brief's
 * flat ₦2,600, 5-6 days), free delivery over an amount, and pickup at the brand's address.
 */
import type { SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { deliveryOptionsSchema, type DeliveryOptionsFormValues } from '~/lib/delivery/admin-delivery';
import { fieldProps, useAdminForm } from '../../admin/admin-form';
import { CheckboxField } from '../../catalog/admin/catalog-fields';
import { AdminField } from '../../store/admin/settings-fields';

type Props = {
  defaultValue: DeliveryOptionsFormValues;
  lastResult?: SubmissionResult<string[]>;
  success?: string;
};

const SECTION = 'space-y-5 border-t border-line pt-6';
const HEADING = 'text-sm font-semibold uppercase tracking-widest';

export function DeliveryOptionsForm({ defaultValue, lastResult, success }: Props) {
  const [form, fields] = useAdminForm(deliveryOptionsSchema, { id: 'delivery-options', defaultValue, lastResult });
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save-options';
  const days = (name: 'defaultMinDays' | 'defaultMaxDays' | 'pickupMinDays' | 'pickupMaxDays', label: string) => (
    <AdminField id={name} label={label} inputMode="numeric" {...fieldProps(fields[name])} />
  );
  return (
    <Form
      method="post"
      id={form.id}
      noValidate={form.noValidate}
      onSubmit={form.onSubmit}
      className="max-w-3xl space-y-6"
      aria-labelledby="delivery-options-heading"
      aria-describedby={form.errors?.length ? form.errorId : undefined}
    >
      <h2 id="delivery-options-heading" className="text-lg font-semibold uppercase tracking-widest">
        Delivery options
      </h2>
      <div id={form.errorId}>
        <FormMessage error={form.errors?.[0]} success={success} />
      </div>
      <section className={SECTION} aria-labelledby="default-heading">
        <h3 id="default-heading" className={HEADING}>
          Rest of Nigeria
        </h3>
        <p className="text-sm text-muted">The fee and time for an address no zone covers.</p>
        <div className="grid gap-5 sm:grid-cols-3">
          <AdminField
            id="defaultFee"
            label="Fee (naira)"
            prefix="₦"
            inputMode="decimal"
            {...fieldProps(fields.defaultFee)}
          />
          {days('defaultMinDays', 'Shortest (working days)')}
          {days('defaultMaxDays', 'Longest (working days)')}
        </div>
        <AdminField
          id="freeDeliveryOver"
          label="Free delivery on orders of (naira)"
          prefix="₦"
          inputMode="decimal"
          {...fieldProps(fields.freeDeliveryOver)}
          hint={
            'Delivery and pickup cost nothing once the subtotal reaches this amount. ' +
            'Leave blank for no free delivery.'
          }
        />
      </section>
      <section className={SECTION} aria-labelledby="pickup-heading">
        <h3 id="pickup-heading" className={HEADING}>
          Pickup
        </h3>
        <CheckboxField
          name={fields.pickupEnabled.name}
          label="Offer pickup at checkout"
          hint="Shoppers may collect their order at this address instead of having it delivered."
          defaultChecked={fields.pickupEnabled.defaultChecked}
        />
        <AdminField id="pickupAddress" label="Pickup address" {...fieldProps(fields.pickupAddress)} />
        <AdminField
          id="pickupHours"
          label="Opening hours"
          {...fieldProps(fields.pickupHours)}
          placeholder="Mon - Fri 10AM - 6PM, Sat 11AM - 4PM"
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <AdminField
            id="pickupFee"
            label="Fee (naira)"
            prefix="₦"
            inputMode="decimal"
            {...fieldProps(fields.pickupFee)}
          />
          {days('pickupMinDays', 'Ready in at least (working days)')}
          {days('pickupMaxDays', 'Ready in at most (working days)')}
        </div>
      </section>
      <button
        type="submit"
        name="intent"
        value="save-options"
        disabled={busy}
        className="h-11 bg-ink px-6 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60"
      >
        {busy ? 'Saving…' : 'Save delivery options'}
      </button>
    </Form>
  );
}
