/**
 * One post of the product form (new or edit), from the raw request to the outcome the route answers with.
 * The form is multipart: without JavaScript its files come with it and are stored here; with JavaScript
 * they were uploaded already (/admin/uploads) and only their stored-image JSON comes back. Image
 * buttons (move up/down, remove) and "Upload" post the whole form too, so nothing typed is ever lost:
 * every outcome other than a save carries the values back exactly as typed.
 */
import {
  applyImageIntent,
  CATALOG_MESSAGES,
  parseImageIntent,
  parseStoredImage,
  UPLOAD_MESSAGES,
} from '~/lib/admin-catalog';
import {
  readProductValues,
  validateProduct,
  type ProductFormState,
  type ProductFormValues,
} from '~/lib/admin-catalog-product';
import type { StoredImage } from '~/lib/images';
import type { AuditActor } from '../audit.server';
import { logger } from '../logger.server';
import { collectionExists } from './collections.server';
import { createProduct, updateProduct } from './products.server';
import {
  BodyTooLargeError,
  filesOf,
  imageFilesExist,
  PAGE_POST_LIMIT,
  readFormDataWithin,
  storeUploads,
} from './upload-files.server';

export type FormOutcome<State> =
  | { kind: 'saved'; id: string }
  | { kind: 'form'; status: number; state: State }
  | { kind: 'not-found' }
  | { kind: 'bad-intent' };

/** The product being edited (null for a new one): its images are trusted, and it is the fallback form. */
export type ExistingProduct = { id: string; values: ProductFormValues; images: StoredImage[] } | null;

export const IMAGE_LOST = 'An image could not be found in storage. Please upload it again.';

/** The images the form sent back, in order: known ones as saved, new ones only if their files exist. */
export async function postedImages(
  texts: string[],
  folder: 'products' | 'collections',
  trusted: StoredImage[],
): Promise<{ images: StoredImage[]; lost: boolean }> {
  const byKey = new Map(trusted.map((image) => [image.key, image]));
  const images: StoredImage[] = [];
  let lost = false;
  for (const text of texts) {
    const image = parseStoredImage(text, folder);
    const known = image && byKey.get(image.key);
    if (known) images.push(known);
    else if (image && (await imageFilesExist(image))) images.push(image);
    else lost = true;
  }
  return { images: images.filter((image, i) => images.findIndex((other) => other.key === image.key) === i), lost };
}

export async function submitProductForm(
  request: Request,
  actor: AuditActor,
  existing: ExistingProduct,
): Promise<FormOutcome<ProductFormState>> {
  let form: FormData;
  try {
    form = await readFormDataWithin(request, PAGE_POST_LIMIT);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    // The body was not read, so what was typed is unknown: the form shows the product as it was.
    const fallback = existing ?? { values: readProductValues(new FormData()), images: [] };
    return {
      kind: 'form',
      status: 413,
      state: {
        values: fallback.values,
        images: fallback.images,
        fieldErrors: {},
        formError: CATALOG_MESSAGES.saveProduct,
        uploadErrors: [UPLOAD_MESSAGES.bodyTooLarge],
      },
    };
  }

  const intent = typeof form.get('intent') === 'string' ? String(form.get('intent')) : 'save';
  const imageIntent = parseImageIntent(intent);
  if (!['save', 'upload', 'refresh'].includes(intent) && !imageIntent) return { kind: 'bad-intent' };

  const values = readProductValues(form);
  const texts = form.getAll('image').filter((v): v is string => typeof v === 'string');
  const posted = await postedImages(texts, 'products', existing?.images ?? []);
  const stored = await storeUploads(filesOf(form, 'files'), 'products');
  let images = [...posted.images, ...stored.images];
  const uploadErrors = [...(posted.lost ? [IMAGE_LOST] : []), ...stored.errors];
  const state = (status: number, extra: Partial<ProductFormState> = {}) => ({
    kind: 'form' as const,
    status,
    state: { values, images, fieldErrors: {}, uploadErrors, ...extra },
  });

  if (imageIntent) images = applyImageIntent(images, imageIntent);
  if (intent !== 'save') return state(uploadErrors.length ? 400 : 200);

  const checked = validateProduct(values, images);
  const fieldErrors = checked.ok ? {} : checked.errors;
  if (checked.ok && checked.input.collectionId && !(await collectionExists(checked.input.collectionId))) {
    fieldErrors.collectionId = 'That collection no longer exists. Please choose another.';
  }
  if (!checked.ok || Object.keys(fieldErrors).length || uploadErrors.length) {
    return state(400, { fieldErrors, formError: CATALOG_MESSAGES.saveProduct });
  }

  try {
    if (!existing) return { kind: 'saved', id: await createProduct(actor, checked.input) };
    const found = await updateProduct(actor, existing.id, checked.input);
    return found ? { kind: 'saved', id: existing.id } : { kind: 'not-found' };
  } catch (error) {
    logger.error({ err: error, productId: existing?.id }, 'saving a product failed');
    return state(500, { formError: CATALOG_MESSAGES.saveProduct });
  }
}
