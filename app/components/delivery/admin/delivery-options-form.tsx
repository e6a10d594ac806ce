/**
 * The delivery options of /admin/delivery (decision 0022): the fee and working days where no zone matches (the brief's
 * flat ₦2,600, 5-6 days), free delivery over an amount, pickup at the brand's address, and pay on delivery's limits
 * (decision 0037).
 */
import type { SubmissionResult } from '@conform-to/react';
import { useNavigation } from 'react-router';
import { AdminFormFrame, FormSection } from '~/components/admin/admin-form-frame';
import { IntentButton } from '~/components/forms/intent-button';
import { deliveryOptionsSchema, type DeliveryOptionsFormValues } from '~/lib/delivery/admin-delivery';
import { fieldProps, useAdminForm } from '../../admin/admin-form';
import { CheckboxField } from '../../catalog/admin/catalog-fields';
import { AdminField, NairaField } from '../../store/admin/settings-fields';

type Props = {
  defaultValue: DeliveryOptionsFormValues;
  lastResult?: SubmissionResult<string[]>;
  success?: string;
};

const SECTION = 'space-y-5 border-t border-line pt-6';

export function DeliveryOptionsForm({ defaultValue, lastResult, success }: Props) {
  const [form, fields] = useAdminForm(deliveryOptionsSchema, { id: 'delivery-options', defaultValue, lastResult });
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save-options';
  /** The fee and the working days of delivery where no zone matches (`default`) or of pickup, side by side. */
  const feeAndDays = (of: 'default' | 'pickup', shortest: string, longest: string) => (
    <div className="grid gap-5 sm:grid-cols-3">
      <NairaField id={`${of}Fee`} label="Fee (naira)" {...fieldProps(fields[`${of}Fee`])} />
      <AdminField id={`${of}MinDays`} label={shortest} inputMode="numeric" {...fieldProps(fields[`${of}MinDays`])} />
      <AdminField id={`${of}MaxDays`} label={longest} inputMode="numeric" {...fieldProps(fields[`${of}MaxDays`])} />
    </div>
  );
  return (
    <AdminFormFrame
      form={form}
      headingId="delivery-options-heading"
      heading={
        <h2 id="delivery-options-heading" className="text-lg font-semibold uppercase tracking-widest">
          Delivery options
        </h2>
      }
      success={success}
      className="max-w-3xl space-y-6"
    >
      <FormSection
        className={SECTION}
        id="default"
        title="Rest of Nigeria"
        level={3}
        intro="The fee and time for an address no zone covers."
      >
        {feeAndDays('default', 'Shortest (working days)', 'Longest (working days)')}
        <NairaField
          id="freeDeliveryOver"
          label="Free delivery on orders of (naira)"
          {...fieldProps(fields.freeDeliveryOver)}
          hint={
            'Delivery and pickup cost nothing once the subtotal reaches this amount. ' +
            'Leave blank for no free delivery.'
          }
        />
      </FormSection>
      <FormSection className={SECTION} id="pickup" title="Pickup" level={3}>
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
        {feeAndDays('pickup', 'Ready in at least (working days)', 'Ready in at most (working days)')}
      </FormSection>
      <FormSection
        className={SECTION}
        id="pay-on-delivery"
        title="Pay on delivery"
        level={3}
        intro="Cash, POS or transfer at the door, offered in the zones that allow it (tick it on the zone)."
      >
        <NairaField
          id="podMaxTotal"
          label="Offered on orders up to (naira)"
          {...fieldProps(fields.podMaxTotal)}
          hint="Larger orders are paid through Paystack."
        />
        <CheckboxField
          name={fields.podNotFirstOrder.name}
          label="Not on a customer's first order"
          hint="A customer pays their first order through Paystack; pay on delivery is offered from the second."
          defaultChecked={fields.podNotFirstOrder.defaultChecked}
        />
      </FormSection>
      <IntentButton intent="save-options" busy={busy} busyLabel="Saving…">
        Save delivery options
      </IntentButton>
    </AdminFormFrame>
  );
}
