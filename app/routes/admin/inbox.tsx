/**
 * /admin/inbox: contact messages (newest first, all or only those not handled yet; mark handled or not, audit-
 * logged) and newsletter subscribers (newest first, paged, CSV export). Each list pages on its own parameter.
 */
import { data, Link, redirect } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { ContactMessageList } from '~/components/store/admin/contact-message-list';
import { SimplePager } from '~/components/admin/simple-pager';
import { TableHead } from '~/components/admin/table-head';
import { formMessage, UNKNOWN_ACTION } from '~/lib/admin/admin-form';
import { INBOX_MESSAGES, inboxQuery, markMessageSchema, parseInboxView } from '~/lib/store/admin-inbox';
import { formatOrderDateTime } from '~/lib/orders/orders';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { listContactMessages, listSubscribers, setMessageHandled } from '~/server/store/admin-inbox.server';
import { adminOf } from '~/server/accounts/guards.server';
import { readSubmission, refused } from '~/server/http/form-submission.server';
import { logger } from '~/server/logger.server';
import type { Route } from './+types/inbox';

const TAB = 'inline-flex min-h-11 items-center px-3 py-2 text-xs font-medium uppercase tracking-widest';

export function meta() {
  return [{ title: 'Inbox · Admin Panel' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const view = parseInboxView(new URL(request.url).searchParams);
  const [messages, subscribers] = await Promise.all([
    listContactMessages({ unhandledOnly: view.unhandledOnly, page: view.page }),
    listSubscribers({ page: view.subscribersPage }),
  ]);
  return data({ view, messages, subscribers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { submission } = await readSubmission(request, markMessageSchema);
  // The button's fields are all hidden, so a wrong one means a hand-made or stale post: one message for the page.
  const failed = (status: number, message: string) => refused(submission.reply({ formErrors: [message] }), status);
  if (submission.status !== 'success')
    return failed(400, submission.error?.intent ? UNKNOWN_ACTION : INBOX_MESSAGES.failed);
  const { id, handled, returnTo } = submission.value;
  try {
    const result = await setMessageHandled(admin, id, handled);
    if (result.kind === 'not-found') return failed(404, INBOX_MESSAGES.notFound);
  } catch (error) {
    logger.error({ err: error }, 'marking a contact message failed');
    return failed(500, INBOX_MESSAGES.failed);
  }
  const back = safeRedirectPath(returnTo, '/admin/inbox');
  return redirect(back.startsWith('/admin/inbox') ? back : '/admin/inbox');
}

export default function AdminInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { view, messages, subscribers } = loaderData;
  const returnTo = `/admin/inbox${inboxQuery(view)}`;
  return (
    <div className="space-y-14">
      <section aria-labelledby="messages-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h1 id="messages-heading" className="text-2xl font-semibold uppercase tracking-[0.2em]">
            Inbox
          </h1>
          <p className="text-sm text-muted">
            {messages.unhandled === 1 ? '1 message to handle' : `${messages.unhandled} messages to handle`}
          </p>
        </div>
        <h2 className="mt-6 text-sm font-semibold uppercase tracking-widest">Contact messages</h2>
        <nav aria-label="Show messages" className="mt-3 flex gap-1">
          <Link
            to={`/admin/inbox${inboxQuery(view, { unhandledOnly: false, page: 1 })}`}
            aria-current={!view.unhandledOnly ? 'page' : undefined}
            className={`${TAB} ${!view.unhandledOnly ? 'bg-ink text-paper' : 'hover:bg-neutral-100'}`}
          >
            All
          </Link>
          <Link
            to={`/admin/inbox${inboxQuery(view, { unhandledOnly: true, page: 1 })}`}
            aria-current={view.unhandledOnly ? 'page' : undefined}
            className={`${TAB} ${view.unhandledOnly ? 'bg-ink text-paper' : 'hover:bg-neutral-100'}`}
          >
            Not handled
          </Link>
        </nav>
        <div className="mt-4">
          <FormMessage error={formMessage(actionData?.result)} />
        </div>
        {messages.rows.length ? (
          <div className="mt-4">
            <ContactMessageList messages={messages.rows} returnTo={returnTo} />
            <SimplePager
              label="Message pages"
              page={messages.page}
              pageCount={messages.pageCount}
              hrefFor={(p) => `/admin/inbox${inboxQuery(view, { page: p })}`}
            />
          </div>
        ) : (
          <p className="mt-4 border border-dashed border-line px-6 py-8 text-center text-sm text-muted">
            {view.unhandledOnly ? 'Every message has been handled.' : 'No messages yet.'}
          </p>
        )}
      </section>

      <section aria-labelledby="subscribers-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="subscribers-heading" className="text-sm font-semibold uppercase tracking-widest">
            Newsletter subscribers ({subscribers.total})
          </h2>
          {/* A file download: a plain link, not a client-side navigation. */}
          <a
            href="/admin/inbox/subscribers-export"
            download
            className="text-xs uppercase tracking-widest underline underline-offset-4"
          >
            Export CSV
          </a>
        </div>
        {subscribers.rows.length ? (
          <>
            <table className="mt-4 w-full max-w-2xl text-left text-sm">
              <caption className="sr-only">Newsletter subscribers, newest first</caption>
              <TableHead cell="py-2 font-medium" columns={['Email', 'Subscribed']} />
              <tbody>
                {subscribers.rows.map((subscriber) => (
                  <tr key={subscriber.id} className="border-b border-line/60">
                    <td className="break-all py-2 pr-4">{subscriber.email}</td>
                    <td className="py-2">
                      <time dateTime={subscriber.createdAt}>{formatOrderDateTime(subscriber.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <SimplePager
              label="Subscriber pages"
              page={subscribers.page}
              pageCount={subscribers.pageCount}
              hrefFor={(p) => `/admin/inbox${inboxQuery(view, { subscribersPage: p })}`}
            />
          </>
        ) : (
          <p className="mt-4 text-sm text-muted">No subscribers yet.</p>
        )}
      </section>
    </div>
  );
}
