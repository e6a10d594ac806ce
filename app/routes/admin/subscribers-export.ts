/** /admin/inbox/subscribers-export: every newsletter subscriber as CSV, newest first. */
import { csvFileName, csvHeaders, toCsv } from '~/lib/admin-csv';
import { allSubscribers } from '~/server/admin/inbox.server';
import { requireAdmin } from '~/server/accounts/auth.server';
import type { Route } from './+types/subscribers-export';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const subscribers = await allSubscribers();
  const rows = subscribers.map((s) => [s.email, s.createdAt]);
  return new Response(toCsv(['Email', 'Subscribed at'], rows), {
    headers: csvHeaders(csvFileName('newsletter-subscribers')),
  });
}
