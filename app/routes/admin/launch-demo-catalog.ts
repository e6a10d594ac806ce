/**
 * POST /admin/launch/demo-catalog: "Remove the demo catalog" on the dashboard's launch checklist
 * (docs/decisions/0042-launch-checklist.md). Deletes the demo seed's products; orders keep their snapshots.
 */
import { redirect } from 'react-router';
import { removeDemoCatalogSchema } from '~/lib/store/launch-checklist';
import { adminOf } from '~/server/accounts/guards.server';
import { removeDemoCatalog } from '~/server/catalog/admin-demo-catalog.server';
import { readSubmission } from '~/server/http/form-submission.server';
import type { Route } from './+types/launch-demo-catalog';

export const loader = () => redirect('/admin');

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { submission } = await readSubmission(request, removeDemoCatalogSchema);
  if (submission.status !== 'success') return redirect('/admin');
  const removed = await removeDemoCatalog(admin);
  return redirect(`/admin?demo-removed=${removed}`);
}
