import type { ProductRating } from '~/lib/reviews/reviews';

/** Five stars, the rating rounded to whole ones, named with the rating itself (decision 0040). */
export function ReviewStars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`}>
      {'★'.repeat(full) + '☆'.repeat(5 - full)}
    </span>
  );
}

/** "1 review", "12 reviews". */
export const reviewCount = (count: number) => `${count} ${count > 1 ? 'reviews' : 'review'}`;

/** A product card's line under the price: the average's stars and how many reviews, read as "…, 12 reviews". */
export function CardRating({ rating }: { rating: ProductRating }) {
  return (
    <p className="flex items-center gap-1 text-xs text-muted">
      <ReviewStars rating={rating.average} />
      <span aria-hidden="true">{`(${rating.count})`}</span>
      <span className="sr-only">{`, ${reviewCount(rating.count)}`}</span>
    </p>
  );
}
