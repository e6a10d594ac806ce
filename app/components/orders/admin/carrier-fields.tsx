import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { TextField } from '~/components/accounts/fields';

/**
 * A shipment's carrier and tracking number (decision 0024), as both status forms ask for them: the order card's
 * "Mark shipped" (the carrier required there) and the order page's status select.
 */
export function CarrierFields({
  carrier,
  trackingNumber,
  required = false,
}: {
  carrier: FieldMetadata<string | undefined>;
  trackingNumber: FieldMetadata<string | undefined>;
  required?: boolean;
}) {
  return (
    <>
      <TextField
        {...getInputProps(carrier, { type: 'text' })}
        key={carrier.key}
        label="Carrier"
        required={required}
        error={carrier.errors?.[0]}
        autoComplete="off"
      />
      <TextField
        {...getInputProps(trackingNumber, { type: 'text' })}
        key={trackingNumber.key}
        label="Tracking number (optional)"
        error={trackingNumber.errors?.[0]}
        autoComplete="off"
        spellCheck={false}
      />
    </>
  );
}
