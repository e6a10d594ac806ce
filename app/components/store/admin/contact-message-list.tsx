import { Form, useNavigation } from 'react-router';
import type { ContactMessageView } from '~/lib/admin/admin-types';
import { formatOrderDateTime } from '~/lib/orders/orders';

/** Contact messages, newest first; each can be marked handled or back to not handled (a small form). */
export function ContactMessageList({ messages, returnTo }: { messages: ContactMessageView[]; returnTo: string }) {
  const navigation = useNavigation();
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('id') : null;
  return (
    <ul className="divide-y divide-line border-y border-line">
      {messages.map((message) => {
        const handled = message.handledAt !== null;
        return (
          // A handled message is told by its "Handled" line, not faded: faded grey text falls below 4.5:1 (WCAG 1.4.3).
          <li key={message.id} className="py-5">
            <article aria-labelledby={`message-${message.id}-subject`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 id={`message-${message.id}-subject`} className="font-medium">
                    {message.subject}
                  </h3>
                  <p className="break-all text-sm text-muted">
                    {message.name} ·{' '}
                    <a
                      href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                      className="underline underline-offset-4"
                    >
                      {message.email}
                    </a>{' '}
                    · <time dateTime={message.createdAt}>{formatOrderDateTime(message.createdAt)}</time>
                  </p>
                </div>
                <Form method="post" preventScrollReset className="flex items-center gap-3">
                  <input type="hidden" name="intent" value="mark" />
                  <input type="hidden" name="id" value={message.id} />
                  <input type="hidden" name="handled" value={handled ? 'false' : 'true'} />
                  <input type="hidden" name="returnTo" value={returnTo} />
                  {handled ? (
                    <span className="text-xs uppercase tracking-widest text-green-800">
                      Handled <time dateTime={message.handledAt!}>{formatOrderDateTime(message.handledAt!)}</time>
                    </span>
                  ) : (
                    <span className="border border-ink px-2 py-0.5 text-[11px] font-medium uppercase tracking-widest">
                      New
                    </span>
                  )}
                  <button
                    type="submit"
                    disabled={busyId === String(message.id)}
                    aria-label={`${handled ? 'Mark as not handled' : 'Mark as handled'}: ${message.subject}`}
                    className="h-11 border border-line px-3 text-xs font-medium uppercase tracking-widest hover:border-ink disabled:opacity-60"
                  >
                    {handled ? 'Mark as not handled' : 'Mark as handled'}
                  </button>
                </Form>
              </div>
              <p className="mt-3 whitespace-pre-line break-words text-sm">{message.message}</p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
