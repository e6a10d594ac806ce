import type { ProductReviews } from './reviews';

/**
 * The product's JSON-LD about its reviews (decision 0040): aggregateRating and the reviews shown on the page, only
 * when approved reviews exist (search engines refuse an empty rating). Made by the product page's loader, so the
 * page's script carries none of it; ProductJsonLd escapes it with the rest.
 */
export function reviewsJsonLd({ average, count, items }: ProductReviews) {
  if (!count || average === null) return undefined;
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: average, reviewCount: count, bestRating: 5 },
    review: items.map((review) => ({
      '@type': 'Review',
      name: review.title,
      reviewBody: review.body,
      datePublished: review.createdAt.slice(0, 10),
      author: { '@type': 'Person', name: review.author },
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5 },
    })),
  };
}
