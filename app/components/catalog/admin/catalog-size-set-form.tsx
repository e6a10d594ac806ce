/**
 * The size set form of /admin/size-sets/new and /admin/size-sets/edit/:id (decision 0034): a name, the sizes in the
 * order shoppers see them (one per line, or separated by commas), and whether new products start with this set.
 */
import type { SubmissionResult } from '@conform-to/react';
import { TextField } from '~/components/accounts/fields';
import { SIZE_SET_LIMITS, sizeSetSchema, type SizeSetFormValues } from '~/lib/catalog/admin-size-sets';
import { fieldProps, useAdminForm } from '../../admin/admin-form';
import { CrudForm } from '../../admin/crud/form';
import { CheckboxField, TextAreaField } from './catalog-fields';

type Props = {
  defaultValue: SizeSetFormValues;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  notice?: string;
  /** The set being edited is the default already: unticking cannot leave the store without one. */
  isDefault?: boolean;
};

export function CatalogSizeSetForm({ defaultValue, lastResult, submitLabel, notice, isDefault = false }: Props) {
  const [form, fields] = useAdminForm(sizeSetSchema, { id: 'size-set', defaultValue, lastResult });
  return (
    <CrudForm form={form} label="Size set" notice={notice} submitLabel={submitLabel}>
      <TextField label="Name" {...fieldProps(fields.name)} placeholder="Shoes (UK)" />
      <TextAreaField
        label="Sizes, in order"
        hint={
          `One per line, or separated by commas, in the order the product page shows them (at most ` +
          `${SIZE_SET_LIMITS.sizes}, each up to ${SIZE_SET_LIMITS.size} characters). A size that products sell ` +
          'can be removed once no product sells it.'
        }
        rows={8}
        {...fieldProps(fields.sizeList)}
        placeholder={'36\n37\n38'}
      />
      {isDefault ? (
        <p className="text-sm text-muted">
          New products start with this set. To change that, make another set the default.
          <input type="hidden" name={fields.isDefault.name} value="on" />
        </p>
      ) : (
        <CheckboxField
          name={fields.isDefault.name}
          label="Make this the default set"
          hint="New products start with the default set."
          defaultChecked={fields.isDefault.defaultChecked}
        />
      )}
    </CrudForm>
  );
}
