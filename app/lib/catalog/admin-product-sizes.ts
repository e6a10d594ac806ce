/**
 * The product form's sizes and SKUs (decision 0034): the size set a product uses and the sizes of it it is sold in
 * (kept in the set's order), the SKU per size × colour, and the question asked before a save takes away a size that
 * still has stock or sits in carts. Pure, shared by the page and the server.
 */
import type { SizeSet } from './admin-size-sets';

/** What the product form's schema checks choices against: the store's size sets as the database holds them. */
export type ProductCatalog = { sizeSets: readonly SizeSet[] };

/** Conform names an entry of an object field `{field}.{key}`: a cell's SKU box is `sku.M|Black`. */
export const SKU_FIELD = 'sku.';

export const SKU_MAX = 40;
const SKU_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._/-]{0,${SKU_MAX - 1}}$`);

export const PRODUCT_SIZE_MESSAGES = {
  chooseSet: 'Please choose a size set from the list.',
  sizesOfSet: (set: string) => `Please choose sizes of the ${set} set.`,
  sku:
    `A SKU is up to ${SKU_MAX} letters, digits, dashes, dots, slashes or underscores, starting with a letter or ` +
    'digit; leave it blank for one made from the product, size and colour.',
  skuTwice: (sku: string) => `${sku} is given to two cells. Each size and colour needs its own SKU.`,
  skuTaken: (sku: string) => `Another product's size and colour already has the SKU ${sku}. Please choose another.`,
  skuRace: 'A SKU you typed was taken by another product meanwhile. Please choose another.',
} as const;

/** A typed SKU, trimmed: '' (the database makes one) or a valid code. */
export const skuProblem = (sku: string) => (sku === '' || SKU_PATTERN.test(sku) ? null : PRODUCT_SIZE_MESSAGES.sku);

/** The first SKU typed for two cells (without case), or null. */
export function repeatedSku(skus: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const sku of skus) {
    if (!sku) continue;
    if (seen.has(sku.toLowerCase())) return sku;
    seen.add(sku.toLowerCase());
  }
  return null;
}

/** The ticked sizes that belong to the set, in the set's order (the shop preselects the first). */
export const sizesInSet = (set: Pick<SizeSet, 'sizes'> | undefined, ticked: readonly string[]) =>
  set ? set.sizes.filter((size) => ticked.includes(size)) : [];

/** What a size about to be taken away still holds: its tracked stock and the cart lines naming it. */
export type SizeInUse = { size: string; stock: number; carts: number };

/** The field that carries the admin's answer: the sizes they agreed to take away, as the question listed them. */
export const CONFIRM_REMOVAL_FIELD = 'confirmRemoval';
export const removalAnswer = (sizes: readonly SizeInUse[]) => sizes.map((s) => s.size).join(',');

/** "M has 4 in stock. Remove it anyway?" and the like, for every size the save would take away. */
export function removalQuestion(sizes: readonly SizeInUse[]): string {
  const parts = sizes.map(({ size, stock, carts }) => {
    const held = [
      stock ? `${stock} in stock` : '',
      carts ? `${carts} ${carts === 1 ? 'cart line' : 'cart lines'} waiting` : '',
    ].filter(Boolean);
    return `${size} has ${held.join(' and ')}.`;
  });
  return `${parts.join(' ')} Remove ${sizes.length === 1 ? 'it' : 'them'} anyway?`;
}
