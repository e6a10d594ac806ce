/**
 * The drop's fields of the product and collection forms (decision 0036): the opening time, typed in Lagos time, and
 * for a product the most units one customer may buy.
 */
import { TextField } from '~/components/accounts/fields';
import { fieldProps, type FieldState } from '../../admin/admin-form';

type Props = { dropsAt: FieldState; dropCap?: FieldState; of: 'product' | 'collection' };

export function CatalogDropFields({ dropsAt, dropCap, of }: Props) {
  return (
    <fieldset className="grid gap-6 border border-line p-4 md:grid-cols-2">
      <legend className="px-1 text-xs font-medium uppercase tracking-widest">Drop (optional)</legend>
      <p className="text-sm text-muted md:col-span-2">
        {of === 'product'
          ? 'Before this time the product shows a countdown and cannot be added to a cart. Its collection’s time, if later, wins.'
          : 'Before this time every product of the collection shows a countdown and cannot be added to a cart.'}{' '}
        Leave blank to sell now.
      </p>
      <TextField label="Opens at (Lagos time, WAT)" {...fieldProps(dropsAt)} type="datetime-local" />
      {dropCap ? (
        <TextField
          label="Most units per customer"
          {...fieldProps(dropCap)}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
        />
      ) : null}
    </fieldset>
  );
}
