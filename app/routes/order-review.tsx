/**
 * /orders/{orderId}/review/{position}: a buyer's review of one line of a delivered order (decision 0040). The page
 * and its POST both ask reviews.server.ts whether this customer may review this line now; a forged post is refused
 * the same way. After a review is sent the page says thanks (post/redirect/get to `?sent=1`).
 */
import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import { ReviewForm } from '~/components/reviews/review-form';
import { formErrorResult } from '~/lib/admin/admin-form';
import { REVIEW_MESSAGES, reviewSchema } from '~/lib/reviews/review-form';
import { loginRedirect } from '~/server/accounts/auth.server';
import { BodyTooLargeError, filesOf, readFormDataWithin } from '~/server/catalog/admin-upload-files.server';
import { REVIEW_FORM_BODY_LIMIT } from '~/server/http/body-limits.server';
import { parseSubmission, refused } from '~/server/http/form-submission.server';
import { currentUser } from '~/server/http/request-context.server';
import { logger } from '~/server/logger.server';
import { discardReviewPhotos, storeReviewPhotos } from '~/server/reviews/review-photos.server';
import { reviewableLine, submitReview } from '~/server/reviews/reviews.server';
import type { Route } from './+types/order-review';

export function meta() {
  return [{ title: 'Review your order' }, { name: 'robots', content: 'noindex' }];
}

const lineOf = (params: Route.LoaderArgs['params']) => ({
  orderId: params.orderId.trim(),
  position: Number(params.position),
});

export async function loader(args: Route.LoaderArgs) {
  const { orderId, position } = lineOf(args.params);
  const user = await currentUser(args);
  if (!user) throw loginRedirect(args.request);
  const sent = new URL(args.request.url).searchParams.get('sent') === '1';
  const lookup = await reviewableLine(user.id, orderId, position);
  if (lookup.kind === 'ok') return { orderId, line: lookup.line, sent: false };
  // Just sent: the line is reviewed now, and the page says thanks instead of refusing.
  if (sent && lookup.message === REVIEW_MESSAGES.reviewed) return { orderId, line: null, sent: true };
  throw data(lookup.message, { status: lookup.status });
}

export async function action(args: Route.ActionArgs) {
  const { orderId, position } = lineOf(args.params);
  const user = await currentUser(args);
  if (!user) throw loginRedirect(args.request);
  const lookup = await reviewableLine(user.id, orderId, position);
  if (lookup.kind !== 'ok') throw data(lookup.message, { status: lookup.status });
  let form: FormData;
  try {
    form = await readFormDataWithin(args.request, REVIEW_FORM_BODY_LIMIT);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return refused(formErrorResult(REVIEW_MESSAGES.tooLarge), 413);
  }
  const submission = parseSubmission(form, reviewSchema);
  if (submission.status !== 'success') return refused(submission.reply({ hideFields: ['photos'] }));
  const fail = (message: string, status: number) =>
    refused(submission.reply({ formErrors: [message], hideFields: ['photos'] }), status);
  const stored = await storeReviewPhotos(filesOf(form, 'photos'));
  if (!stored.ok) return fail(stored.message, stored.status);
  const { rating, title, body } = submission.value;
  try {
    const saved = await submitReview(lookup.line, user.id, { rating, title, body, photos: stored.photos });
    if (saved.kind === 'refused') {
      await discardReviewPhotos(stored.photos);
      return fail(saved.message, saved.status);
    }
  } catch (error) {
    await discardReviewPhotos(stored.photos);
    logger.error({ err: error, orderId }, 'saving a review failed');
    return fail(REVIEW_MESSAGES.failed, 500);
  }
  return redirect(`/orders/${orderId}/review/${position}?sent=1`);
}

export default function OrderReview({ loaderData, actionData }: Route.ComponentProps) {
  const { orderId, line, sent } = loaderData;
  return (
    <section className="container-page py-12 md:py-16">
      <p className="mb-6 text-xs uppercase tracking-widest">
        <Link to={`/orders/${orderId}`} className="text-muted underline underline-offset-4 hover:text-ink">
          Back to the order
        </Link>
      </p>
      <h1 className="mb-8 text-2xl font-semibold uppercase tracking-[0.2em]">Review your order</h1>
      {sent || !line ? (
        <p role="status" className="border border-ink px-4 py-3 text-sm">
          {REVIEW_MESSAGES.thanks}
        </p>
      ) : (
        <ReviewForm line={line} result={actionData?.result} />
      )}
    </section>
  );
}

const KNOWN: readonly string[] = Object.values(REVIEW_MESSAGES);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const response = isRouteErrorResponse(error) ? error : null;
  const message =
    response && typeof response.data === 'string' && KNOWN.includes(response.data)
      ? response.data
      : REVIEW_MESSAGES.failed;
  return (
    <section className="container-page py-16 text-center md:py-24">
      <h1 className="text-2xl font-semibold uppercase tracking-[0.2em]">Review your order</h1>
      <p role="alert" className="mt-4 text-sale">
        {message}
      </p>
      <Link to="/orders" className="mt-8 inline-block text-sm underline underline-offset-4">
        Back to My Orders
      </Link>
    </section>
  );
}
