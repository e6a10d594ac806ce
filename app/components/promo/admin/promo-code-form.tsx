/**
 * The promo code form of /admin/promo-codes/new and /admin/promo-codes/edit/:id (decision 0023): the code, what it
 * gives (each kind with its own amount box, shown only while that kind is chosen: CSS, so also without JavaScript),
 * the minimum subtotal, when it is valid in Lagos time, how often it may be used, the collections and categories it
 * is limited to, whether it leaves out products on sale, and whether it is on.
 */
import type { SubmissionResult } from '@conform-to/react';
import type { ReactNode } from 'react';
import { FieldError, TextField } from '~/components/accounts/fields';
import { promoSchema, type PromoFormValues } from '~/lib/promo/admin-promo';
import { CATEGORIES } from '~/lib/catalog/catalog-constants';
import type { PromoKind } from '~/lib/promo/promo';
import { fieldProps, initialList, useAdminForm } from '../../admin/admin-form';
import { CheckboxField, TickBoxes } from '../../catalog/admin/catalog-fields';
import { CrudForm } from '../../admin/crud/form';
import { AdminField, NairaField } from '../../store/admin/settings-fields';

type Props = {
  defaultValue: PromoFormValues;
  /** The collections a code may be limited to. */
  collections: { id: string; name: string }[];
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  notice?: string;
};

/** Collections and categories limit a code together: an item in either a ticked collection or category qualifies. */
const LIMIT_HINT =
  'Leave unticked for every item. Otherwise only items in a ticked collection or category are discounted, ' +
  'and only they count towards the minimum subtotal.';

const legendClass = 'block text-xs font-medium uppercase tracking-widest';
export function PromoCodeForm({ defaultValue, collections, lastResult, submitLabel, notice }: Props) {
  const [form, fields] = useAdminForm(promoSchema, { id: 'promo-code', defaultValue, lastResult });
  const kind = fields.kind.initialValue;
  const kindError = fields.kind.errors?.[0];
  /** One kind: its radio and, while it is chosen, the box of its amount. */
  const option = (value: PromoKind, label: string, amount?: ReactNode) => (
    <div className="group border border-line p-4 has-[:checked]:border-ink">
      <label className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="radio"
          name={fields.kind.name}
          value={value}
          defaultChecked={kind === value}
          className="h-4 w-4 accent-ink"
        />
        {label}
      </label>
      {amount ? <div className="mt-3 group-[:not(:has(:checked))]:hidden">{amount}</div> : null}
    </div>
  );
  const unlimited = 'Leave blank for no limit.';
  return (
    <CrudForm form={form} label="Promo code" notice={notice} submitLabel={submitLabel}>
      <TextField
        label="Code"
        {...fieldProps(fields.code)}
        placeholder="SUMMER10"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <fieldset className="space-y-3" aria-describedby={kindError ? 'kind-error' : undefined}>
        <legend className={legendClass}>What the code gives</legend>
        {option(
          'percent',
          'Percentage off',
          <AdminField
            id="percentOff"
            label="Percent off (%)"
            inputMode="numeric"
            {...fieldProps(fields.percentOff)}
            hint="A whole number from 1 to 100, taken off the eligible items (rounded down to the kobo)."
          />,
        )}
        {option(
          'fixed',
          'Fixed amount off',
          <NairaField
            id="amountOff"
            label="Amount off (naira)"
            {...fieldProps(fields.amountOff)}
            hint="Taken off the eligible items, never more than they cost."
          />,
        )}
        {option('free-delivery', 'Free delivery')}
        <FieldError id="kind-error" error={kindError} />
      </fieldset>
      <NairaField
        id="minSubtotal"
        label="Minimum subtotal (naira)"
        {...fieldProps(fields.minSubtotal)}
        hint="The eligible items must come to at least this much. Leave blank for none."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <AdminField
          id="startsAt"
          label="Starts (Lagos time)"
          type="datetime-local"
          {...fieldProps(fields.startsAt)}
          hint="Leave blank to start at once."
        />
        <AdminField
          id="endsAt"
          label="Ends (Lagos time)"
          type="datetime-local"
          {...fieldProps(fields.endsAt)}
          hint="Leave blank never to end."
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <AdminField
          id="maxUses"
          label="Total uses allowed"
          inputMode="numeric"
          {...fieldProps(fields.maxUses)}
          hint={`Paid orders and unpaid ones still open count. ${unlimited}`}
        />
        <AdminField
          id="maxUsesPerCustomer"
          label="Uses per customer"
          inputMode="numeric"
          {...fieldProps(fields.maxUsesPerCustomer)}
          hint={unlimited}
        />
      </div>
      {collections.length ? (
        <TickBoxes
          name={fields.collectionIds.name}
          legend="Only for these collections (optional)"
          hint={LIMIT_HINT}
          options={collections.map((collection) => ({ value: collection.id, label: collection.name }))}
          chosen={initialList(fields.collectionIds.initialValue)}
          error={fields.collectionIds.errors?.[0]}
        />
      ) : null}
      <TickBoxes
        name={fields.categories.name}
        legend="Only for these categories (optional)"
        hint={LIMIT_HINT}
        options={CATEGORIES.map((category) => ({ value: category, label: category }))}
        chosen={initialList(fields.categories.initialValue)}
        error={fields.categories.errors?.[0]}
      />
      <CheckboxField
        name={fields.excludeSale.name}
        label="Leave out products on sale"
        hint="Items with a compare-at price are not discounted and do not count towards the minimum subtotal."
        defaultChecked={fields.excludeSale.defaultChecked}
      />
      <CheckboxField
        name={fields.active.name}
        label="Active"
        hint="Untick to switch the code off: shoppers are told it is switched off, and it can be switched on again."
        defaultChecked={fields.active.defaultChecked}
      />
    </CrudForm>
  );
}
