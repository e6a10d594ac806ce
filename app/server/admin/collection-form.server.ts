/**
 * One post of the collection form (new or edit), as product-form.server.ts does for products: an optional
 * single image (a new upload replaces the current one), values always carried back as typed.
 */
import {
  CATALOG_MESSAGES,
  COLLECTION_SCREEN,
  parseImageIntent,
  readCollectionValues,
  UPLOAD_MESSAGES,
  validateCollection,
  type CollectionFormState,
  type CollectionFormValues,
} from '~/lib/admin-catalog';
import { postedIntent } from '~/lib/admin-crud';
import type { StoredImage } from '~/lib/images';
import type { AuditActor } from '../audit.server';
import { createCollection, updateCollection } from './collections.server';
import { readPostedForm, saveRecord, type FormOutcome } from './crud.server';
import { formImages } from './product-form.server';
import { UPLOAD_POST_LIMIT } from './upload-files.server';

export type ExistingCollection = { id: string; values: CollectionFormValues; image: StoredImage | null } | null;

export async function submitCollectionForm(
  request: Request,
  actor: AuditActor,
  existing: ExistingCollection,
): Promise<FormOutcome<CollectionFormState>> {
  // One image at most: the limit of a single upload.
  const form = await readPostedForm(request, UPLOAD_POST_LIMIT);
  if (!form) {
    const fallback = existing ?? { values: readCollectionValues(new FormData()), image: null };
    return {
      kind: 'form',
      status: 413,
      state: {
        values: fallback.values,
        image: fallback.image,
        fieldErrors: {},
        formError: CATALOG_MESSAGES.saveCollection,
        uploadErrors: [UPLOAD_MESSAGES.fileTooLarge],
      },
    };
  }

  const intent = postedIntent(form);
  const imageIntent = parseImageIntent(intent);
  if (!['save', 'upload'].includes(intent) && imageIntent?.op !== 'remove') return { kind: 'bad-intent' };

  const values = readCollectionValues(form);
  const { posted, stored, uploadErrors } = await formImages(
    form,
    'collections',
    existing?.image ? [existing.image] : [],
    1,
  );
  // A new upload replaces the current image; Remove takes it away.
  const image: StoredImage | null = imageIntent ? null : (stored[0] ?? posted[0] ?? null);
  const state = (status: number, extra: Partial<CollectionFormState> = {}) => ({
    kind: 'form' as const,
    status,
    state: { values, image, fieldErrors: {}, uploadErrors, ...extra },
  });
  if (intent !== 'save') return state(uploadErrors.length ? 400 : 200);

  const checked = validateCollection(values, image);
  if (!checked.ok || uploadErrors.length)
    return state(400, { fieldErrors: checked.ok ? {} : checked.errors, formError: CATALOG_MESSAGES.saveCollection });
  const input = checked.input;
  return saveRecord(
    COLLECTION_SCREEN,
    existing,
    { create: () => createCollection(actor, input), update: (id) => updateCollection(actor, id, input) },
    () => state(500, { formError: CATALOG_MESSAGES.saveCollection }),
  );
}
