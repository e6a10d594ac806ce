/** /admin/inbox/subscribers-export: every newsletter subscriber as CSV, newest first. */
import { csvFileName, csvHeaders, toCsv } from '~/lib/admin/admin-csv';
import { allSubscribers } from '~/server/store/admin-inbox.server';

export async function loader() {
  const subscribers = await allSubscribers();
  const rows = subscribers.map((s) => [s.email, s.createdAt]);
  return new Response(toCsv(['Email', 'Subscribed at'], rows), {
    headers: csvHeaders(csvFileName('newsletter-subscribers')),
  });
}
