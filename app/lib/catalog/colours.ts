/**
 * Colours as the storefront paints them (decision 0034): each product names its colours, the `colours` table gives
 * each name its swatch. No Zod here: the listing and product pages bundle this file.
 */

/** A colour as the pages paint it. */
export type ColourSwatch = { name: string; swatch: string };

/** The swatch of a colour the table does not know (grey, as the migration gave colours it found on products). */
export const DEFAULT_SWATCH = '#8a8d91';

/** The swatch of `name` among `swatches`. */
export function swatchOf(swatches: readonly ColourSwatch[], name: string): string {
  return swatches.find((colour) => colour.name === name)?.swatch ?? DEFAULT_SWATCH;
}

/** The product's colour a `?colour=` names (any case), as the product spells it; null for none of them. */
export function chosenColour(colors: readonly string[], raw: string | null): string | null {
  const wanted = raw?.trim().toLowerCase();
  return (wanted && colors.find((colour) => colour.toLowerCase() === wanted)) || null;
}

/**
 * The photos in the order a colour shows them (docs/requirements.md#4-what-each-page-shows): that colour's first,
 * then the photos of every colour, then the other colours'; each group in the admin's order. No colour: as stored.
 */
export function photosFor<T extends { color: string | null }>(images: readonly T[], colour: string | null): T[] {
  if (!colour) return [...images];
  const rank = (image: T) => (image.color === colour ? 0 : image.color === null ? 1 : 2);
  return images
    .map((image, index) => ({ image, index }))
    .sort((a, b) => rank(a.image) - rank(b.image) || a.index - b.index)
    .map(({ image }) => image);
}
