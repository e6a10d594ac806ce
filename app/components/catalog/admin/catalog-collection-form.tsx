/** The collection form of /admin/collections/new and /admin/collections/edit/:id (see catalog-product-form.tsx). */
import type { SubmissionResult } from '@conform-to/react';
import { useState } from 'react';
import { collectionSchema, type CollectionFormValues } from '~/lib/catalog/admin-catalog';
import type { StoredImage } from '~/lib/images';
import { useAdminForm } from '../../admin/admin-form';
import { CatalogImageManager } from './catalog-image-manager';
import { CatalogDropFields } from './catalog-drop-fields';
import { CheckboxField, DescriptionField, NameField } from './catalog-fields';
import { CrudForm, formKey } from '../../admin/crud/form';

type Props = {
  /** The collection as loaded (or blank), and its image. */
  defaultValue: CollectionFormValues;
  image: StoredImage | null;
  /** The action's answer to the last post: Conform's result, the image as posted and the file refused. */
  answer?: { result: SubmissionResult<string[]>; image: StoredImage | null; uploadErrors: string[] };
  submitLabel: string;
  notice?: string;
};

export function CatalogCollectionForm({ defaultValue, image, answer, submitLabel, notice }: Props) {
  const [form, fields] = useAdminForm(collectionSchema, { id: 'collection', defaultValue, lastResult: answer?.result });
  const [uploading, setUploading] = useState(false);
  const current = answer ? answer.image : image;
  return (
    <CrudForm
      form={form}
      label="Collection"
      notice={notice}
      submitLabel={submitLabel}
      busy={uploading}
      busyLabel="Uploading image…"
    >
      <NameField field={fields.name} />
      <DescriptionField field={fields.description} />
      <CheckboxField
        name={fields.featured.name}
        label="Featured"
        hint="Shown in the featured collections on the home page."
        defaultChecked={fields.featured.defaultChecked}
      />
      <CatalogDropFields dropsAt={fields.dropsAt} of="collection" />
      <CatalogImageManager
        // A new answer is a new set of images (moved, removed, uploaded without JavaScript): start again from it.
        key={answer ? formKey(answer) : 0}
        folder="collections"
        initial={current ? [current] : []}
        multiple={false}
        serverErrors={answer?.uploadErrors ?? []}
        onBusyChange={setUploading}
      />
    </CrudForm>
  );
}
