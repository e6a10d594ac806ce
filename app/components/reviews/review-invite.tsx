import { Link } from 'react-router';
import type { OrderItemView } from '~/lib/orders/orders';
import { reviewFormPath } from '~/lib/reviews/reviews';

/** Under a line of a delivered order: "Write a review", or "Reviewed" once sent (decision 0040). */
export function ReviewInvite({
  orderId,
  item,
  reviewed,
}: {
  orderId: string;
  item: OrderItemView;
  reviewed: number[];
}) {
  if (!item.productId) return null;
  if (reviewed.includes(item.position)) return <p className="mt-1 text-xs uppercase tracking-widest">Reviewed</p>;
  return (
    <Link
      to={reviewFormPath(orderId, item.position)}
      aria-label={`Write a review of ${item.name}`}
      className="mt-1 text-xs font-semibold uppercase tracking-widest underline underline-offset-4"
    >
      Write a review
    </Link>
  );
}
