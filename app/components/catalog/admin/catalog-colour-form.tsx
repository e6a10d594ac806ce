/**
 * The colour form of /admin/colours/new and /admin/colours/edit/:id (decision 0034): a name and a swatch picked
 * with the browser's own colour input (it posts `#rrggbb`, without JavaScript too).
 */
import type { SubmissionResult } from '@conform-to/react';
import { FieldError, TextField } from '~/components/accounts/fields';
import { colourSchema, type ColourFormValues } from '~/lib/catalog/admin-colours';
import { fieldProps, useAdminForm } from '../../admin/admin-form';
import { CrudForm } from '../../admin/crud/form';

type Props = {
  defaultValue: ColourFormValues;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  notice?: string;
  /** On the edit page, when products use the colour: its name stays, its swatch may change. */
  inUse?: number;
};

export function CatalogColourForm({ defaultValue, lastResult, submitLabel, notice, inUse = 0 }: Props) {
  const [form, fields] = useAdminForm(colourSchema, { id: 'colour', defaultValue, lastResult });
  const swatchError = fields.swatch.errors?.[0];
  return (
    <CrudForm form={form} label="Colour" notice={notice} submitLabel={submitLabel}>
      <TextField label="Name" {...fieldProps(fields.name)} placeholder="Olive" />
      {inUse ? (
        <p className="-mt-3 text-sm text-muted">
          {inUse === 1 ? '1 product uses' : `${inUse.toLocaleString('en-NG')} products use`} this colour: its name stays
          as orders keep it, its swatch can change.
        </p>
      ) : null}
      <div>
        <label htmlFor="swatch" className="block text-xs font-medium uppercase tracking-widest">
          Swatch
        </label>
        <input
          id="swatch"
          type="color"
          name={fields.swatch.name}
          defaultValue={fields.swatch.defaultValue}
          aria-invalid={swatchError ? true : undefined}
          aria-describedby={swatchError ? 'swatch-error' : 'swatch-hint'}
          className="mt-2 h-12 w-24 cursor-pointer border border-line bg-paper p-1"
        />
        <p id="swatch-hint" className="mt-1 text-sm text-muted">
          The colour of its round swatch on the product page and in the shop&apos;s filter.
        </p>
        <FieldError id="swatch-error" error={swatchError} />
      </div>
    </CrudForm>
  );
}
