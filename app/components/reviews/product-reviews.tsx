import { ResponsiveImage } from '~/components/responsive-image';
import { reviewPageCount, REVIEWS_PARAM, type ProductReviews } from '~/lib/reviews/reviews';

/**
 * A product's approved reviews (decision 0040), rendered on the server and kept small: the product page's script
 * budget has no room for more. Text stays text (React escapes it); the pages are plain links.
 */
export function ReviewStars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="tracking-widest">
      {'★'.repeat(full)}
      <span className="text-neutral-300">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

/** Near the price: the average and count, a link down to the reviews. */
export function RatingSummary({ reviews }: { reviews: ProductReviews }) {
  if (!reviews.count || reviews.average === null) return null;
  return (
    <a href="#reviews" className="mt-2 inline-flex gap-2 text-sm">
      <ReviewStars rating={reviews.average} />
      <span className="underline underline-offset-4">
        {reviews.average} · {reviews.count === 1 ? '1 review' : `${reviews.count} reviews`}
      </span>
    </a>
  );
}

export function ProductReviewList({ reviews, path }: { reviews: ProductReviews; path: string }) {
  const pages = reviewPageCount(reviews);
  const link = (page: number) => `${path}?${REVIEWS_PARAM}=${page}#reviews`;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-16">
      <h2 id="reviews-heading" className="text-sm font-semibold uppercase tracking-[0.2em]">
        Reviews{reviews.count ? ` (${reviews.count})` : ''}
      </h2>
      {reviews.items.length ? null : (
        <p className="mt-4 text-sm text-muted">
          {reviews.count ? 'No reviews on this page.' : 'No reviews yet: buyers review once their order is delivered.'}
        </p>
      )}
      <ul className="mt-4 divide-y divide-line border-y border-line">
        {reviews.items.map((review) => (
          <li key={review.id} className="py-6 text-sm">
            <ReviewStars rating={review.rating} />
            <h3 className="mt-2 font-semibold">{review.title}</h3>
            <p className="mt-1 text-muted">
              {review.author} · Verified buyer{review.size ? ` · Size ${review.size}` : ''} · {review.date}
            </p>
            <p className="mt-3 whitespace-pre-line">{review.body}</p>
            {review.photos.length ? (
              <div className="mt-3 flex gap-2">
                {review.photos.map((photo, index) => (
                  <div key={photo.key} className="w-24">
                    <ResponsiveImage image={photo} alt={`Photo ${index + 1} by ${review.author}`} sizes="96px" />
                  </div>
                ))}
              </div>
            ) : null}
            {review.reply ? (
              <p className="mt-3 border-l-2 border-ink pl-3 whitespace-pre-line">
                <b>Reply from the store:</b> {review.reply}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="Review pages" className="mt-4 flex gap-4 text-sm">
          {reviews.page > 1 ? <a href={link(reviews.page - 1)}>Newer reviews</a> : null}
          <span className="text-muted">
            Page {reviews.page} of {pages}
          </span>
          {reviews.page < pages ? <a href={link(reviews.page + 1)}>Older reviews</a> : null}
        </nav>
      ) : null}
    </section>
  );
}
