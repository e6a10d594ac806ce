import type { ProductDetail } from '~/lib/catalog/catalog-types';
import { koboToNaira } from '~/lib/money';

type Props = {
  product: ProductDetail;
  url: string;
  image?: string;
  available: boolean;
  brand?: string;
  /** aggregateRating and review, when the product has approved reviews (decision 0040); made by the loader. */
  reviews?: object;
};

/**
 * schema.org Product with an Offer for search results. `<` (and `>`, `&`) are written as JSON
 * escapes so a product name such as "</script><script>…" cannot end the script element.
 */
export function ProductJsonLd({ product, url, image, available, brand, reviews }: Props) {
  const json = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.id,
    category: product.category,
    ...(image ? { image: [image] } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: koboToNaira(product.price).toFixed(2),
      priceCurrency: 'NGN',
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...reviews,
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(json) }} />;
}

export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
