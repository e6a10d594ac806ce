/**
 * A stored image: `key` names it in storage; the WebP file for each width in `widths` lives at
 * `${key}-${width}.webp`. Width and height are the original's, so pages reserve the right space.
 */
export type StoredImage = { key: string; width: number; height: number; widths: number[]; alt?: string };

export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export const MEDIA_PREFIX = '/media/';

export function imageUrl(image: Pick<StoredImage, 'key'>, width: number): string {
  return `${MEDIA_PREFIX}${image.key}-${width}.webp`;
}

export function srcSet(image: StoredImage): string {
  return image.widths.map((w) => `${imageUrl(image, w)} ${w}w`).join(', ');
}

/** The smallest stored width at least `wanted` pixels wide (or the largest there is). */
export function pickWidth(image: StoredImage, wanted: number): number {
  const sorted = [...image.widths].sort((a, b) => a - b);
  return sorted.find((w) => w >= wanted) ?? sorted[sorted.length - 1];
}
