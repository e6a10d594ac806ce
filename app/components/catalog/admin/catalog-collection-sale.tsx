/**
 * "Put this collection on sale" on the collection's edit page (decision 0034): a percentage off for every product in
 * it, or the sale ended, in one step. The form posts to /admin/collections/edit/:id/sale, which sends the edit page
 * back with how many products changed (post/redirect/get) or shows the form again with what was wrong.
 */
import type { SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { collectionSaleSchema, SALE_INTENTS, SALE_LIMITS } from '~/lib/catalog/admin-sale-price';
import { fieldProps, useAdminForm } from '../../admin/admin-form';
import { AdminField } from '../../store/admin/settings-fields';

type Props = {
  collectionId: string;
  /** The collection's products and how many are on sale now. */
  counts: { products: number; onSale: number };
  lastResult?: SubmissionResult<string[]>;
  /** What the last sale form did ("12 products put on sale at 20% off."). */
  notice?: string | null;
};

const buttonClass = 'h-11 px-6 text-xs font-medium uppercase tracking-widest disabled:opacity-60';

export function CatalogCollectionSale({ collectionId, counts, lastResult, notice }: Props) {
  const [form, fields] = useAdminForm(collectionSaleSchema, { id: 'collection-sale', lastResult });
  const navigation = useNavigation();
  const action = `/admin/collections/edit/${collectionId}/sale`;
  const busy = navigation.state === 'submitting' && navigation.formAction === action;
  const { products, onSale } = counts;
  return (
    <section aria-labelledby="collection-sale-heading" className="max-w-3xl space-y-4 border-t border-line pt-6">
      <h2 id="collection-sale-heading" className="text-xs font-medium uppercase tracking-widest">
        Put this collection on sale
      </h2>
      <p className="text-sm text-muted">
        {products === 0
          ? 'This collection has no products yet.'
          : `${onSale.toLocaleString('en-NG')} of its ${products.toLocaleString('en-NG')} ` +
            `product${products === 1 ? ' is' : 's are'} on sale. ` +
            'A sale takes the percentage off each price before the sale (rounded to whole naira), which the shop ' +
            'shows struck through; ending it puts those prices back. Carts and checkout charge the new prices at once.'}
      </p>
      <Form
        id={form.id}
        method="post"
        action={action}
        noValidate={form.noValidate}
        onSubmit={form.onSubmit}
        aria-label="Collection sale"
        aria-describedby={form.errors?.length ? form.errorId : undefined}
        className="space-y-4"
      >
        {/* Enter in the percentage box puts the collection on sale, not the sale ended. */}
        <button type="submit" name="intent" value={SALE_INTENTS.start} hidden tabIndex={-1} aria-hidden="true" />
        <div id={form.errorId}>
          <FormMessage error={form.errors?.[0]} success={notice ?? undefined} />
        </div>
        <AdminField
          id="collection-sale-percent"
          label="Percentage off (%)"
          inputMode="numeric"
          {...fieldProps(fields.percent)}
          hint={`A whole number from ${SALE_LIMITS.minPercent} to ${SALE_LIMITS.maxPercent}.`}
          className="max-w-xs"
        />
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            name="intent"
            value={SALE_INTENTS.start}
            disabled={busy || products === 0}
            className={`${buttonClass} bg-ink text-paper`}
          >
            Put on sale
          </button>
          {onSale > 0 ? (
            <button
              type="submit"
              name="intent"
              value={SALE_INTENTS.end}
              formNoValidate
              disabled={busy}
              className={`${buttonClass} border border-ink`}
            >
              End the sale
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
