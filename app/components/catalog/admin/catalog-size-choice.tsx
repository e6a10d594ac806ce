/**
 * The product form's sizes (decision 0034): the size set the product uses (a select) and the sizes of it it is sold
 * in (checkboxes in the set's order). With JavaScript a new set shows its sizes at once, all ticked; without it the
 * "Choose" button posts the form back and the page shows the chosen set's sizes.
 */
import type { SizeSet } from '~/lib/catalog/admin-size-sets';
import { CheckboxGroup, SelectField } from './catalog-fields';

type Props = {
  sizeSets: readonly SizeSet[];
  /** The select's and checkboxes' names, and their errors. */
  names: { set: string; sizes: string };
  errors: { set?: string; sizes?: string };
  setId: string;
  sizes: string[];
  hydrated: boolean;
  onSetChange: (set: SizeSet | undefined) => void;
  onSizesChange: (sizes: string[]) => void;
};

export function CatalogSizeChoice({
  sizeSets,
  names,
  errors,
  setId,
  sizes,
  hydrated,
  onSetChange,
  onSizesChange,
}: Props) {
  const set = sizeSets.find((s) => s.id === setId);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <SelectField
            label="Size set"
            name={names.set}
            value={setId}
            error={errors.set}
            hint="Sizes come from a set: manage the sets under Size sets."
            onChange={(event) => onSetChange(sizeSets.find((s) => s.id === event.target.value))}
          >
            {set ? null : <option value="">Choose a size set</option>}
            {sizeSets.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
                {option.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </SelectField>
        </div>
        {hydrated ? null : (
          <button
            type="submit"
            name="intent"
            value="refresh"
            formNoValidate
            className="mb-0.5 h-11 border border-line px-4 text-xs uppercase tracking-widest hover:border-ink"
          >
            Choose
          </button>
        )}
      </div>
      <CheckboxGroup
        name={names.sizes}
        legend={set ? `Sizes of ${set.name} it is sold in` : 'Sizes'}
        options={set?.sizes ?? []}
        chosen={sizes}
        onToggle={(size, on) => onSizesChange((set?.sizes ?? []).filter((s) => (s === size ? on : sizes.includes(s))))}
        error={errors.sizes}
      />
    </div>
  );
}
