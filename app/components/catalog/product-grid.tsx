import type { ProductCardData } from '~/lib/catalog/catalog-types';
import { ProductCard } from './product-card';

type Layout = 'five' | 'six' | 'four';

const GRID: Record<Layout, string> = {
  // Five featured: on phones the first one spans both columns, so no card is left alone on a row.
  five: 'grid-cols-2 md:grid-cols-3 lg:grid-cols-5',
  six: 'grid-cols-2 md:grid-cols-3 xl:grid-cols-6',
  four: 'grid-cols-2 md:grid-cols-4',
};

const SIZES: Record<Layout, string> = {
  five: '(min-width: 1024px) 20vw, (min-width: 768px) 33vw, 50vw',
  six: '(min-width: 1280px) 210px, (min-width: 768px) 33vw, 50vw',
  four: '(min-width: 768px) 25vw, 50vw',
};

/** A grid of product cards for the marketing pages (home, about). */
export function ProductGrid({ products, layout }: { products: ProductCardData[]; layout: Layout }) {
  return (
    <ul className={`grid gap-x-4 gap-y-10 md:gap-x-6 ${GRID[layout]}`}>
      {products.map((product, i) => {
        const wide = layout === 'five' && i === 0;
        return (
          <li key={product.id} className={wide ? 'col-span-2 md:col-span-1' : undefined}>
            <ProductCard product={product} sizes={wide ? '(min-width: 768px) 33vw, 100vw' : SIZES[layout]} />
          </li>
        );
      })}
    </ul>
  );
}
