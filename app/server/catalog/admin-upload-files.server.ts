/**
 * Reading admin form posts that carry image files, within a size limit, and storing the files through
 * media.server (checked by content, kept as responsive WebP variants under `{folder}/{timestamp}_{name}`).
 *
 * React Router's streaming multipart parser is not installed, so a post is read with the platform's
 * formData(), which keeps files in memory: the body is therefore refused up front when its declared
 * Content-Length is too big (a 413 with a message, nothing read), and counted while it streams (a chunked
 * post declares none), so a 200 MB post is cut off at the limit instead of being buffered whole. In the running
 * store server/middleware/body-limit.ts does both before the app runs, and reads and drops the rest. Each file's own
 * 10MB limit is checked after parsing, so the message can name the file.
 */
import {
  displayFileName,
  MAX_FILES_PER_POST,
  MAX_IMAGE_BYTES,
  UPLOAD_MESSAGES,
  type ImageFolder,
} from '~/lib/catalog/admin-catalog';
import type { StoredImage } from '~/lib/images';
import { refuseControlCharactersIn } from '../http/control-characters.server';
import { InvalidImageError, storeImage } from './media.server';
import { logger } from '../logger.server';
import { storage, type Storage } from '../storage.server';

/**
 * The limits server/app.ts already enforces on every body as it streams (server/middleware/body-limit.ts, which also
 * counts the files): a page form without JavaScript (up to MAX_FILES_PER_POST images), one image (the upload endpoint and
 * the collection form), and posts without files (deletes). Checked here again for callers not behind it.
 */
export {
  CATALOG_FORM_BODY_LIMIT as PAGE_POST_LIMIT,
  FORM_BODY_LIMIT as SMALL_POST_LIMIT,
  SINGLE_IMAGE_BODY_LIMIT as UPLOAD_POST_LIMIT,
} from '../http/body-limits.server';

export class BodyTooLargeError extends Error {
  constructor() {
    super('request body too large');
    this.name = 'BodyTooLargeError';
  }
}

/** The posted form, or BodyTooLargeError once more than `maxBytes` are declared or arrive. */
export async function readFormDataWithin(request: Request, maxBytes: number): Promise<FormData> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return new FormData();
  let seen = 0;
  let tooLarge = false;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          tooLarge = true;
          controller.error(new BodyTooLargeError());
        } else controller.enqueue(chunk);
      },
    }),
  );
  const contentType = request.headers.get('content-type') ?? '';
  let form: FormData;
  try {
    form = await new Response(counted, { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    if (tooLarge) throw new BodyTooLargeError();
    // A body that is not a form at all is bad input, answered like an empty form.
    logger.debug({ err: error }, 'unreadable form body');
    return new FormData();
  }
  // Larger than the root middleware reads: the same control-character rule here, after the admin guard (decision 0027).
  return refuseControlCharactersIn(form);
}

/** The files chosen in `field`: an empty file input posts a nameless, empty part, which is not a file. */
export function filesOf(form: FormData, field: string): File[] {
  return form
    .getAll(field)
    .filter((value): value is File => typeof value !== 'string' && (value.size > 0 || value.name !== ''));
}

export type StoreOutcome = { ok: true; image: StoredImage } | { ok: false; message: string; status: 400 | 500 };

/** Stores one uploaded file, or says in words why not (naming the file). */
export async function storeUpload(file: File, folder: ImageFolder): Promise<StoreOutcome> {
  const name = displayFileName(file.name);
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, status: 400, message: UPLOAD_MESSAGES.tooLarge(name) };
  if (file.size === 0) return { ok: false, status: 400, message: UPLOAD_MESSAGES.notImage(name, 'The file is empty.') };
  try {
    const image = await storeImage(Buffer.from(await file.arrayBuffer()), { folder, filename: file.name });
    return { ok: true, image };
  } catch (error) {
    if (error instanceof InvalidImageError)
      return { ok: false, status: 400, message: UPLOAD_MESSAGES.notImage(name, error.message) };
    logger.error({ err: error, file: name }, 'storing an uploaded image failed');
    return { ok: false, status: 500, message: UPLOAD_MESSAGES.failed(name) };
  }
}

/** Stores the files of one form post, one after another (sharp already uses every core for each). */
export async function storeUploads(
  files: File[],
  folder: ImageFolder,
): Promise<{ images: StoredImage[]; errors: string[] }> {
  if (files.length > MAX_FILES_PER_POST) return { images: [], errors: [UPLOAD_MESSAGES.tooManyFiles] };
  const images: StoredImage[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const outcome = await storeUpload(file, folder);
    if (outcome.ok) images.push(outcome.image);
    else errors.push(outcome.message);
  }
  return { images, errors };
}

/**
 * Whether every variant file of an image a form sent back is really in storage. Images the record
 * already has are trusted without a look (the demo seed and test rows may point at files elsewhere).
 */
export async function imageFilesExist(image: StoredImage, store: Storage = storage()): Promise<boolean> {
  try {
    const found = await Promise.all(image.widths.map((w) => store.exists(`${image.key}-${w}.webp`)));
    return found.every(Boolean);
  } catch {
    return false;
  }
}
