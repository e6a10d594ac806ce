/**
 * Reviews from buyers (decision 0040): shared by the server and the pages. A review waits for the admin's approval
 * ('pending'), then shows ('approved'), or is kept out of sight ('hidden'). No Zod here: the product page's bundle
 * imports this file (the form's schema is in review-form.ts).
 */
import type { StoredImage } from '../images';

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Approved reviews per product page; the pages are links `?reviews=2`. */
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEWS_PARAM = 'reviews';

/** One approved review as the product page shows it. */
export type ReviewView = {
  id: string;
  rating: number;
  title: string;
  body: string;
  /** First name and initial, as written when the review was sent. */
  author: string;
  /** The size and colour bought: the order line's. */
  size: string;
  color: string;
  photos: StoredImage[];
  reply: string | null;
  createdAt: string;
  /** The day it was written, in Lagos ("27 Nov 2026"), made by the statement so the page carries no date code. */
  date: string;
};

/** A product's approved reviews in short, as its card shows them: the average (one decimal) and how many. */
export type ProductRating = { average: number; count: number };

/** A product's approved reviews: the average (one decimal) and count of all, and one page of them, newest first. */
export type ProductReviews = { average: number | null; count: number; page: number; items: ReviewView[] };

/**
 * What the product page shows of them: the reviews and the links to the newer and older pages, made by the loader so
 * the page's script carries none of this file (its budget, decision 0040).
 */
export type ProductReviewsView = ProductReviews & { pages: number; newer: string | null; older: string | null };

export function productReviewsView(reviews: ProductReviews, path: string): ProductReviewsView {
  const pages = reviewPageCount(reviews);
  const link = (page: number) => `${path}?${REVIEWS_PARAM}=${page}#reviews`;
  return {
    ...reviews,
    pages,
    newer: reviews.page > 1 ? link(Math.min(reviews.page - 1, pages)) : null,
    older: reviews.page < pages ? link(reviews.page + 1) : null,
  };
}

export const reviewPageCount = (reviews: Pick<ProductReviews, 'count'>) =>
  Math.max(1, Math.ceil(reviews.count / REVIEWS_PAGE_SIZE));

/** The `?reviews=` page asked for: a whole number from 1, anything else is page 1. */
export function reviewsPageOf(query: URLSearchParams): number {
  const page = Number(query.get(REVIEWS_PARAM) ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** "Ada O.": the first name and the initial of the last, never the whole name. */
export function reviewAuthor(firstName: string, lastName: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  const initial = [...lastName.trim()][0];
  const name = initial ? `${first} ${initial.toUpperCase()}.` : first;
  return name.trim().slice(0, 40) || 'A buyer';
}

/** "4 stars": each radio's label, and the rating read aloud. */
export const starsLabel = (rating: number) => (rating === 1 ? '1 star' : `${rating} stars`);

export const reviewFormPath = (orderId: string, position: number) => `/orders/${orderId}/review/${position}`;

/** A review as the moderation page lists it (/admin/reviews). */
export type AdminReview = Omit<ReviewView, 'date'> & {
  productId: string;
  productName: string;
  orderId: string;
  status: ReviewStatus;
};

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Shown',
  hidden: 'Hidden',
};
