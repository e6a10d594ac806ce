/**
 * The product form of /admin/products/new and /admin/products/edit/:id. A multipart form that posts to
 * its own page: Save, and without JavaScript also Upload, image moves and "Update stock grid". Every
 * input starts from `state`, which is the product as saved or, after a post that did not save, exactly
 * what was typed; the page re-mounts the form for each new state.
 */
import { useRef, useState } from 'react';
import { TextField } from '~/components/account/fields';
import { ORDER_FIELDS, readProductValues, type ProductFormState } from '~/lib/admin-catalog-product';
import { CATEGORIES, COLORS, SIZES } from '~/lib/catalog-constants';
import { useHydrated, useOnHydration } from '~/hooks/use-hydrated';
import { CatalogImageManager } from './catalog-image-manager';
import { CheckboxField, CheckboxGroup, DescriptionField, NameField, SelectField } from './catalog-fields';
import { CatalogStockGrid } from './catalog-stock-grid';
import { CrudForm } from './crud/form';

type Props = {
  state: ProductFormState;
  collections: { id: string; name: string }[];
  submitLabel: string;
  notice?: string;
};

/** A ticked value goes last: the order is the shop's (its first size and colour are preselected). */
const toggle = (list: string[], value: string, on: boolean) =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

export function CatalogProductForm({ state, collections, submitLabel, notice }: Props) {
  const { values, fieldErrors } = state;
  const hydrated = useHydrated();
  const [sizes, setSizes] = useState(values.sizes);
  const [colors, setColors] = useState(values.colors);
  const [stock, setStock] = useState(values.stock);
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Sizes, colours and stock changed before the scripts arrived are kept, read as the server would read
  // them, rather than put back by the first render (which also takes the Update stock grid button away).
  useOnHydration(() => {
    if (!formRef.current) return;
    const picked = readProductValues(new FormData(formRef.current));
    if (picked.sizes.join() !== sizes.join()) setSizes(picked.sizes);
    if (picked.colors.join() !== colors.join()) setColors(picked.colors);
    if (Object.entries(picked.stock).some(([key, value]) => stock[key] !== value))
      setStock((all) => ({ ...all, ...picked.stock }));
  });

  return (
    <CrudForm
      label="Product"
      formRef={formRef}
      error={state.formError}
      notice={notice}
      submitLabel={submitLabel}
      busy={uploading}
      busyLabel="Uploading images…"
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div className="md:col-span-2">
          <NameField defaultValue={values.name} error={fieldErrors.name} />
        </div>
        <TextField
          name="price"
          label="Price (₦)"
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          required
          defaultValue={values.price}
          error={fieldErrors.price}
        />
        <SelectField
          name="category"
          label="Category"
          required
          defaultValue={values.category}
          error={fieldErrors.category}
        >
          <option value="">Choose a category</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </SelectField>
        <div className="md:col-span-2">
          <DescriptionField defaultValue={values.description} error={fieldErrors.description} />
        </div>
        <SelectField
          name="collectionId"
          label="Collection (optional)"
          defaultValue={values.collectionId}
          error={fieldErrors.collectionId}
        >
          <option value="">No collection</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.name}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="space-y-6">
        <input type="hidden" name={ORDER_FIELDS.sizes} value={sizes.join(',')} />
        <input type="hidden" name={ORDER_FIELDS.colors} value={colors.join(',')} />
        <CheckboxGroup
          name="sizes"
          legend="Sizes"
          options={SIZES}
          chosen={sizes}
          onToggle={(v, on) => setSizes((list) => toggle(list, v, on))}
          error={fieldErrors.sizes}
        />
        <CheckboxGroup
          name="colors"
          legend="Colours"
          options={COLORS}
          chosen={colors}
          onToggle={(v, on) => setColors((list) => toggle(list, v, on))}
          error={fieldErrors.colors}
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
          sizes={sizes}
          colors={colors}
          stock={stock}
          stockWas={values.stockWas}
          onChange={(key, value) => setStock((all) => ({ ...all, [key]: value }))}
          error={fieldErrors.stock}
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

      <div className="space-y-3">
        <CheckboxField
          name="inStock"
          label="In stock"
          hint="Untick to stop all sales of this product, whatever the stock says."
          defaultChecked={values.inStock}
        />
        <CheckboxField
          name="featured"
          label="Featured"
          hint="Shown in the featured grid on the home page."
          defaultChecked={values.featured}
        />
      </div>

      <CatalogImageManager
        folder="products"
        initial={state.images}
        multiple
        serverErrors={state.uploadErrors}
        fieldError={fieldErrors.images}
        onBusyChange={setUploading}
      />
    </CrudForm>
  );
}
