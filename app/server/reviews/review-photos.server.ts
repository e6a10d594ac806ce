/**
 * A review's photos (decision 0040) through the product images' own pipeline (catalog/admin-upload-files.server.ts
 * and media.server.ts): checked by content, decoded and re-encoded as WebP at the page's widths, so no EXIF (GPS
 * location included) survives, and kept under `reviews/` in the store's storage.
 */
import type { StoredImage } from '~/lib/images';
import { REVIEW_PHOTOS_MAX, REVIEW_MESSAGES } from '~/lib/reviews/review-form';
import { storeUpload } from '../catalog/admin-upload-files.server';
import { deleteImage } from '../catalog/media.server';

export type PhotosOutcome = { ok: true; photos: StoredImage[] } | { ok: false; message: string; status: 400 | 500 };

/** Stores every photo or none: on the first refusal the ones already stored are deleted again. */
export async function storeReviewPhotos(files: File[]): Promise<PhotosOutcome> {
  if (files.length > REVIEW_PHOTOS_MAX) return { ok: false, status: 400, message: REVIEW_MESSAGES.photos };
  const photos: StoredImage[] = [];
  for (const file of files) {
    const outcome = await storeUpload(file, 'reviews');
    if (!outcome.ok) {
      await discardReviewPhotos(photos);
      return outcome;
    }
    photos.push(outcome.image);
  }
  return { ok: true, photos };
}

/** Deletes photos stored for a review that was then refused. */
export async function discardReviewPhotos(photos: StoredImage[]): Promise<void> {
  await Promise.allSettled(photos.map((photo) => deleteImage(photo)));
}
