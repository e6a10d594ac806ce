/**
 * Which sizes and colours can be bought, from the product's variant stock. A combination with no
 * variant row, or a null stock, is not tracked and so always available (lib/cart-rules lineCap).
 */
import { PRODUCT_MAX_SWATCHES } from '~/lib/catalog/catalog-constants';
import type { VariantStock } from '~/lib/catalog/catalog-types';
import { lineCap } from '~/lib/cart/cart-rules';

type Stocked = { sizes: string[]; colors: string[]; variants: VariantStock[]; inStock: boolean };

/** The colours offered as swatches (docs/requirements.md#15-limits-and-constants: up to 5). */
export const swatchColors = (colors: string[]) => colors.slice(0, PRODUCT_MAX_SWATCHES);

/** '' stands for "no size" / "no colour", as in the cart. */
const optionsOf = (values: string[]) => (values.length ? values : ['']);

export function stockOf(variants: VariantStock[], size: string, color: string): number | null {
  return variants.find((v) => v.size === size && v.color === color)?.stock ?? null;
}

/** How many of this size and colour one cart line may hold (0 = sold out). */
export const capOf = (variants: VariantStock[], size: string, color: string) => lineCap(stockOf(variants, size, color));

export const isSoldOut = (variants: VariantStock[], size: string, color: string) => capOf(variants, size, color) === 0;

/**
 * Sizes to mark sold out: with a colour chosen, those sold out in that colour; without one (the
 * page before JavaScript runs, when the choice may change unseen), those sold out in every colour.
 */
export function soldOutSizes(product: Stocked, color: string | null): Set<string> {
  const colors = color === null ? optionsOf(swatchColors(product.colors)) : [color];
  return new Set(product.sizes.filter((size) => colors.every((c) => isSoldOut(product.variants, size, c))));
}

export function soldOutColors(product: Stocked, size: string | null): Set<string> {
  const sizes = size === null ? optionsOf(product.sizes) : [size];
  return new Set(
    swatchColors(product.colors).filter((color) => sizes.every((s) => isSoldOut(product.variants, s, color))),
  );
}

/** Can any size and colour of it be bought? (JSON-LD availability; the page's out-of-stock state.) */
export function isPurchasable(product: Stocked): boolean {
  if (!product.inStock) return false;
  return optionsOf(product.sizes).some((size) =>
    optionsOf(swatchColors(product.colors)).some((color) => !isSoldOut(product.variants, size, color)),
  );
}

/** The first `length` characters (whole code points), with an ellipsis when cut. */
export function previewText(text: string, length: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length).join('').trimEnd()}…`;
}
