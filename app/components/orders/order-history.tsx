import { formatOrderDateTime } from '~/lib/orders/orders';
import { isHttpsUrl, timelineLabel, type OrderHistory, type TimelineEntry } from '~/lib/orders/order-timeline';

const LABEL = 'text-xs font-semibold uppercase tracking-widest';

/**
 * The order's timeline (decision 0024), oldest first, each step with its time in Lagos: placed, awaiting confirmation,
 * paid, then each status set, a shipment with its carrier, tracking number and tracking link. On the customer's
 * order page and the admin's.
 */
export function OrderTimeline({ history, labelClass = LABEL }: { history: OrderHistory; labelClass?: string }) {
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className={labelClass}>
        Order timeline
      </h2>
      <ol className="mt-4 space-y-3 border-l border-line pl-4 text-sm">
        {history.timeline.map((entry, index) => (
          <li key={`${entry.kind}-${entry.at}-${index}`}>
            <p className="font-medium">{timelineLabel(entry.kind)}</p>
            <p className="text-xs text-muted">
              <time dateTime={entry.at}>{formatOrderDateTime(entry.at)}</time>
            </p>
            {entry.kind === 'shipped' ? <Shipment entry={entry} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Shipment({ entry }: { entry: TimelineEntry }) {
  // A link only to an https address: the form refuses anything else, and this page does not trust rows blindly.
  const url = entry.trackingUrl && isHttpsUrl(entry.trackingUrl) ? entry.trackingUrl : null;
  return (
    <dl className="mt-1 space-y-0.5 text-sm">
      {entry.carrier ? (
        <div className="flex gap-2">
          <dt className="text-muted">Carrier:</dt>
          <dd className="break-all">{entry.carrier}</dd>
        </div>
      ) : null}
      {entry.trackingNumber ? (
        <div className="flex gap-2">
          <dt className="text-muted">Tracking number:</dt>
          <dd className="break-all font-mono text-xs leading-5">{entry.trackingNumber}</dd>
        </div>
      ) : null}
      {url ? (
        <div>
          <dt className="sr-only">Tracking link</dt>
          <dd>
            <a href={url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
              Track your parcel
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * "Emails about this order": each mail the customer got about it, with its subject and time, its plain-text part
 * readable again in a disclosure. The HTML part is never rendered here: the text is shown as text.
 */
export function OrderMails({ history, labelClass = LABEL }: { history: OrderHistory; labelClass?: string }) {
  return (
    <section aria-labelledby="order-mails-heading">
      <h2 id="order-mails-heading" className={labelClass}>
        Emails about this order
      </h2>
      {history.mails.length ? (
        <ul className="mt-4 space-y-3 text-sm">
          {history.mails.map((mail) => (
            <li key={mail.kind} className="border border-line">
              <details>
                <summary className="cursor-pointer px-4 py-3">
                  <span className="font-medium">{mail.subject}</span>{' '}
                  <span className="text-xs text-muted">
                    · <time dateTime={mail.sentAt}>{formatOrderDateTime(mail.sentAt)}</time>
                  </span>
                </summary>
                <pre className="whitespace-pre-wrap break-words border-t border-line px-4 py-3 font-sans text-sm">
                  {mail.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted">No emails about this order yet.</p>
      )}
    </section>
  );
}
