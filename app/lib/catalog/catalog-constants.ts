/** Business constants of docs/requirements.md#15-limits-and-constants: the one place each of them is written down. */

export const CATEGORIES = ['Shirts', 'Pants', 'Dresses', 'Accessories', 'Shoes', 'Outerwear'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export type Size = (typeof SIZES)[number];

/**
 * The size sets every store starts with (decision 0034), with fixed ids so the migration, the seed and the tests
 * name the same rows. "Clothing" holds the six sizes above and is the default of a new product.
 */
export const DEFAULT_SIZE_SET_ID = 'clothing000001';
export const STARTING_SIZE_SETS = [
  { id: DEFAULT_SIZE_SET_ID, name: 'Clothing', sizes: [...SIZES] },
  {
    id: 'shoeseu0000001',
    name: 'Shoes (EU)',
    sizes: ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'],
  },
  { id: 'onesize0000001', name: 'One size', sizes: ['One size'] },
  { id: 'waist000000001', name: 'Waist', sizes: ['28', '29', '30', '31', '32', '33', '34', '36', '38', '40'] },
] as const;

export const COLORS = ['Black', 'White', 'Gray', 'Navy', 'Red', 'Blue', 'Green', 'Brown'] as const;
export type Color = (typeof COLORS)[number];

/** The longest colour name (decision 0034): the admin's colour form and the listing's `?colour=` hold to it. */
export const COLOUR_NAME_MAX = 30;

/** Swatch colours for the colour names above. */
export const COLOR_HEX: Record<Color, string> = {
  Black: '#111111',
  White: '#f5f5f2',
  Gray: '#8a8d91',
  Navy: '#1f2a44',
  Red: '#b3262d',
  Blue: '#2f5fa7',
  Green: '#2f5d3a',
  Brown: '#6b4a2f',
};

/** Flat delivery fee in kobo (₦2,600); the live value is a store setting seeded from this. */
export const DEFAULT_DELIVERY_FEE_KOBO = 2600_00;

export const HOME_FEATURED_LIMIT = 5;
export const HOME_NEWEST_LIMIT = 6;
export const HERO_INTERVAL_MS = 5000;
export const RELATED_QUERY_LIMIT = 8;
export const RELATED_KEEP = 7;
export const RELATED_FIRST_GROUP = 5;
export const PRODUCT_EXTRA_THUMBNAILS = 4;
export const PRODUCT_MAX_SWATCHES = 5;
export const DESCRIPTION_PREVIEW_CHARS = 50;
export const SHOP_PAGE_SIZE = 24;
