import type { ComponentProps } from 'react';
import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { HeadedSection, type Heading } from '~/components/store/section-heading';
import { ProductGrid } from './product-grid';

/** A row of products under its heading on the home and about pages; nothing at all when there are none to show. */
export function ProductShelf({
  products,
  layout,
  heading,
  spacing,
}: {
  products: ProductCardData[];
  layout: ComponentProps<typeof ProductGrid>['layout'];
  heading: Heading;
  spacing: string;
}) {
  if (!products.length) return null;
  return (
    <HeadedSection heading={heading} spacing={spacing}>
      <ProductGrid products={products} layout={layout} />
    </HeadedSection>
  );
}
