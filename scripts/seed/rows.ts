/**
 * Database rows for the demo catalog: the hand-written products (with their pictures) and, for large
 * catalogs, generated products that combine name parts and reuse the pictures already made.
 */
import type { productImages, products, productVariants } from '~/db/schema';
import type { Category, Color } from '~/lib/catalog/catalog-constants';
import { newId } from '~/lib/ids';
import type { StoredImage } from '~/lib/images';
import { SIZE_SET_IDS, type DemoProduct } from './catalog-data';
import { pictureList, picturesPerColour, VIEW_LABEL, type PictureStudio } from './pictures';
import type { Random } from './random';
import type { Shape } from './svg/garments';

export type ProductRow = typeof products.$inferInsert & { id: string };
export type ImageRow = typeof productImages.$inferInsert;
export type VariantRow = typeof productVariants.$inferInsert;
export type CatalogRows = { products: ProductRow[]; images: ImageRow[]; variants: VariantRow[] };
/** A hand-written product as a pattern for generated ones: its shape, colours and pictures. */
export type Template = {
  shape: Shape;
  category: Category;
  sizeSetId: string;
  sizes: string[];
  colors: Color[];
  images: ImageRow[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A variant for every size and colour (each gets its SKU from the database, decision 0034): about one in six sold out
 * (stock 0); an untracked product's stock is null.
 */
export function stockRows(
  productId: string,
  sizes: string[],
  colors: string[],
  random: Random,
  { soldOut = false, untracked = false } = {},
): VariantRow[] {
  const rows: VariantRow[] = [];
  for (const size of sizes.length ? sizes : ['']) {
    for (const color of colors.length ? colors : ['']) {
      const stock = untracked ? null : soldOut || random() < 0.16 ? 0 : random.int(1, 14);
      rows.push({ productId, size, color, stock });
    }
  }
  if (untracked) return rows;
  // A product on sale with every variant sold out would be a dead end: keep its first variant stocked.
  if (!soldOut && rows.every((row) => row.stock === 0)) rows[0].stock = 6;
  return rows;
}

export async function demoRows(
  demo: DemoProduct[],
  studio: PictureStudio,
  collectionIds: Record<string, string>,
  random: Random,
  now: number,
): Promise<CatalogRows & { templates: Template[] }> {
  const ids = demo.map(() => newId());
  // Pictures render concurrently; rows are then built in catalog order, so the random sequence
  // (stock, dates) is the same on every run.
  const pictures = await Promise.all(
    demo.map(async (item, index) => {
      const count = Math.min(5, Math.max(2, item.images));
      const wanted = item.photosPerColour ? picturesPerColour(item.colors, count) : pictureList(item.colors, count);
      const stored = await Promise.all(wanted.map(({ color, view }) => studio.product(item.shape, color, view)));
      return stored.map((image: StoredImage, position): ImageRow => ({
        productId: ids[index],
        position,
        key: image.key,
        width: image.width,
        height: image.height,
        widths: image.widths,
        alt: `${item.name} in ${wanted[position].color}, ${VIEW_LABEL[wanted[position].view]}`,
        color: item.photosPerColour ? wanted[position].color : null,
      }));
    }),
  );
  const rows: CatalogRows & { templates: Template[] } = {
    products: [],
    images: pictures.flat(),
    variants: [],
    templates: [],
  };
  demo.forEach((item, index) => {
    const id = ids[index];
    rows.templates.push({
      shape: item.shape,
      category: item.category,
      sizeSetId: SIZE_SET_IDS[item.sizeSet ?? 'clothing'],
      sizes: item.sizes,
      colors: item.colors,
      images: pictures[index],
    });
    rows.products.push({
      id,
      name: item.name,
      description: item.description,
      price: item.naira * 100,
      compareAtPrice: item.compareAtNaira ? item.compareAtNaira * 100 : null,
      category: item.category,
      collectionId: item.collection ? collectionIds[item.collection] : null,
      sizeSetId: SIZE_SET_IDS[item.sizeSet ?? 'clothing'],
      sizes: item.sizes,
      fitNote: item.fitNote ?? '',
      colors: item.colors,
      inStock: !item.soldOut,
      featured: item.featured ?? false,
      // Spread over the last 60 days, at least hours apart, so "newest first" has a clear order.
      createdAt: new Date(now - (0.25 + ((index * 37) % 59) + random() * 0.9) * DAY_MS),
    });
    rows.variants.push(
      ...stockRows(id, item.sizes, item.colors, random, { soldOut: item.soldOut, untracked: item.untracked }),
    );
  });
  return rows;
}

const LINES = [
  'Eko',
  'Lekki',
  'Marina',
  'Harmattan',
  'Lagoon',
  'Island',
  'Atelier',
  'Studio',
  'Midnight',
  'Coastline',
  'Savannah',
  'Onyx',
];
const ADJECTIVES = [
  'Washed',
  'Relaxed',
  'Tailored',
  'Oversized',
  'Cropped',
  'Structured',
  'Brushed',
  'Garment-Dyed',
  'Boxy',
  'Classic',
  'Essential',
  'Signature',
  'Utility',
  'Refined',
  'Heritage',
];
const PARTS: Record<Shape, { materials: string[]; nouns: string[] }> = {
  shirt: {
    materials: ['Poplin', 'Linen', 'Oxford', 'Satin', 'Seersucker', 'Twill', 'Voile', 'Chambray'],
    nouns: ['Shirt', 'Overshirt', 'Camp Shirt', 'Button-Down'],
  },
  tee: {
    materials: ['Cotton', 'Jersey', 'Pima', 'Slub', 'Organic Cotton'],
    nouns: ['Tee', 'Pocket Tee', 'Boxy Tee', 'Long-Line Tee'],
  },
  trousers: {
    materials: ['Wool', 'Linen', 'Twill', 'Gabardine', 'Crepe', 'Cotton'],
    nouns: ['Trousers', 'Pleated Trousers', 'Wide-Leg Trousers', 'Straight Trousers'],
  },
  cargo: {
    materials: ['Ripstop', 'Twill', 'Nylon', 'Canvas', 'Cotton'],
    nouns: ['Cargo Pants', 'Cargo Joggers', 'Utility Pants', 'Parachute Pants'],
  },
  dress: {
    materials: ['Satin', 'Linen', 'Crepe', 'Jersey', 'Silk', 'Poplin'],
    nouns: ['Slip Dress', 'Midi Dress', 'Maxi Dress', 'Sundress'],
  },
  bag: {
    materials: ['Leather', 'Canvas', 'Suede', 'Nylon', 'Croc-Embossed'],
    nouns: ['Tote', 'Shoulder Bag', 'Top-Handle Bag', 'Weekender'],
  },
  cap: {
    materials: ['Twill', 'Corduroy', 'Canvas', 'Nylon', 'Wool'],
    nouns: ['Cap', 'Six-Panel Cap', 'Dad Cap', 'Baseball Cap'],
  },
  belt: { materials: ['Leather', 'Suede', 'Calf', 'Bridle Leather'], nouns: ['Belt', 'Dress Belt', 'Buckle Belt'] },
  sneaker: {
    materials: ['Leather', 'Suede', 'Canvas', 'Mesh', 'Nubuck'],
    nouns: ['Sneaker', 'Low-Top', 'Court Sneaker', 'Runner'],
  },
  bomber: {
    materials: ['Satin', 'Nylon', 'Suede', 'Wool'],
    nouns: ['Bomber', 'Flight Jacket', 'Varsity Jacket', 'Track Jacket'],
  },
  coat: {
    materials: ['Wool', 'Cashmere-Blend', 'Melton', 'Gabardine'],
    nouns: ['Overcoat', 'Car Coat', 'Topcoat', 'Trench'],
  },
  hoodie: {
    materials: ['Fleece', 'Loopback', 'French Terry', 'Cotton'],
    nouns: ['Hoodie', 'Zip Hoodie', 'Pullover Hoodie'],
  },
};
/** Price bands in naira, roughly as a real catalog spreads: [low, high]. */
const BANDS: [number, number][] = [
  [4_000, 9_500],
  [10_000, 25_000],
  [25_000, 50_000],
  [50_500, 180_000],
];

/** `count` generated products shaped like the templates, pointing at the templates' pictures. */
export function bulkRows(
  count: number,
  templates: Template[],
  collectionIds: string[],
  random: Random,
  now: number,
): CatalogRows {
  const rows: CatalogRows = { products: [], images: [], variants: [] };
  for (let i = 0; i < count; i++) {
    const template = random.pick(templates);
    const { materials, nouns } = PARTS[template.shape];
    const adjective = random.pick(ADJECTIVES);
    const material = random.pick(materials);
    const noun = random.pick(nouns);
    const name = `${random.pick(LINES)} ${adjective} ${material} ${noun}`;
    const [low, high] = random.pick(BANDS);
    const id = newId();
    rows.products.push({
      id,
      name,
      description:
        `A ${adjective.toLowerCase()} ${noun.toLowerCase()} in ${material.toLowerCase()}, made in small runs. ` +
        'Cut with room to move and finished with care, down to the last stitch.',
      price: Math.round(random.int(low, high) / 500) * 500 * 100,
      category: template.category,
      collectionId: random() < 0.8 ? random.pick(collectionIds) : null,
      sizeSetId: template.sizeSetId,
      sizes: template.sizes,
      colors: template.colors,
      inStock: true,
      featured: false,
      createdAt: new Date(now - random() * 60 * DAY_MS),
    });
    for (const image of template.images)
      rows.images.push({ ...image, productId: id, alt: `${name} in ${(image.alt ?? '').split(' in ').pop()}` });
    const untracked = random() >= 0.9;
    rows.variants.push(...stockRows(id, template.sizes, template.colors, random, { untracked }));
  }
  return rows;
}
