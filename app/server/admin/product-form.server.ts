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
  PRODUCT_SCREEN,
  UPLOAD_MESSAGES,
  type ImageFolder,
} from '~/lib/admin-catalog';
import {
  readProductValues,
  validateProduct,
  type ProductFormState,
  type ProductFormValues,
} from '~/lib/admin-catalog-product';
import { postedIntent } from '~/lib/admin-crud';
import type { StoredImage } from '~/lib/images';
import type { AuditActor } from '../audit.server';
import { collectionExists } from './collections.server';
import { readPostedForm, saveRecord, type FormOutcome } from './crud.server';
import { createProduct, updateProduct } from './products.server';
import { filesOf, imageFilesExist, PAGE_POST_LIMIT, storeUploads } from './upload-files.server';

export type { FormOutcome };

/** The product being edited (null for a new one): its images are trusted, and it is the fallback form. */
export type ExistingProduct = { id: string; values: ProductFormValues; images: StoredImage[] } | null;

export const IMAGE_LOST = 'An image could not be found in storage. Please upload it again.';

/** The images the form sent back, in order: known ones as saved, new ones only if their files exist. */
export async function postedImages(
  texts: string[],
  folder: ImageFolder,
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

/**
 * The images of a catalog form's post: those it carried back (`image` inputs, checked) and the files posted
 * with it (`files`, stored now), at most `max` of each, with the messages for the ones that failed.
 */
export async function formImages(form: FormData, folder: ImageFolder, trusted: StoredImage[], max = Infinity) {
  const texts = form.getAll('image').filter((v): v is string => typeof v === 'string');
  const posted = await postedImages(texts.slice(0, max), folder, trusted);
  const stored = await storeUploads(filesOf(form, 'files').slice(0, max), folder);
  const uploadErrors = [...(posted.lost ? [IMAGE_LOST] : []), ...stored.errors];
  return { posted: posted.images, stored: stored.images, uploadErrors };
}

export async function submitProductForm(
  request: Request,
  actor: AuditActor,
  existing: ExistingProduct,
): Promise<FormOutcome<ProductFormState>> {
  const form = await readPostedForm(request, PAGE_POST_LIMIT);
  if (!form) {
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

  const intent = postedIntent(form);
  const imageIntent = parseImageIntent(intent);
  if (!['save', 'upload', 'refresh'].includes(intent) && !imageIntent) return { kind: 'bad-intent' };

  const values = readProductValues(form);
  const { posted, stored, uploadErrors } = await formImages(form, 'products', existing?.images ?? []);
  let images = [...posted, ...stored];
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
  const input = checked.input;
  return saveRecord(
    PRODUCT_SCREEN,
    existing,
    { create: () => createProduct(actor, input), update: (id) => updateProduct(actor, id, input) },
    () => state(500, { formError: CATALOG_MESSAGES.saveProduct }),
  );
}
