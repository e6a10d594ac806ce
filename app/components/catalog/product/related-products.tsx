import { ProductCard } from '~/components/catalog/product-card';
import { RELATED_FIRST_GROUP } from '~/lib/catalog/catalog-constants';
import type { ProductCardData } from '~/lib/catalog/catalog-types';

/**
 * docs/requirements.md#4-what-each-page-shows: the first 5 under 'Related products', the rest under 'Best Sellers in
 * Selected Fashion'.
 */
export function RelatedProducts({ products }: { products: ProductCardData[] }) {
  const first = products.slice(0, RELATED_FIRST_GROUP);
  const rest = products.slice(RELATED_FIRST_GROUP);
  return (
    <>
      <Group id="related-products" title="Related products" products={first} />
      <Group id="best-sellers" title="Best Sellers in Selected Fashion" products={rest} />
    </>
  );
}

function Group({ id, title, products }: { id: string; title: string; products: ProductCardData[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-16">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-[0.2em]">
        {title}
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3 lg:grid-cols-5">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
