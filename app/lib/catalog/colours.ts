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
