import type { ProductDetail } from '~/lib/catalog/catalog-types';
import { koboToNaira } from '~/lib/money';
import type { ProductReviews } from '~/lib/reviews/reviews';

type Props = {
  product: ProductDetail;
  url: string;
  image?: string;
  available: boolean;
  brand?: string;
  reviews?: ProductReviews;
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
    // Only with approved reviews (decision 0040): the page's own, as shown.
    ...(reviews?.count ? reviewsJson(reviews) : {}),
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

const reviewsJson = ({ average, count, items }: ProductReviews) => ({
  aggregateRating: { '@type': 'AggregateRating', ratingValue: average, reviewCount: count, bestRating: 5 },
  review: items.map((r) => ({
    '@type': 'Review',
    name: r.title,
    reviewBody: r.body,
    datePublished: r.createdAt.slice(0, 10),
    author: { '@type': 'Person', name: r.author },
    reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5 },
  })),
});
