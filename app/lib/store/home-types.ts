/** Shapes of the home and about pages' data, shared by server/catalog/home.server.ts and the components. */
import type { CollectionSummary, ProductCardData } from '../catalog/catalog-types';
import type { StoredImage } from '../images';

export type HomePage = {
  featured: ProductCardData[];
  newest: ProductCardData[];
  recommended: ProductCardData[];
  /** Every collection, newest first (the collection cards). */
  collections: CollectionSummary[];
  /** The featured ones among them, newest first (the carousel). */
  featuredCollections: CollectionSummary[];
};

/** A picture of the about page's mosaic and the product it leads to. */
export type MosaicImage = StoredImage & { productId: string; productName: string };

export type AboutPage = { featured: ProductCardData[]; mosaic: MosaicImage[] };
