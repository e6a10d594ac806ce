/**
 * The product form of /admin/products/new and /admin/products/edit/:id. A multipart form that posts to
 * its own page: Save, and without JavaScript also Upload, image moves and "Update stock grid". Its inputs
 * start from the product as loaded (or blank) or, after a post that did not save, from exactly what was
 * typed (Conform's answer); the page re-mounts the form when it loads the product again.
 */
import type { SubmissionResult } from '@conform-to/react';
import { useMemo, useRef, useState } from 'react';
import { TextField } from '~/components/accounts/fields';
import {
  inOrder,
  ORDER_FIELDS,
  productSchemaFor,
  readGridChoices,
  type ProductFormValues,
} from '~/lib/catalog/admin-catalog-product';
import type { SizeSet } from '~/lib/catalog/admin-size-sets';
import { sizesInSet } from '~/lib/catalog/admin-product-sizes';
import { CATEGORIES } from '~/lib/catalog/catalog-constants';
// Types only: the product page's bundle keeps colours.ts to itself, not in a chunk shared with this form.
import type { ColourSwatch } from '~/lib/catalog/colours';
import type { ProductImageInput } from '~/lib/catalog/admin-catalog';
import { useHydrated, useOnHydration } from '~/hooks/use-hydrated';
import { fieldProps, useAdminForm } from '../../admin/admin-form';
import { CatalogImageManager } from './catalog-image-manager';
import { CheckboxField, CheckboxGroup, DescriptionField, NameField, SelectField } from './catalog-fields';
import { CatalogDropFields } from './catalog-drop-fields';
import { CatalogRemovalQuestion } from './catalog-removal-question';
import { CatalogSizeChoice } from './catalog-size-choice';
import { CatalogStockGrid } from './catalog-stock-grid';
import { CrudForm, formKey } from '../../admin/crud/form';

type Props = {
  /** The product as loaded (or blank), and its images. */
  defaultValue: ProductFormValues;
  images: ProductImageInput[];
  /**
   * The action's answer to the last post: Conform's result, the images as posted, the files refused, and the question
   * asked before taking away sizes that hold stock or cart lines.
   */
  answer?: {
    result: SubmissionResult<string[]>;
    images: ProductImageInput[];
    uploadErrors: string[];
    removal?: { question: string; answer: string };
  };
  collections: { id: string; name: string }[];
  /** The store's size sets, in order: the product uses one (decision 0034). */
  sizeSets: SizeSet[];
  /** The store's colours with their swatches, in order: the product uses any of them (decision 0034). */
  colours: ColourSwatch[];
  submitLabel: string;
  notice?: string;
  /** "Email me when it's back" requests waiting per stock cell (an existing product's edit page). */
  waiting?: Record<string, number>;
};

/** The typed stock per cell Conform holds for an object field (a record of text). */
const textRecord = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};

/** A ticked value goes last: the order is the shop's (its first size and colour are preselected). */
const toggle = (list: string[], value: string, on: boolean) =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

export function CatalogProductForm(props: Props) {
  const { defaultValue, images, answer, collections, sizeSets, colours, submitLabel, notice, waiting } = props;
  const schema = useMemo(() => productSchemaFor({ sizeSets, colours }), [sizeSets, colours]);
  const [form, fields] = useAdminForm(schema, { id: 'product', defaultValue, lastResult: answer?.result });
  const hydrated = useHydrated();
  // The grid follows the chosen set, the ticked sizes and colours as they change, so these are React's, not the DOM's.
  const [sizeSetId, setSizeSetId] = useState(() => fields.sizeSetId.defaultValue ?? '');
  const [sizes, setSizes] = useState(() => fields.sizes.defaultOptions ?? []);
  const [colors, setColors] = useState(() =>
    inOrder(fields.colors.defaultOptions ?? [], fields.colorOrder.defaultValue ?? ''),
  );
  const [stock, setStock] = useState(() => textRecord(fields.stock.initialValue));
  const [sku, setSku] = useState(() => textRecord(fields.sku.initialValue));
  const stockWas = textRecord(fields.stockWas.initialValue);
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Sizes, colours and stock changed before the scripts arrived are kept, read as the server would read
  // them, rather than put back by the first render (which also takes the Update stock grid button away).
  useOnHydration(() => {
    if (!formRef.current) return;
    const picked = readGridChoices(new FormData(formRef.current));
    if (picked.sizeSetId !== sizeSetId) setSizeSetId(picked.sizeSetId);
    if (picked.sizes.join() !== sizes.join()) setSizes(picked.sizes);
    if (picked.colors.join() !== colors.join()) setColors(picked.colors);
    if (Object.entries(picked.stock).some(([key, value]) => stock[key] !== value))
      setStock((all) => ({ ...all, ...picked.stock }));
  });

  // Only the chosen set's sizes count (a tick left from another set, without JavaScript, is not the product's).
  const soldSizes = sizesInSet(
    sizeSets.find((set) => set.id === sizeSetId),
    sizes,
  );

  return (
    <CrudForm
      form={form}
      label="Product"
      formRef={formRef}
      notice={notice}
      submitLabel={submitLabel}
      busy={uploading}
      busyLabel="Uploading images…"
    >
      {answer?.removal ? <CatalogRemovalQuestion {...answer.removal} /> : null}
      <div className="grid gap-6 md:grid-cols-2">
        <div className="md:col-span-2">
          <NameField field={fields.name} />
        </div>
        <TextField
          label="Price (₦)"
          {...fieldProps(fields.price)}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
        />
        {/* Above the price puts the product on sale: the old price struck through in the shop (decision 0034). */}
        <TextField
          label="Compare-at price (₦, optional)"
          {...fieldProps(fields.compareAtPrice)}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
        />
        <SelectField label="Category" {...fieldProps(fields.category)}>
          <option value="">Choose a category</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </SelectField>
        <div className="md:col-span-2">
          <DescriptionField field={fields.description} />
        </div>
        <SelectField label="Collection (optional)" {...fieldProps(fields.collectionId)}>
          <option value="">No collection</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.name}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="space-y-6">
        <input type="hidden" name={ORDER_FIELDS.colors} value={colors.join(',')} />
        <CatalogSizeChoice
          sizeSets={sizeSets}
          names={{ set: fields.sizeSetId.name, sizes: fields.sizes.name }}
          errors={{ set: fields.sizeSetId.errors?.[0], sizes: fields.sizes.errors?.[0] }}
          setId={sizeSetId}
          sizes={soldSizes}
          hydrated={hydrated}
          onSetChange={(set) => {
            setSizeSetId(set?.id ?? '');
            setSizes(set ? [...set.sizes] : []);
          }}
          onSizesChange={setSizes}
        />
        <CheckboxGroup
          name={fields.colors.name}
          legend="Colours"
          options={colours.map((colour) => colour.name)}
          swatch={(name) => colours.find((colour) => colour.name === name)?.swatch}
          chosen={colors}
          onToggle={(v, on) => setColors((list) => toggle(list, v, on))}
          error={fields.colors.errors?.[0]}
        />
        {sizes.length || colors.length ? (
          <p className="text-sm text-muted">
            In the shop, in this order (the first of each is preselected):{' '}
            {[sizes.join(', '), colors.join(', ')].filter(Boolean).join(' · ')}
          </p>
        ) : null}
      </div>

      <div className="space-y-3">
        <CatalogStockGrid
          sizes={soldSizes}
          colors={colors}
          stock={stock}
          stockWas={stockWas}
          waiting={waiting}
          onChange={(key, value) => setStock((all) => ({ ...all, [key]: value }))}
          error={fields.stock.errors?.[0]}
          sku={sku}
          onSkuChange={(key, value) => setSku((all) => ({ ...all, [key]: value }))}
          skuError={fields.sku.errors?.[0]}
        />
        {hydrated ? null : (
          <button
            type="submit"
            name="intent"
            value="refresh"
            formNoValidate
            className="border border-line px-3 py-2 text-xs uppercase tracking-widest hover:border-ink"
          >
            Update stock grid
          </button>
        )}
      </div>

      <TextField
        label="Fit note (optional)"
        {...fieldProps(fields.fitNote)}
        placeholder="Runs small: take one size up"
      />

      <CatalogDropFields dropsAt={fields.dropsAt} dropCap={fields.dropCap} of="product" />

      <div className="space-y-3">
        <CheckboxField
          name={fields.inStock.name}
          label="In stock"
          hint="Untick to stop all sales of this product, whatever the stock says."
          defaultChecked={fields.inStock.defaultChecked}
        />
        <CheckboxField
          name={fields.featured.name}
          label="Featured"
          hint="Shown in the featured grid on the home page."
          defaultChecked={fields.featured.defaultChecked}
        />
      </div>

      <CatalogImageManager
        // A new answer is a new set of images (moved, removed, uploaded without JavaScript): start again from it.
        key={answer ? formKey(answer) : 0}
        folder="products"
        initial={answer ? answer.images : images}
        multiple
        // Each photo shows every colour or one of those ticked (decision 0034).
        colours={colors}
        serverErrors={answer?.uploadErrors ?? []}
        // Checked by the server only (the images are not form fields), so read from its answer under their name.
        fieldError={form.allErrors.images?.[0]}
        onBusyChange={setUploading}
      />
    </CrudForm>
  );
}
