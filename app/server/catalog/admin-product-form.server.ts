/**
 * One post of the product form (new or edit), from the raw request to the outcome the route answers with.
 * The form is multipart: without JavaScript its files come with it and are stored here; with JavaScript
 * they were uploaded already (/admin/uploads) and only their stored-image JSON comes back. Image
 * buttons (move up/down, remove) and "Upload" post the whole form too, so nothing typed is ever lost:
 * every outcome other than a save carries the values back exactly as typed.
 */
import type { SubmissionResult } from '@conform-to/react';
import {
  applyImageIntent,
  CATALOG_MESSAGES,
  MAX_PRODUCT_IMAGES,
  parseImageIntent,
  parseStoredImage,
  PRODUCT_SCREEN,
  UPLOAD_MESSAGES,
  IMAGE_COLOUR_FIELD,
  parseImageColours,
  type ImageFolder,
  type ProductImageInput,
} from '~/lib/catalog/admin-catalog';
import { productSchemaFor } from '~/lib/catalog/admin-catalog-product';
import {
  CONFIRM_REMOVAL_FIELD,
  PRODUCT_SIZE_MESSAGES,
  removalAnswer,
  removalQuestion,
} from '~/lib/catalog/admin-product-sizes';
import { postedIntent } from '~/lib/admin/admin-crud';
import { formErrorResult } from '~/lib/admin/admin-form';
import type { StoredImage } from '~/lib/images';
import type { AuditActor } from '../admin/audit.server';
import { collectionExists } from './admin-collections.server';
import { postedAsTyped, readPostedSubmission, saveRecord, type FormOutcome } from '../admin/crud.server';
import { createProduct, updateProduct } from './admin-products.server';
import { SkuTakenError, sizesInUse, takenSku } from './admin-product-variants.server';
import { sizeSetOptions } from './admin-size-sets.server';
import { colourChoices, ColourGoneError } from './admin-colours.server';
import { filesOf, imageFilesExist, PAGE_POST_LIMIT, storeUploads } from './admin-upload-files.server';

export type { FormOutcome };

/** The product being edited (null for a new one): its images are trusted. */
export type ExistingProduct = { id: string; images: ProductImageInput[] } | null;

/**
 * What the product form shows beside its fields: its images, the files refused, and the question asked before sizes
 * holding stock or cart lines are taken away (its answer is what the confirming button posts).
 */
export type ProductFormExtra = {
  images: ProductImageInput[];
  uploadErrors: string[];
  removal?: { question: string; answer: string };
};

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

/**
 * The colour each photo shows, as its select posted it (decision 0034); a photo the form had no select for (just
 * uploaded without JavaScript) keeps its saved colour, or none.
 */
function withPostedColours(form: FormData, images: StoredImage[], saved: ProductImageInput[]): ProductImageInput[] {
  const posted = parseImageColours(form.getAll(IMAGE_COLOUR_FIELD).filter((v): v is string => typeof v === 'string'));
  const savedColour = (key: string) => saved.find((image) => image.key === key)?.color ?? null;
  return images.map((image) => ({
    ...image,
    color: posted.has(image.key) ? (posted.get(image.key) ?? null) : savedColour(image.key),
  }));
}

export async function submitProductForm(
  request: Request,
  actor: AuditActor,
  existing: ExistingProduct,
): Promise<FormOutcome<ProductFormExtra>> {
  // The sizes and colours are checked against the size sets and colours as the database holds them now (decision 0034).
  const [sizeSets, colours] = await Promise.all([sizeSetOptions(), colourChoices()]);
  const posted = await readPostedSubmission(request, PAGE_POST_LIMIT, productSchemaFor({ sizeSets, colours }));
  if (!posted) {
    // The body was not read, so what was typed is unknown: the form keeps what it shows, or the product as it was.
    const answer = {
      result: formErrorResult(CATALOG_MESSAGES.saveProduct),
      images: existing?.images ?? [],
      uploadErrors: [UPLOAD_MESSAGES.bodyTooLarge],
    };
    return { kind: 'form', status: 413, answer };
  }

  const { form, submission } = posted;
  const intent = postedIntent(form);
  const imageIntent = parseImageIntent(intent);
  if (!['save', 'upload', 'refresh'].includes(intent) && !imageIntent) return { kind: 'bad-intent' };

  const { posted: kept, stored, uploadErrors } = await formImages(form, 'products', existing?.images ?? []);
  let images = withPostedColours(form, [...kept, ...stored], existing?.images ?? []);
  if (imageIntent) images = applyImageIntent(images, imageIntent);
  const formBack = (status: number, result: SubmissionResult<string[]>): FormOutcome<ProductFormExtra> => ({
    kind: 'form',
    status,
    answer: { result, images, uploadErrors },
  });
  if (intent !== 'save') return formBack(uploadErrors.length ? 400 : 200, postedAsTyped(form));

  // Checks beyond the schema, named per field like its own: they need the images and the database.
  const fieldErrors: Record<string, string[]> = {};
  if (images.length > MAX_PRODUCT_IMAGES) fieldErrors.images = [UPLOAD_MESSAGES.tooManyImages];
  const value = submission.status === 'success' ? submission.value : null;
  if (value?.collectionId && !(await collectionExists(value.collectionId)))
    fieldErrors.collectionId = ['That collection no longer exists. Please choose another.'];
  const taken = value && (await takenSku(existing?.id ?? null, value.stock));
  if (taken) fieldErrors.sku = [PRODUCT_SIZE_MESSAGES.skuTaken(taken)];
  const refusal = () => submission.reply({ formErrors: [CATALOG_MESSAGES.saveProduct], fieldErrors });
  if (!value || Object.keys(fieldErrors).length || uploadErrors.length) return formBack(400, refusal());
  // Sizes about to go that still hold stock or cart lines are asked about first (docs/requirements.md#12-admin-area).
  const inUse = existing ? await sizesInUse(existing.id, value.sizes) : [];
  if (inUse.length && value[CONFIRM_REMOVAL_FIELD] !== removalAnswer(inUse)) {
    const removal = { question: removalQuestion(inUse), answer: removalAnswer(inUse) };
    return { kind: 'form', status: 409, answer: { result: postedAsTyped(form), images, uploadErrors, removal } };
  }
  const { [CONFIRM_REMOVAL_FIELD]: _answered, ...fields } = value;
  // A photo tagged with a colour the product no longer has shows for every colour.
  const input = {
    ...fields,
    images: images.map((image) => ({
      ...image,
      alt: value.name,
      color: image.color && value.colors.includes(image.color) ? image.color : null,
    })),
  };
  return saveRecord(
    PRODUCT_SCREEN,
    existing,
    { create: () => createProduct(actor, input), update: (id) => updateProduct(actor, id, input) },
    () => formBack(500, refusal()),
    (error) => {
      const onField = (field: string, message: string) =>
        formBack(
          409,
          submission.reply({ formErrors: [CATALOG_MESSAGES.saveProduct], fieldErrors: { [field]: [message] } }),
        );
      if (error instanceof SkuTakenError) return onField('sku', PRODUCT_SIZE_MESSAGES.skuRace);
      // A colour renamed or deleted since the form was checked (admin-colours.server.ts).
      if (error instanceof ColourGoneError) return onField('colors', error.message);
      return null;
    },
  );
}
