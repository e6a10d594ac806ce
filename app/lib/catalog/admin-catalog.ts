/**
 * The admin catalog (products and collections): messages, limits, stored images carried by forms, the
 * collection form, and the two screens of the admin CRUD pattern (admin-crud.ts). The product form is in
 * admin-catalog-product.ts. Pure: the pages use the same names and limits for their inputs as the server
 * actions validate with.
 */
import { z } from 'zod';
import type { CrudScreen } from '../admin/admin-crud';
import { checkbox } from '../admin/admin-form';
import { dropsAtField } from './admin-drops';
import { IMAGE_WIDTHS, type StoredImage } from '../images';

/** docs/requirements.md#14-messages (admin errors and delete confirmations), word for word. */
export const CATALOG_MESSAGES = {
  saveProduct: 'Error saving product. Please try again.',
  saveCollection: 'Error saving collection. Please try again.',
  deleteProduct: 'Error deleting product. Please try again.',
  deleteCollection: 'Error deleting collection. Please try again.',
  confirmDeleteProduct: 'Are you sure you want to delete this product?',
  confirmDeleteCollection: 'Are you sure you want to delete this collection?',
  productSaved: 'Product saved.',
  productDeleted: 'Product deleted.',
  collectionSaved: 'Collection saved.',
  collectionDeleted: 'Collection deleted.',
} as const;

/** docs/requirements.md#15-limits-and-constants: 10MB per image, as the UI states; we also enforce it on the server. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_LABEL = '10MB';
export const MAX_PRODUCT_IMAGES = 12;
/** Files one form post may carry without JavaScript (with it, each file is its own upload request). */
export const MAX_FILES_PER_POST = 6;
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const MAX_STOCK = 100_000;
/** products.price is a 32-bit integer of kobo; a round ceiling well inside it. */
export const MAX_PRICE_KOBO = 20_000_000_00;
export const PRODUCT_LIST_DESCRIPTION_CHARS = 50;
export const COLLECTION_LIST_DESCRIPTION_CHARS = 100;

/**
 * The first `length` characters (whole code points) and an ellipsis when there were more. The lists load
 * one character beyond the cut (trimmed at the start only), so a space there still counts as "more".
 */
export function cutText(text: string, length: number): string {
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length).join('').trimEnd()}…`;
}

export type ImageFolder = 'products' | 'collections' | 'reviews' | 'brand';

export const UPLOAD_MESSAGES = {
  tooLarge: (file: string) =>
    `"${file}" is larger than ${MAX_IMAGE_LABEL}. Please choose an image of up to ${MAX_IMAGE_LABEL}.`,
  notImage: (file: string, reason: string) => `"${file}" was not uploaded. ${reason}`,
  /** When the body is refused unread, so the file's name is unknown. */
  fileTooLarge: `The image is larger than ${MAX_IMAGE_LABEL}. Please choose an image of up to ${MAX_IMAGE_LABEL}.`,
  bodyTooLarge:
    `The upload is too large. Send at most ${MAX_FILES_PER_POST} images ` +
    `of up to ${MAX_IMAGE_LABEL} each at a time.`,
  tooManyFiles: `Send at most ${MAX_FILES_PER_POST} images at a time.`,
  tooManyImages: `A product can have at most ${MAX_PRODUCT_IMAGES} images.`,
  noFile: 'Please choose an image file.',
  failed: (file: string) => `"${file}" could not be stored. Please try again.`,
} as const;

/** A file name as the admin knows it, safe to show: no path, at most 80 characters. */
export function displayFileName(name: string): string {
  const base = name.replace(/^.*[\\/]/, '').trim();
  return (base || 'image').slice(0, 80);
}

// Keys storeImage makes (`products/1732212345678_linen-shirt`) and those of the demo seed; never a path.
const imageKey = (folder: ImageFolder) => new RegExp(`^${folder}/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$`);

/** A stored image as a form carries it back (JSON in a hidden input): checked, never trusted. */
export const storedImageSchema = (folder: ImageFolder) =>
  z.object({
    key: z.string().regex(imageKey(folder)),
    width: z.number().int().min(1).max(20_000),
    height: z.number().int().min(1).max(20_000),
    widths: z
      .array(z.number().refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w)))
      .min(1)
      .max(IMAGE_WIDTHS.length),
    alt: z.string().max(300).optional(),
  });

/** The hidden input's JSON back to an image; null when it is not one. */
export function parseStoredImage(text: string, folder: ImageFolder): StoredImage | null {
  try {
    const parsed = storedImageSchema(folder).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const imageInputValue = (image: StoredImage) =>
  JSON.stringify({ key: image.key, width: image.width, height: image.height, widths: image.widths });

/** A product's photo on its form: the colour it shows (decision 0034), null or none for every colour. */
export type ProductImageInput = StoredImage & { color?: string | null };

/**
 * Each photo's colour posts as `imageColour={key}|{colour}` (`{key}|` for every colour), from a select beside the
 * photo, so it follows the photo however the photos are moved, with or without JavaScript.
 */
export const IMAGE_COLOUR_FIELD = 'imageColour';
export const imageColourValue = (key: string, colour: string | null | undefined) => `${key}|${colour ?? ''}`;

/** The posted colours by image key ('' read as null: every colour); a key posted twice keeps its first. */
export function parseImageColours(values: readonly string[]): Map<string, string | null> {
  const colours = new Map<string, string | null>();
  for (const value of values) {
    const bar = value.indexOf('|');
    if (bar < 1) continue;
    const key = value.slice(0, bar);
    if (!colours.has(key)) colours.set(key, value.slice(bar + 1) || null);
  }
  return colours;
}

/** Move up/down and remove, as the buttons name them (`image-up:2`), so they also work as plain submit buttons. */
export type ImageIntent = { op: 'up' | 'down' | 'remove'; index: number };

export function parseImageIntent(intent: string): ImageIntent | null {
  const match = /^image-(up|down|remove):(\d{1,3})$/.exec(intent);
  return match ? { op: match[1] as ImageIntent['op'], index: Number(match[2]) } : null;
}

export function applyImageIntent<T>(images: readonly T[], { op, index }: ImageIntent): T[] {
  const next = [...images];
  if (index < 0 || index >= next.length) return next;
  if (op === 'remove') next.splice(index, 1);
  const other = op === 'up' ? index - 1 : index + 1;
  if (op !== 'remove' && other >= 0 && other < next.length) [next[index], next[other]] = [next[other], next[index]];
  return next;
}

/** A required text field: trimmed, not blank, at most `max` characters. Conform posts an empty box as no value. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `Please keep ${label} under ${max.toLocaleString('en-NG')} characters.`);

/** A row of /admin/collections, as the server lists it and the table shows it. */
export type AdminCollectionRow = {
  id: string;
  name: string;
  /** At most 101 characters: enough for the list to cut at 100 and show that it did. */
  description: string;
  image: StoredImage | null;
  featured: boolean;
  createdAt: string;
  productCount: number;
};

/** The collection form (its image travels beside it: see formImages in admin-product-form.server.ts). */
export const collectionSchema = z.object({
  name: requiredText('a name', NAME_MAX),
  description: requiredText('a description', DESCRIPTION_MAX),
  featured: checkbox(),
  /** Every product of the collection opens at this Lagos time, or later at its own (decision 0036). */
  dropsAt: dropsAtField,
});
/** The form's values as the page starts it (a new collection, or the one being edited). */
export type CollectionFormValues = z.input<typeof collectionSchema>;
/** Left out, `dropsAt` keeps the saved time (decision 0036). */
export type CollectionInput = Omit<z.output<typeof collectionSchema>, 'dropsAt'> & {
  dropsAt?: Date | null;
  image: StoredImage | null;
};

export const blankCollectionValues = (): CollectionFormValues => ({
  name: '',
  description: '',
  featured: false,
  dropsAt: '',
});

/** The two catalog screens of the admin CRUD pattern (admin-crud.ts): their URLs, labels and messages. */
export const PRODUCT_SCREEN: CrudScreen = {
  path: '/admin/products',
  entity: 'product',
  one: 'product',
  many: 'products',
  messages: {
    saveError: CATALOG_MESSAGES.saveProduct,
    deleteError: CATALOG_MESSAGES.deleteProduct,
    confirmDelete: CATALOG_MESSAGES.confirmDeleteProduct,
    saved: CATALOG_MESSAGES.productSaved,
    deleted: CATALOG_MESSAGES.productDeleted,
  },
};

export const COLLECTION_SCREEN: CrudScreen = {
  path: '/admin/collections',
  entity: 'collection',
  one: 'collection',
  many: 'collections',
  messages: {
    saveError: CATALOG_MESSAGES.saveCollection,
    deleteError: CATALOG_MESSAGES.deleteCollection,
    confirmDelete: CATALOG_MESSAGES.confirmDeleteCollection,
    saved: CATALOG_MESSAGES.collectionSaved,
    deleted: CATALOG_MESSAGES.collectionDeleted,
  },
};
