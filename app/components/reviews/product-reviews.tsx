/**
 * A product's approved reviews (decision 0040), rendered on the server and kept small: the product page's script
 * budget has no room for more, so the loader makes the links, and the only code of its domain imported here is
 * review-stars.tsx, which the build puts in the product cards' chunk the page loads anyway for its related products
 * (decision 0049). Text stays text (React escapes it); the pages are plain links.
 */
import { ResponsiveImage } from '~/components/responsive-image';
import type { ProductReviewsView } from '~/lib/reviews/reviews';
import { reviewCount, ReviewStars } from './review-stars';

/** Near the price: the average and count, a link down to the reviews. */
export function RatingSummary({ reviews }: { reviews: ProductReviewsView }) {
  if (!reviews.average) return null;
  return (
    <a href="#reviews" className="mt-2 flex gap-2 text-sm">
      <ReviewStars rating={reviews.average} />
      {reviews.average} · {reviewCount(reviews.count)}
    </a>
  );
}

export function ProductReviewList({ reviews }: { reviews: ProductReviewsView }) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-16 text-sm">
      <h2 id="reviews-heading" className="font-semibold uppercase tracking-[0.2em]">
        Reviews ({reviews.count})
      </h2>
      {reviews.items.length ? null : (
        <p className="mt-4 text-muted">
          {reviews.count ? 'No reviews on this page.' : 'No reviews yet: buyers review once their order is delivered.'}
        </p>
      )}
      {reviews.items.map((review) => (
        <article key={review.id} className="mt-6 border-t border-line pt-6">
          <ReviewStars rating={review.rating} />
          <h3 className="mt-2 font-semibold">{review.title}</h3>
          <p className="text-muted">
            {review.author} · Verified buyer{review.size && ` · Size ${review.size}`} · {review.date}
          </p>
          <p className="mt-3 whitespace-pre-line">{review.body}</p>
          <div className="mt-3 flex gap-2">
            {review.photos.map((photo, n) => (
              <div key={photo.key} className="w-24">
                <ResponsiveImage image={photo} alt={`Photo ${n + 1} by ${review.author}`} sizes="96px" />
              </div>
            ))}
          </div>
          {review.reply && (
            <p className="mt-3 whitespace-pre-line border-l-2 pl-3">
              <b>Reply from the store:</b> {review.reply}
            </p>
          )}
        </article>
      ))}
      {reviews.pages > 1 && (
        <nav aria-label="Review pages" className="mt-6 flex gap-4">
          {reviews.newer && <a href={reviews.newer}>Newer reviews</a>}
          Page {reviews.page} of {reviews.pages}
          {reviews.older && <a href={reviews.older}>Older reviews</a>}
        </nav>
      )}
    </section>
  );
}
