/**
 * The store's identity (docs/decisions/0042-launch-checklist.md): its name (header, mails, WhatsApp texts, JSON-LD,
 * manifest) and its logo (header, JSON-LD, the manifest's icons). The logo is a stored image (lib/images.ts) kept in the
 * settings row; this picks the file a given display needs.
 */
import { z } from 'zod';
import { imageUrl, pickWidth, type StoredImage } from '../images';

export type StoreIdentity = { name: string; logo: StoredImage | null };

/** The header's logo height in CSS pixels; its width follows the picture's own proportions. */
export const HEADER_LOGO_HEIGHT = 32;

/** The header's logo: its file and the box it is drawn in (width and height attributes: no layout shift). */
export type HeaderLogo = { src: string; width: number; height: number };

/** The logo's file and the box it is drawn in at `height` pixels. */
export function logoAt(logo: StoredImage, height: number): HeaderLogo {
  const width = Math.max(1, Math.round((logo.width / logo.height) * height));
  // Twice the drawn width for sharp screens; the smallest stored file (320) is usually enough.
  return { src: imageUrl(logo, pickWidth(logo, width * 2)), width, height };
}

export const LOGO_MESSAGES = {
  saved: 'Logo saved. The header and the app icon use it from now on.',
  removed: 'Logo removed. The header shows the store name.',
  noFile: 'Please choose the logo picture (PNG, JPEG or WebP).',
  failed: 'Error saving the logo. Please try again.',
} as const;

/** The logo form (/admin/settings): upload a picture, or remove the logo. The file itself is read from `logo`. */
export const logoFormSchema = z.object({
  intent: z.enum(['upload', 'remove'], { error: 'Please choose Upload or Remove.' }),
});
export const LOGO_FIELD = 'logo';
