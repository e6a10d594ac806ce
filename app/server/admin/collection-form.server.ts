/**
 * One post of the collection form (new or edit), as product-form.server.ts does for products: an optional
 * single image (a new upload replaces the current one), values always carried back as typed.
 */
import {
  CATALOG_MESSAGES,
  parseImageIntent,
  readCollectionValues,
  UPLOAD_MESSAGES,
  validateCollection,
  type CollectionFormState,
  type CollectionFormValues,
} from '~/lib/admin-catalog';
import type { StoredImage } from '~/lib/images';
import type { AuditActor } from '../audit.server';
import { logger } from '../logger.server';
import { createCollection, updateCollection } from './collections.server';
import { IMAGE_LOST, postedImages, type FormOutcome } from './product-form.server';
import { BodyTooLargeError, filesOf, readFormDataWithin, storeUploads, UPLOAD_POST_LIMIT } from './upload-files.server';

export type ExistingCollection = { id: string; values: CollectionFormValues; image: StoredImage | null } | null;

export async function submitCollectionForm(
  request: Request,
  actor: AuditActor,
  existing: ExistingCollection,
): Promise<FormOutcome<CollectionFormState>> {
  let form: FormData;
  try {
    // One image at most: the limit of a single upload.
    form = await readFormDataWithin(request, UPLOAD_POST_LIMIT);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
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

  const intent = typeof form.get('intent') === 'string' ? String(form.get('intent')) : 'save';
  const imageIntent = parseImageIntent(intent);
  if (!['save', 'upload'].includes(intent) && imageIntent?.op !== 'remove') return { kind: 'bad-intent' };

  const values = readCollectionValues(form);
  const texts = form.getAll('image').filter((v): v is string => typeof v === 'string');
  const posted = await postedImages(texts.slice(0, 1), 'collections', existing?.image ? [existing.image] : []);
  const files = filesOf(form, 'files');
  const stored = await storeUploads(files.slice(0, 1), 'collections');
  let image: StoredImage | null = stored.images[0] ?? posted.images[0] ?? null;
  const uploadErrors = [...(posted.lost ? [IMAGE_LOST] : []), ...stored.errors];
  if (imageIntent) image = null;
  const state = (status: number, extra: Partial<CollectionFormState> = {}) => ({
    kind: 'form' as const,
    status,
    state: { values, image, fieldErrors: {}, uploadErrors, ...extra },
  });
  if (intent !== 'save') return state(uploadErrors.length ? 400 : 200);

  const checked = validateCollection(values, image);
  if (!checked.ok || uploadErrors.length)
    return state(400, { fieldErrors: checked.ok ? {} : checked.errors, formError: CATALOG_MESSAGES.saveCollection });

  try {
    if (!existing) return { kind: 'saved', id: await createCollection(actor, checked.input) };
    const found = await updateCollection(actor, existing.id, checked.input);
    return found ? { kind: 'saved', id: existing.id } : { kind: 'not-found' };
  } catch (error) {
    logger.error({ err: error, collectionId: existing?.id }, 'saving a collection failed');
    return state(500, { formError: CATALOG_MESSAGES.saveCollection });
  }
}
