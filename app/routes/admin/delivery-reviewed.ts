/**
 * POST /admin/delivery/reviewed: "Mark zones as reviewed" on /admin/delivery, the launch checklist's delivery item
 * (docs/decisions/0042-launch-checklist.md).
 */
import { redirect } from 'react-router';
import { zonesReviewedSchema } from '~/lib/store/launch-checklist';
import { adminOf } from '~/server/accounts/guards.server';
import { markZonesReviewed } from '~/server/delivery/admin-delivery-review.server';
import { readSubmission } from '~/server/http/form-submission.server';
import type { Route } from './+types/delivery-reviewed';

export const loader = () => redirect('/admin/delivery');

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { submission } = await readSubmission(request, zonesReviewedSchema);
  if (submission.status !== 'success') return redirect('/admin/delivery');
  await markZonesReviewed(admin);
  return redirect('/admin/delivery?reviewed=1');
}
