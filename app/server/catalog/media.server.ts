/**
 * Turns uploaded (or generated) image bytes into responsive WebP variants in storage.
 * The content is decoded to prove it is an image: a file's name or declared type is never trusted.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { IMAGE_WIDTHS, type StoredImage } from '~/lib/images';
import { storage as defaultStorage, type Storage } from '../storage.server';

export type MediaFolder = 'products' | 'collections' | 'hero' | 'reviews' | 'brand';

export type StoreImageOptions = {
  folder: MediaFolder;
  /** The original file name; only its readable part survives into the key. */
  filename: string;
  alt?: string;
  /** Defaults to the app's storage. */
  storage?: Storage;
  /** WebP encoder effort 0-6 (default 4); the demo seed trades a few percent of size for speed. */
  effort?: number;
};

export class InvalidImageError extends Error {
  constructor(message = 'The file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF).') {
    super(message);
    this.name = 'InvalidImageError';
  }
}

/** Raster formats we accept. SVG is refused: it is a document that may reference other files. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** About 50 megapixels: far above any product photo, far below what would exhaust memory. */
const MAX_PIXELS = 50_000_000;
export const WEBP_QUALITY = 76;

/** `Linen Shirt (final).JPG` -> `linen-shirt-final`; never empty. */
export function safeBaseName(filename: string): string {
  const base = filename
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return base || 'image';
}

/** The widths to store for an original of `width` pixels: those not larger, and always the smallest. */
export function variantWidths(width: number): number[] {
  const fitting = IMAGE_WIDTHS.filter((w) => w <= width);
  return fitting.length ? [...fitting] : [IMAGE_WIDTHS[0]];
}

let lastTimestamp = 0;
/** Millisecond timestamps, strictly increasing within this process so two uploads never share a key. */
function uniqueTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

/** A fresh key `${folder}/${timestamp}_${safe-name}` whose files do not exist yet. */
export async function newImageKey(
  folder: MediaFolder,
  filename: string,
  firstWidth: number = IMAGE_WIDTHS[0],
  store: Storage = defaultStorage(),
): Promise<string> {
  let key = `${folder}/${uniqueTimestamp()}_${safeBaseName(filename)}`;
  while (await store.exists(`${key}-${firstWidth}.webp`))
    key = `${folder}/${uniqueTimestamp()}_${safeBaseName(filename)}`;
  return key;
}

export async function storeImage(bytes: Buffer, options: StoreImageOptions): Promise<StoredImage> {
  const store = options.storage ?? defaultStorage();
  const { width, height } = await readDimensions(bytes);
  const widths = variantWidths(width);
  const largest = Math.max(...widths);

  // Decode (and rotate) once, scaled to the largest variant; every variant is resized from that.
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidImageError('The image could not be decoded: the file is damaged or not an image.');
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };

  const key = await newImageKey(options.folder, options.filename, widths[0], store);

  const written: string[] = [];
  try {
    for (const w of widths) {
      const webp = await sharp(base.data, raw)
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: options.effort ?? 4 })
        .toBuffer();
      const file = `${key}-${w}.webp`;
      await store.put(file, webp, 'image/webp');
      written.push(file);
    }
  } catch (error) {
    await Promise.allSettled(written.map((file) => store.delete(file)));
    throw error;
  }

  return { key, width, height, widths, ...(options.alt !== undefined ? { alt: options.alt } : {}) };
}

/** Deletes every variant file of a stored image (used when an admin removes or replaces it). */
export async function deleteImage(image: Pick<StoredImage, 'key' | 'widths'>, store: Storage = defaultStorage()) {
  await Promise.all(image.widths.map((w) => store.delete(`${image.key}-${w}.webp`)));
}

/** Width and height as displayed, i.e. after EXIF orientation; throws InvalidImageError for non-images. */
async function readDimensions(bytes: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new InvalidImageError();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new InvalidImageError();
  }
  if (metadata.width * metadata.height > MAX_PIXELS) {
    throw new InvalidImageError('The image is too large: please upload at most 50 megapixels.');
  }
  // Orientations 5-8 are quarter turns: the displayed picture has width and height swapped.
  const turned = (metadata.orientation ?? 1) >= 5;
  return turned
    ? { width: metadata.height, height: metadata.width }
    : { width: metadata.width, height: metadata.height };
}
