import { Form, useNavigation } from 'react-router';
import { crudBodyClass, crudCellClass, crudHeadClass, crudRowClass, crudTableClass } from './crud/list';
import { TableHead } from './table-head';
import type { MailFailureView } from '~/lib/admin/admin-mail-failures';
import { formatOrderDateTime } from '~/lib/orders/orders';

const head = 'border-b border-ink px-3 py-2 text-left text-xs font-medium uppercase tracking-widest';

/**
 * Failed mails, newest first; Retry is a plain POST form, so it works before (and without) the scripts. Like every
 * admin list (decision 0045), a table from `sm:` up and a card a mail on a phone, each line led by its column's name.
 */
export function MailFailureTable({ failures }: { failures: MailFailureView[] }) {
  const navigation = useNavigation();
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('id') : null;
  return (
    <div className="sm:overflow-x-auto">
      <table className={crudTableClass}>
        <caption className="sr-only">Mails not sent after their last retry, newest first</caption>
        <TableHead
          className={crudHeadClass}
          row={null}
          cell={head}
          columns={['Recipient', 'Subject', 'Last error', 'Failed', 'Action']}
        />
        <tbody className={crudBodyClass}>
          {failures.map((failure) => (
            <tr key={failure.id} className={crudRowClass}>
              <td data-label="Recipient" className={`${crudCellClass} break-all`}>
                {failure.recipient}
              </td>
              <td data-label="Subject" className={`${crudCellClass} wrap-anywhere`}>
                {failure.subject}
              </td>
              <td data-label="Last error" className={`${crudCellClass} wrap-anywhere text-muted`}>
                {failure.lastError}
                <span className="block text-xs">
                  after {failure.attempts === 1 ? '1 attempt' : `${failure.attempts} attempts`}
                </span>
              </td>
              <td data-label="Failed" className={`${crudCellClass} sm:whitespace-nowrap`}>
                <time dateTime={failure.failedAt}>{formatOrderDateTime(failure.failedAt)}</time>
              </td>
              <td className={`${crudCellClass} max-sm:pt-3 max-sm:before:content-none`}>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="id" value={failure.id} />
                  <button
                    type="submit"
                    disabled={busyId === String(failure.id)}
                    aria-label={`Retry: ${failure.subject} to ${failure.recipient}`}
                    className="h-11 w-full border border-ink px-3 text-xs font-medium uppercase tracking-widest hover:bg-ink hover:text-paper disabled:opacity-60 sm:w-auto"
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
