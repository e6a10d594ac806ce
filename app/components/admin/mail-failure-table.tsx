import { Form, useNavigation } from 'react-router';
import { TableHead } from './table-head';
import type { MailFailureView } from '~/lib/admin/admin-mail-failures';
import { formatOrderDateTime } from '~/lib/orders/orders';

/** Failed mails, newest first; Retry is a plain POST form, so it works before (and without) the scripts. */
export function MailFailureTable({ failures }: { failures: MailFailureView[] }) {
  const navigation = useNavigation();
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('id') : null;
  return (
    // `relative`: the header's visually hidden label is positioned within the scrolling box, not the page, which it
    // would otherwise widen at 320 px (WCAG 1.4.10).
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Mails not sent after their last retry, newest first</caption>
        <TableHead
          cell="py-2 pr-4 font-medium"
          columns={[
            'Recipient',
            'Subject',
            'Last error',
            'Failed',
            { label: <span className="sr-only">Action</span>, cell: 'py-2 font-medium' },
          ]}
        />
        <tbody>
          {failures.map((failure) => (
            <tr key={failure.id} className="border-b border-line/60 align-top">
              <td className="break-all py-3 pr-4">{failure.recipient}</td>
              <td className="py-3 pr-4">{failure.subject}</td>
              <td className="break-words py-3 pr-4 text-muted">
                {failure.lastError}
                <span className="block text-xs">
                  after {failure.attempts === 1 ? '1 attempt' : `${failure.attempts} attempts`}
                </span>
              </td>
              <td className="whitespace-nowrap py-3 pr-4">
                <time dateTime={failure.failedAt}>{formatOrderDateTime(failure.failedAt)}</time>
              </td>
              <td className="py-3">
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="id" value={failure.id} />
                  <button
                    type="submit"
                    disabled={busyId === String(failure.id)}
                    aria-label={`Retry: ${failure.subject} to ${failure.recipient}`}
                    className="h-11 border border-ink px-3 text-xs font-medium uppercase tracking-widest hover:bg-ink hover:text-paper disabled:opacity-60"
                  >
                    Retry
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
