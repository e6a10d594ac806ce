/** Shapes of catalog data as pages receive it from loaders (server/ queries produce them). */
import type { StoredImage } from '../images';
import type { ColourSwatch } from './colours';
import type { SizeGuide } from './size-guides';
import type { ProductRating } from '../reviews/reviews';

/** What a product card needs: one query returns a page of these. */
export type ProductCardData = {
  id: string;
  name: string;
  price: number;
  /** The price before the sale, shown struck through; null when not on sale (decision 0034). */
  compareAtPrice: number | null;
  category: string;
  inStock: boolean;
  /** The thumbnail (first image), or null when the product has no image yet. */
  image: StoredImage | null;
  /** The quick-add button adds the first size and first colour (docs/architecture.md#1-principles). */
  firstSize: string;
  firstColor: string;
  /** When it opens (ISO), while that is still to come: the card says "Drops Fri 12 Dec" (decision 0036). */
  dropsAt: string | null;
  /** Its approved reviews' stars and count, or null without any (decision 0040). */
  rating: ProductRating | null;
};

/** A product's photo: the colour it shows (decision 0034), or null for every colour. */
export type ProductImage = StoredImage & { color: string | null };

export type VariantStock = { size: string; color: string; stock: number | null };

export type ProductDetail = {
  id: string;
  name: string;
  description: string;
  price: number;
  /** The price before the sale, shown struck through; null when not on sale (decision 0034). */
  compareAtPrice: number | null;
  category: string;
  collection: { id: string; name: string } | null;
  /** The size set the product uses (decision 0034); `sizes` are those of it it is sold in, in the set's order. */
  sizeSetId: string;
  sizes: string[];
  colors: string[];
  inStock: boolean;
  featured: boolean;
  createdAt: string;
  images: ProductImage[];
  /** The swatches of its colours, from the colours table (decision 0034). */
  swatches: ColourSwatch[];
  variants: VariantStock[];
  /** The product's own word on fit ("Runs small: take one size up"), '' when none. */
  fitNote: string;
  /** Its size set's guide, else its category's (decision 0034); null when neither has one. */
  sizeGuide: SizeGuide | null;
  /** When it opens for sale (ISO): the later of its own and its collection's time, or null (decision 0036). */
  dropsAt: string | null;
  /** Its own opening time (ISO), what the admin's form edits; null when it has none. */
  ownDropsAt: string | null;
  /** The most units one customer may buy of it, or null for no cap (decision 0036). */
  dropCap: number | null;
};

export type CollectionSummary = {
  id: string;
  name: string;
  description: string;
  image: StoredImage | null;
  featured: boolean;
};
