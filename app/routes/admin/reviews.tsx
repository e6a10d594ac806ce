/**
 * /admin/reviews: buyers' reviews to moderate (decision 0040), pending first; approve, hide or reply, each audited.
 * An approval shows the review on the product page within a second (admin-reviews.server.ts drops stored pages).
 */
import { data, redirect } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { SimplePager } from '~/components/admin/simple-pager';
import { ReviewModerationList } from '~/components/reviews/admin/review-moderation-list';
import { formMessage, UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { MODERATION_MESSAGES as MESSAGES, moderateReviewSchema } from '~/lib/reviews/review-form';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { adminOf } from '~/server/accounts/guards.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import { listReviewsForAdmin, moderateReview } from '~/server/reviews/admin-reviews.server';
import type { Route } from './+types/reviews';

export function meta() {
  return [{ title: 'Reviews · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get('page') ?? 1);
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 10_000 ? asked : 1;
  return data(await listReviewsForAdmin(page));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { submission } = await readSubmission(request, moderateReviewSchema);
  const failed = (status: number, message: string) => refused(submission.reply({ formErrors: [message] }), status);
  if (submission.status !== 'success') {
    const errors = submission.error ?? {};
    return failed(400, errors.reply?.[0] ?? (errors.intent ? UNKNOWN_ACTION : MESSAGES.failed));
  }
  const { id, intent, reply, returnTo } = submission.value;
  try {
    const done = await moderateReview(admin, id, intent === 'reply' ? { intent, reply: reply ?? '' } : { intent });
    if (done.kind === 'not-found') return failed(404, MESSAGES.notFound);
  } catch (error) {
    logger.error({ err: error }, 'moderating a review failed');
    return failed(500, MESSAGES.failed);
  }
  const back = safeRedirectPath(returnTo, '/admin/reviews');
  return redirect(back.startsWith('/admin/reviews') ? back : '/admin/reviews');
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, page, pageCount, pending } = loaderData;
  const returnTo = page > 1 ? `/admin/reviews?page=${page}` : '/admin/reviews';
  return (
    <section aria-labelledby="reviews-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 id="reviews-heading" className="text-2xl font-semibold uppercase tracking-[0.2em]">
          Reviews
        </h1>
        <p className="text-sm text-muted">
          {pending === 1 ? '1 review waiting for approval' : `${pending} reviews waiting for approval`}
        </p>
      </div>
      <div className="mt-4">
        <FormMessage error={formMessage(actionData?.result)} />
      </div>
      <ReviewModerationList reviews={reviews} returnTo={returnTo} />
      <SimplePager
        label="Review pages"
        page={page}
        pageCount={pageCount}
        hrefFor={(to) => `/admin/reviews?page=${to}`}
      />
    </section>
  );
}
