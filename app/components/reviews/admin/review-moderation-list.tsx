import { Form, Link, useNavigation } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import { imageUrl } from '~/lib/images';
import { formatOrderDateTime, shortOrderId } from '~/lib/orders/orders';
import { REVIEW_REPLY_MAX } from '~/lib/reviews/review-form';
import { REVIEW_STATUS_LABELS, starsLabel, type AdminReview } from '~/lib/reviews/reviews';

const BUTTON =
  'h-11 border border-line px-3 text-xs font-medium uppercase tracking-widest hover:border-ink disabled:opacity-60';

/**
 * Reviews to moderate (decision 0040), pending first: each with its text as text, its photos, and forms to approve,
 * hide, or reply (the reply shows under the review on the product page).
 */
export function ReviewModerationList({ reviews, returnTo }: { reviews: AdminReview[]; returnTo: string }) {
  const navigation = useNavigation();
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('id') : null;
  if (!reviews.length) return <p className="mt-6 text-sm text-muted">No reviews yet.</p>;
  return (
    <ul className="mt-6 divide-y divide-line border-y border-line">
      {reviews.map((review) => (
        <li key={review.id} className="py-6">
          <article aria-labelledby={`review-${review.id}-title`} className="grid gap-2 text-sm">
            <p className="text-xs uppercase tracking-widest">
              <span className={review.status === 'pending' ? 'font-semibold' : 'text-muted'}>
                {REVIEW_STATUS_LABELS[review.status]}
              </span>
              {' · '}
              <Link to={`/product/${review.productId}`} className="underline underline-offset-4">
                {review.productName}
              </Link>
              {' · '}
              <Link to={`/admin/orders/${review.orderId}`} className="underline underline-offset-4">
                Order #{shortOrderId(review.orderId)}
              </Link>
            </p>
            <h2 id={`review-${review.id}-title`} className="font-medium">
              {starsLabel(review.rating)}: {review.title}
            </h2>
            <p className="text-muted">
              {review.author}
              {review.size ? ` · Size ${review.size}` : ''}
              {review.color ? ` · ${review.color}` : ''} ·{' '}
              <time dateTime={review.createdAt}>{formatOrderDateTime(review.createdAt)}</time>
            </p>
            <p className="whitespace-pre-line break-words">{review.body}</p>
            {review.photos.length ? (
              <div className="flex gap-2">
                {review.photos.map((photo, index) => (
                  <a key={photo.key} href={imageUrl(photo, Math.max(...photo.widths))} className="w-20">
                    <ResponsiveImage image={photo} alt={`Photo ${index + 1} of the review`} sizes="80px" />
                  </a>
                ))}
              </div>
            ) : null}
            {review.reply ? (
              <p className="whitespace-pre-line break-words border-l-2 border-ink pl-3">Reply: {review.reply}</p>
            ) : null}
            <Form method="post" preventScrollReset className="mt-2 grid gap-2">
              <input type="hidden" name="id" value={review.id} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <label htmlFor={`reply-${review.id}`} className="text-[11px] font-semibold uppercase tracking-[0.2em]">
                Reply (up to {REVIEW_REPLY_MAX} characters)
              </label>
              <textarea
                id={`reply-${review.id}`}
                name="reply"
                rows={2}
                maxLength={REVIEW_REPLY_MAX}
                defaultValue={review.reply ?? ''}
                className="w-full border border-neutral-300 bg-paper px-3 py-2"
              />
              <div className="flex flex-wrap gap-2">
                {review.status === 'approved' ? null : (
                  <button name="intent" value="approve" disabled={busyId === review.id} className={BUTTON}>
                    Approve
                  </button>
                )}
                {review.status === 'hidden' ? null : (
                  <button name="intent" value="hide" disabled={busyId === review.id} className={BUTTON}>
                    Hide
                  </button>
                )}
                <button name="intent" value="reply" disabled={busyId === review.id} className={BUTTON}>
                  Save reply
                </button>
              </div>
            </Form>
          </article>
        </li>
      ))}
    </ul>
  );
}
