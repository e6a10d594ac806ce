/** The collection form of /admin/collections/new and /admin/collections/edit/:id (see catalog-product-form.tsx). */
import { useState } from 'react';
import type { CollectionFormState } from '~/lib/admin-catalog';
import { CatalogImageManager } from './catalog-image-manager';
import { CheckboxField, DescriptionField, NameField } from './catalog-fields';
import { CrudForm } from './crud/form';

type Props = { state: CollectionFormState; submitLabel: string; notice?: string };

export function CatalogCollectionForm({ state, submitLabel, notice }: Props) {
  const { values, fieldErrors } = state;
  const [uploading, setUploading] = useState(false);
  return (
    <CrudForm
      label="Collection"
      error={state.formError}
      notice={notice}
      submitLabel={submitLabel}
      busy={uploading}
      busyLabel="Uploading image…"
    >
      <NameField defaultValue={values.name} error={fieldErrors.name} />
      <DescriptionField defaultValue={values.description} error={fieldErrors.description} />
      <CheckboxField
        name="featured"
        label="Featured"
        hint="Shown in the featured collections on the home page."
        defaultChecked={values.featured}
      />
      <CatalogImageManager
        folder="collections"
        initial={state.image ? [state.image] : []}
        multiple={false}
        serverErrors={state.uploadErrors}
        fieldError={fieldErrors.image}
        onBusyChange={setUploading}
      />
    </CrudForm>
  );
}
