/**
 * One post of the collection form (new or edit), as admin-product-form.server.ts does for products: an optional
 * single image (a new upload replaces the current one), values always carried back as typed.
 */
import type { SubmissionResult } from '@conform-to/react';
import {
  CATALOG_MESSAGES,
  COLLECTION_SCREEN,
  collectionSchema,
  parseImageIntent,
  UPLOAD_MESSAGES,
} from '~/lib/catalog/admin-catalog';
import { postedIntent } from '~/lib/admin/admin-crud';
import { formErrorResult } from '~/lib/admin/admin-form';
import type { StoredImage } from '~/lib/images';
import type { AuditActor } from '../admin/audit.server';
import { createCollection, updateCollection } from './admin-collections.server';
import { postedAsTyped, readPostedSubmission, saveRecord, type FormOutcome } from '../admin/crud.server';
import { formImages } from './admin-product-form.server';
import { UPLOAD_POST_LIMIT } from './admin-upload-files.server';

/** The collection being edited (null for a new one): its image is trusted. */
export type ExistingCollection = { id: string; image: StoredImage | null } | null;

/** What the collection form shows beside its fields: its image, and the file refused. */
export type CollectionFormExtra = { image: StoredImage | null; uploadErrors: string[] };

export async function submitCollectionForm(
  request: Request,
  actor: AuditActor,
  existing: ExistingCollection,
): Promise<FormOutcome<CollectionFormExtra>> {
  // One image at most: the limit of a single upload.
  const posted = await readPostedSubmission(request, UPLOAD_POST_LIMIT, collectionSchema);
  if (!posted) {
    const answer = {
      result: formErrorResult(CATALOG_MESSAGES.saveCollection),
      image: existing?.image ?? null,
      uploadErrors: [UPLOAD_MESSAGES.fileTooLarge],
    };
    return { kind: 'form', status: 413, answer };
  }

  const { form, submission } = posted;
  const intent = postedIntent(form);
  const imageIntent = parseImageIntent(intent);
  if (!['save', 'upload'].includes(intent) && imageIntent?.op !== 'remove') return { kind: 'bad-intent' };

  const {
    posted: kept,
    stored,
    uploadErrors,
  } = await formImages(form, 'collections', existing?.image ? [existing.image] : [], 1);
  // A new upload replaces the current image; Remove takes it away.
  const image: StoredImage | null = imageIntent ? null : (stored[0] ?? kept[0] ?? null);
  const formBack = (status: number, result: SubmissionResult<string[]>): FormOutcome<CollectionFormExtra> => ({
    kind: 'form',
    status,
    answer: { result, image, uploadErrors },
  });
  if (intent !== 'save') return formBack(uploadErrors.length ? 400 : 200, postedAsTyped(form));

  const refusal = () => submission.reply({ formErrors: [CATALOG_MESSAGES.saveCollection] });
  if (submission.status !== 'success' || uploadErrors.length) return formBack(400, refusal());
  const { value } = submission;
  const input = { ...value, image: image ? { ...image, alt: value.name } : null };
  return saveRecord(
    COLLECTION_SCREEN,
    existing,
    { create: () => createCollection(actor, input), update: (id) => updateCollection(actor, id, input) },
    () => formBack(500, refusal()),
  );
}
