/**
 * The hand-written demo catalog: products across the six categories and every shop price band
 * (boundaries ₦10,000, ₦25,000 and ₦50,000 included), four collections, and the pictures each uses.
 * Prices here are in naira for readability; the seed stores kobo.
 */
import { STARTING_SIZE_SETS, type Category, type Color, type Size } from '~/lib/catalog/catalog-constants';
import type { Piece } from './svg/compositions';
import type { Shape } from './svg/garments';

export type CollectionKey = 'lagos' | 'dark' | 'weekend' | 'essentials';

export type DemoCollection = {
  key: CollectionKey;
  name: string;
  description: string;
  featured: boolean;
  daysAgo: number;
  cover: { pieces: Piece[]; light: string; dark: string };
};

export type DemoProduct = {
  name: string;
  description: string;
  naira: number;
  category: Category;
  shape: Shape;
  /** The size set (decision 0034); Clothing when left out. */
  sizeSet?: SizeSetKey;
  /** Sizes of the product's set, in the set's order. */
  sizes: string[];
  colors: Color[];
  /** The price before the sale, in naira: the product is on sale. */
  compareAtNaira?: number;
  /** Each picture is tagged with the colour it shows (photos per colour). */
  photosPerColour?: boolean;
  fitNote?: string;
  collection: CollectionKey | null;
  featured?: boolean;
  /** Number of pictures, 2-5. */
  images: number;
  /** Stock is not tracked (variant rows with null stock). */
  untracked?: boolean;
  soldOut?: boolean;
};

export type SizeSetKey = 'clothing' | 'shoes' | 'one' | 'waist';
/** The starting size sets' ids by the seed's short names. */
export const SIZE_SET_IDS: Record<SizeSetKey, string> = {
  clothing: STARTING_SIZE_SETS[0].id,
  shoes: STARTING_SIZE_SETS[1].id,
  one: STARTING_SIZE_SETS[2].id,
  waist: STARTING_SIZE_SETS[3].id,
};
const ONE_SIZE = ['One size'];
const EU_39_45 = ['39', '40', '41', '42', '43', '44', '45'];
const EU_36_42 = ['36', '37', '38', '39', '40', '41', '42'];
const EU_40_46 = ['40', '41', '42', '43', '44', '45', '46'];
const WAIST_28_38 = ['28', '30', '32', '34', '36', '38'];
const WAIST_30_40 = ['30', '32', '34', '36', '38', '40'];
const ALL: Size[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const S_XL: Size[] = ['S', 'M', 'L', 'XL'];
const S_XXL: Size[] = ['S', 'M', 'L', 'XL', 'XXL'];
const XS_XL: Size[] = ['XS', 'S', 'M', 'L', 'XL'];
const XS_L: Size[] = ['XS', 'S', 'M', 'L'];

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    key: 'lagos',
    name: 'The Lagos Edit',
    description:
      'Crisp poplin, fluid wide-leg tailoring and polished leather for days that run from the office to the rooftop. ' +
      'Cut for the heat, finished for the evening.',
    featured: true,
    daysAgo: 12,
    cover: {
      light: '#efe4d2',
      dark: '#d2bf9f',
      pieces: [
        { shape: 'trousers', color: 'Navy', x: 470, y: 860, scale: 0.78 },
        { shape: 'shirt', color: 'White', x: 720, y: 640, scale: 0.74 },
        { shape: 'bag', color: 'Brown', x: 850, y: 1080, scale: 0.5 },
      ],
    },
  },
  {
    key: 'dark',
    name: 'After Dark',
    description:
      'Satin, wool and deep tones for the hours after sunset. ' +
      'Evening pieces with a street edge, made to be remembered long after the night ends.',
    featured: true,
    daysAgo: 20,
    cover: {
      light: '#4a4746',
      dark: '#1d1c1c',
      pieces: [
        { shape: 'coat', color: 'Black', x: 450, y: 740, scale: 0.8 },
        { shape: 'dress', color: 'Red', x: 770, y: 790, scale: 0.74 },
      ],
    },
  },
  {
    key: 'weekend',
    name: 'Weekend Uniform',
    description:
      'Utility cargos, soft tees and washed caps for slow Saturdays and Sunday plans. ' +
      'Easy shapes in hard-wearing fabrics.',
    featured: false,
    daysAgo: 34,
    cover: {
      light: '#dfe3d6',
      dark: '#b5bea6',
      pieces: [
        { shape: 'cargo', color: 'Green', x: 460, y: 860, scale: 0.76 },
        { shape: 'tee', color: 'Gray', x: 740, y: 620, scale: 0.7 },
        { shape: 'cap', color: 'Black', x: 800, y: 1100, scale: 0.42 },
      ],
    },
  },
  {
    key: 'essentials',
    name: 'Everyday Essentials',
    description:
      'The foundation of every wardrobe: heavyweight tees, clean sneakers and pieces that go with everything. ' +
      'Buy once, wear for years.',
    featured: false,
    daysAgo: 48,
    cover: {
      light: '#ecebe8',
      dark: '#cbc9c4',
      pieces: [
        { shape: 'tee', color: 'Black', x: 430, y: 620, scale: 0.66, rotate: -4 },
        { shape: 'tee', color: 'White', x: 760, y: 700, scale: 0.66, rotate: 5 },
        { shape: 'sneaker', color: 'White', x: 600, y: 1120, scale: 0.56 },
      ],
    },
  },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Ikoyi Poplin Oversized Shirt',
    naira: 38_500,
    category: 'Shirts',
    shape: 'shirt',
    sizes: S_XXL,
    colors: ['White', 'Black', 'Blue'],
    collection: 'lagos',
    featured: true,
    images: 5,
    photosPerColour: true,
    fitNote: 'Cut oversized: take your usual size for a loose fit, one down for a closer one.',
    description:
      'A dropped-shoulder shirt in crisp cotton poplin that stays cool through a Lagos afternoon. ' +
      'Generous through the body with a curved hem that works tucked or loose. ' +
      'Mother-of-pearl-effect buttons and a single chest pocket keep it clean.',
  },
  {
    name: 'Marina Linen Camp Shirt',
    naira: 29_000,
    category: 'Shirts',
    shape: 'shirt',
    sizes: S_XL,
    colors: ['Navy', 'White', 'Brown'],
    collection: 'weekend',
    images: 3,
    description:
      'Washed linen with a soft, lived-in hand and a relaxed straight cut. ' +
      'Breathes in the heat and only gets better with wear.',
  },
  {
    name: 'Heavyweight Boxy Tee',
    naira: 9_500,
    category: 'Shirts',
    shape: 'tee',
    sizes: ALL,
    colors: ['Black', 'White', 'Gray'],
    collection: 'essentials',
    featured: true,
    images: 4,
    description:
      'A 280 gsm cotton tee with a boxy fit and a dense rib collar that keeps its shape. ' +
      'Garment-washed so it is soft from the first wear.',
  },
  {
    name: 'Essential Pocket Tee',
    naira: 6_500,
    category: 'Shirts',
    shape: 'tee',
    sizes: ALL,
    colors: ['White', 'Black', 'Navy'],
    collection: 'essentials',
    images: 2,
    description: 'Mid-weight combed cotton in a regular fit. The everyday tee, made properly.',
  },
  {
    name: 'Signature Logo Tee',
    naira: 10_000,
    category: 'Shirts',
    shape: 'tee',
    sizes: S_XL,
    colors: ['Black', 'Red', 'White'],
    collection: 'weekend',
    images: 3,
    description:
      'Our small woven chest label on a heavyweight cotton tee. ' +
      'Relaxed through the body with slightly dropped shoulders. Pre-shrunk, so it fits the same after every wash.',
  },
  {
    name: 'Oxford Button-Down Shirt',
    naira: 25_000,
    category: 'Shirts',
    shape: 'shirt',
    sizes: S_XXL,
    colors: ['Blue', 'White'],
    collection: null,
    images: 2,
    untracked: true,
    description:
      'Classic oxford cloth with a soft roll to the button-down collar. ' +
      'Smart enough for the office and easy enough for the weekend.',
  },
  {
    name: 'Silk-Touch Evening Shirt',
    naira: 56_000,
    category: 'Shirts',
    shape: 'shirt',
    sizes: S_XL,
    colors: ['Black', 'Navy'],
    collection: 'dark',
    images: 4,
    description:
      'A fluid satin-weave shirt with a quiet sheen that catches low light. ' +
      'Concealed seams and tonal buttons keep the lines clean. Cut to drape, not cling.',
  },

  {
    name: 'Pleated Wide-Leg Trousers',
    naira: 48_500,
    category: 'Pants',
    shape: 'trousers',
    sizeSet: 'waist',
    sizes: WAIST_28_38,
    colors: ['Black', 'Navy', 'Gray'],
    collection: 'lagos',
    featured: true,
    images: 5,
    description:
      'High-rise trousers with a single forward pleat and a long, fluid leg. ' +
      'Pressed creases give them polish; a touch of stretch keeps them comfortable all day.',
  },
  {
    name: 'Utility Cargo Pants',
    naira: 32_000,
    compareAtNaira: 40_000,
    category: 'Pants',
    shape: 'cargo',
    sizeSet: 'waist',
    sizes: WAIST_30_40,
    colors: ['Green', 'Black', 'Brown'],
    collection: 'weekend',
    images: 4,
    description:
      'Heavy cotton twill with bellowed cargo pockets and snap flaps. A relaxed leg finished with adjustable cuffs. ' +
      'Built for movement and made to last.',
  },
  {
    name: 'Tailored Wool-Blend Trousers',
    naira: 68_000,
    category: 'Pants',
    shape: 'trousers',
    sizeSet: 'waist',
    sizes: WAIST_28_38,
    colors: ['Gray', 'Black'],
    collection: 'dark',
    images: 3,
    description:
      'A mid-weight wool blend cut with a straight leg and a sharp crease. Lined to the knee for a smooth fall.',
  },
  {
    name: 'Ripstop Cargo Joggers',
    naira: 18_500,
    category: 'Pants',
    shape: 'cargo',
    sizes: S_XL,
    colors: ['Black', 'Gray'],
    collection: 'essentials',
    images: 3,
    description: 'Lightweight ripstop with cargo pockets and a tapered, cuffed leg. Quick-drying and easy to pack.',
  },
  {
    name: 'Relaxed Chino Trousers',
    naira: 22_000,
    category: 'Pants',
    shape: 'trousers',
    sizeSet: 'waist',
    sizes: WAIST_28_38,
    colors: ['Brown', 'Navy', 'White'],
    collection: null,
    images: 2,
    description: 'Garment-dyed cotton chinos with a relaxed straight leg. Soft, breathable and made for daily wear.',
  },
  {
    name: 'Nylon Track Cargo',
    naira: 14_000,
    category: 'Pants',
    shape: 'cargo',
    sizes: S_XL,
    colors: ['Navy', 'Black'],
    collection: 'weekend',
    images: 2,
    description:
      'Crinkled nylon with a drawstring waist and snap cargo pockets. ' +
      'Light, loud in the best way, and ready for anything.',
  },

  {
    name: 'Satin Slip Midi Dress',
    naira: 52_000,
    category: 'Dresses',
    shape: 'dress',
    sizes: XS_L,
    colors: ['Black', 'Red'],
    collection: 'dark',
    featured: true,
    images: 5,
    description:
      'A bias-cut satin slip that skims the body and falls to mid-calf. ' +
      'Fine adjustable straps and a soft V neckline. Dress it down with a tee underneath or wear it alone after dark.',
  },
  {
    name: 'Linen Sundress',
    naira: 27_500,
    category: 'Dresses',
    shape: 'dress',
    sizes: XS_XL,
    colors: ['White', 'Blue'],
    collection: 'lagos',
    images: 3,
    description: 'Airy linen in an easy A-line with a defined waist. Made for long lunches and late sunsets.',
  },
  {
    name: 'Column Evening Dress',
    naira: 95_000,
    category: 'Dresses',
    shape: 'dress',
    sizes: XS_L,
    colors: ['Red', 'Black', 'Navy'],
    collection: 'dark',
    images: 4,
    description:
      'A sculpted evening dress in heavy crepe with a clean V neckline and a full skirt. ' +
      'Fully lined, with a concealed zip at the back.',
  },
  {
    name: 'Everyday Jersey Dress',
    naira: 16_500,
    category: 'Dresses',
    shape: 'dress',
    sizes: XS_XL,
    colors: ['Gray', 'Black', 'Green'],
    collection: 'essentials',
    images: 2,
    description: 'Soft cotton jersey in a flattering fit-and-flare shape. Throw it on and go.',
  },
  {
    name: 'Indigo Slip Dress',
    naira: 34_000,
    category: 'Dresses',
    shape: 'dress',
    sizes: XS_L,
    colors: ['Blue', 'Navy'],
    collection: null,
    images: 3,
    description:
      'Hand-dyed in deep indigo tones, so every piece is slightly different. ' +
      'A relaxed slip silhouette with a swishy hem.',
  },

  {
    name: 'Structured Leather Tote',
    naira: 85_000,
    category: 'Accessories',
    shape: 'bag',
    sizeSet: 'one',
    sizes: ONE_SIZE,
    colors: ['Brown', 'Black'],
    collection: 'lagos',
    featured: true,
    images: 5,
    description:
      'Full-grain leather shaped into a clean, structured tote with rolled top handles. ' +
      'Roomy enough for a laptop, polished enough for dinner. Finished with brushed brass hardware.',
  },
  {
    name: 'Mini Top-Handle Bag',
    naira: 46_000,
    compareAtNaira: 60_000,
    category: 'Accessories',
    shape: 'bag',
    sizeSet: 'one',
    sizes: ONE_SIZE,
    colors: ['Black', 'White', 'Red'],
    collection: 'dark',
    images: 3,
    description:
      'A compact top-handle bag in smooth leather with a brass name plate. ' +
      'Fits your phone, cards and keys, and little else.',
  },
  {
    name: 'Six-Panel Logo Cap',
    naira: 8_500,
    category: 'Accessories',
    shape: 'cap',
    sizeSet: 'one',
    sizes: ONE_SIZE,
    colors: ['Black', 'White', 'Navy'],
    collection: 'weekend',
    images: 3,
    description:
      'A structured six-panel cap in brushed cotton twill with a tonal embroidered mark. ' +
      'Adjustable strap with a metal slider.',
  },
  {
    name: 'Washed Twill Cap',
    naira: 7_000,
    category: 'Accessories',
    shape: 'cap',
    sizeSet: 'one',
    sizes: ONE_SIZE,
    colors: ['Green', 'Brown', 'Gray'],
    collection: 'essentials',
    images: 2,
    description: 'An unstructured cap in garment-washed twill, soft from day one. Curved peak, adjustable back.',
  },
  {
    name: 'Brass-Buckle Leather Belt',
    naira: 15_000,
    category: 'Accessories',
    shape: 'belt',
    sizeSet: 'waist',
    sizes: ['30', '32', '34', '36'],
    colors: ['Black', 'Brown'],
    collection: null,
    images: 2,
    untracked: true,
    description:
      'Vegetable-tanned leather with a solid brass buckle and contrast edge stitching. ' +
      'It softens and darkens beautifully with age.',
  },
  {
    name: 'Reversible Dress Belt',
    naira: 24_000,
    category: 'Accessories',
    shape: 'belt',
    sizeSet: 'waist',
    sizes: WAIST_28_38,
    colors: ['Brown', 'Black'],
    collection: 'dark',
    images: 3,
    description: 'Smooth leather on one side, suede on the other, with a polished brass buckle. Two belts in one.',
  },
  {
    name: 'Canvas Weekender Bag',
    naira: 58_000,
    category: 'Accessories',
    shape: 'bag',
    sizeSet: 'one',
    sizes: ONE_SIZE,
    colors: ['Green', 'Navy'],
    collection: 'weekend',
    images: 4,
    description:
      'Waxed canvas trimmed with leather handles, sized for two days away. ' +
      'A structured base keeps it upright; the lining wipes clean.',
  },

  {
    name: 'Court Leather Sneaker',
    naira: 62_000,
    category: 'Shoes',
    shape: 'sneaker',
    sizeSet: 'shoes',
    sizes: EU_39_45,
    colors: ['White', 'Black'],
    collection: 'lagos',
    featured: true,
    images: 5,
    photosPerColour: true,
    fitNote: 'True to size. Between sizes? Take the larger one.',
    description:
      'A minimal court sneaker in smooth calf leather on a stitched cup sole. ' +
      'Cushioned insole, waxed laces and a gum outsole on the white pair. The pair you will reach for every day.',
  },
  {
    name: 'Suede Low-Top Sneaker',
    naira: 49_000,
    category: 'Shoes',
    shape: 'sneaker',
    sizeSet: 'shoes',
    sizes: EU_40_46,
    colors: ['Brown', 'Gray'],
    collection: null,
    images: 3,
    untracked: true,
    description: 'Soft suede uppers on a low-profile rubber sole. A quiet, versatile sneaker that dresses up or down.',
  },
  {
    name: 'Canvas Everyday Sneaker',
    naira: 19_500,
    category: 'Shoes',
    shape: 'sneaker',
    sizeSet: 'shoes',
    sizes: EU_36_42,
    colors: ['White', 'Navy', 'Red'],
    collection: 'essentials',
    images: 3,
    description: 'Sturdy cotton canvas on a vulcanised sole. Light, breathable and easy to wear all day.',
  },
  {
    name: 'Night Runner Sneaker',
    naira: 75_000,
    compareAtNaira: 95_000,
    category: 'Shoes',
    shape: 'sneaker',
    sizeSet: 'shoes',
    sizes: EU_39_45,
    colors: ['Black', 'Blue'],
    collection: 'dark',
    images: 4,
    description:
      'A sleek runner-inspired silhouette with reflective details for after-dark visibility. ' +
      'Responsive foam midsole and a padded collar.',
  },
  {
    name: 'Terrace Classic Sneaker',
    naira: 35_000,
    category: 'Shoes',
    shape: 'sneaker',
    sizeSet: 'shoes',
    sizes: EU_39_45,
    colors: ['Green', 'White'],
    collection: 'weekend',
    images: 2,
    description: 'A slim terrace sneaker with a suede toe cap and a contrast side stripe. A throwback, made better.',
  },
  {
    name: 'Lekki Leather Slides',
    naira: 16_500,
    category: 'Shoes',
    shape: 'sneaker',
    sizeSet: 'shoes',
    sizes: EU_36_42,
    colors: ['Black', 'Brown'],
    collection: 'weekend',
    images: 2,
    description:
      'A padded leather strap on a moulded footbed that gives with every step. ' +
      'Made for the pool, the beach and the walk home.',
  },

  {
    name: 'Double-Breasted Overcoat',
    naira: 150_000,
    category: 'Outerwear',
    shape: 'coat',
    sizes: S_XL,
    colors: ['Black', 'Brown', 'Gray'],
    collection: 'dark',
    featured: true,
    images: 5,
    description:
      'A long double-breasted coat in a dense wool blend with peaked lapels and a back vent. ' +
      'Fully lined and cut with room for layering. The piece that finishes every look.',
  },
  {
    name: 'Satin Bomber Jacket',
    naira: 72_000,
    category: 'Outerwear',
    shape: 'bomber',
    sizes: S_XXL,
    colors: ['Navy', 'Black', 'Green'],
    collection: 'lagos',
    featured: true,
    images: 4,
    description:
      'A lustrous satin bomber with ribbed collar, cuffs and hem. ' +
      'Lightly padded, with a utility sleeve pocket and a two-way metal zip.',
  },
  {
    name: 'Heavyweight Hoodie',
    naira: 28_000,
    compareAtNaira: 35_000,
    category: 'Outerwear',
    shape: 'hoodie',
    sizes: ALL,
    colors: ['Gray', 'Black', 'White'],
    collection: 'essentials',
    images: 4,
    description:
      'Loopback cotton fleece at 450 gsm with a double-layer hood and a roomy kangaroo pocket. ' +
      'Ribbed cuffs and hem hold the shape.',
  },
  {
    name: 'Nylon Flight Jacket',
    naira: 44_000,
    category: 'Outerwear',
    shape: 'bomber',
    sizes: S_XL,
    colors: ['Green', 'Black'],
    collection: 'weekend',
    images: 3,
    description:
      'A classic flight jacket in water-resistant nylon. Rib trims, a sleeve pocket and a relaxed fit for layering.',
  },
  {
    name: 'Cropped Wool Coat',
    naira: 110_000,
    category: 'Outerwear',
    shape: 'coat',
    sizes: XS_L,
    colors: ['Gray', 'Navy'],
    collection: null,
    images: 3,
    soldOut: true,
    description:
      'A shorter take on the overcoat in brushed wool with peaked lapels. Double-breasted with horn-effect buttons.',
  },
  {
    name: 'Brushed Fleece Hoodie',
    naira: 50_000,
    category: 'Outerwear',
    shape: 'hoodie',
    sizes: S_XL,
    colors: ['Brown', 'Navy'],
    collection: 'weekend',
    images: 3,
    description:
      'Brushed-back fleece with a plush hand and a relaxed, dropped-shoulder fit. ' +
      'Metal-tipped drawcords and a deep pocket.',
  },
];
