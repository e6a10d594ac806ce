/** The collection form of /admin/collections/new and /admin/collections/edit/:id (see catalog-product-form.tsx). */
import { useCallback, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { FormMessage, TextField } from '~/components/account/fields';
import { DESCRIPTION_MAX, NAME_MAX, type CollectionFormState } from '~/lib/admin-catalog';
import { CatalogImageManager } from './catalog-image-manager';
import { CheckboxField, TextAreaField } from './catalog-fields';

type Props = { state: CollectionFormState; submitLabel: string; notice?: string };

export function CatalogCollectionForm({ state, submitLabel, notice }: Props) {
  const { values, fieldErrors } = state;
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="max-w-3xl space-y-8"
      aria-label="Collection"
    >
      {/* The first submit button is what Enter in a text box presses: Save, not Remove. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      <FormMessage error={state.formError} success={notice} />
      <TextField
        name="name"
        label="Name"
        required
        maxLength={NAME_MAX}
        defaultValue={values.name}
        error={fieldErrors.name}
      />
      <TextAreaField
        name="description"
        label="Description"
        required
        maxLength={DESCRIPTION_MAX}
        defaultValue={values.description}
        error={fieldErrors.description}
      />
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
        onBusyChange={onBusyChange}
      />
      <div className="border-t border-line pt-6">
        <button
          type="submit"
          name="intent"
          value="save"
          disabled={saving || uploading}
          className="h-12 bg-ink px-8 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60"
        >
          {saving ? 'Saving…' : uploading ? 'Uploading image…' : submitLabel}
        </button>
      </div>
    </Form>
  );
}
