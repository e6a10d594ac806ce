/**
 * The launch checklist on the dashboard (docs/decisions/0042-launch-checklist.md): each item done or to do with a
 * link to where it is done, and how to set what lives in the server's configuration. Gone once every item is done.
 */
import { Form, Link } from 'react-router';
import { LAUNCH_MESSAGES, type LaunchItem } from '~/lib/store/launch-checklist';

const STATE = 'w-16 shrink-0 text-xs font-semibold uppercase tracking-widest';
const DANGER =
  'h-11 border border-sale px-5 text-xs font-medium uppercase tracking-widest text-sale hover:bg-sale hover:text-paper';

type Props = { items: LaunchItem[]; demoProducts: number; headingClass: string };

export function LaunchChecklist({ items, demoProducts, headingClass }: Props) {
  const left = items.filter((item) => !item.done).length;
  return (
    <section aria-labelledby="launch-heading" className="border border-line p-4 sm:p-6">
      <h2 id="launch-heading" className={headingClass}>
        Launch checklist
      </h2>
      <p className="mt-2 text-sm text-muted">
        {left} of {items.length} left before the store is ready to sell. This list goes away once all are done.
      </p>
      <ul className="mt-4 divide-y divide-line">
        {items.map((item) => (
          <li key={item.id} data-item={item.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3">
            <span className={`${STATE} ${item.done ? '' : 'text-sale'}`}>{item.done ? 'Done' : 'To do'}</span>
            <span className="min-w-0 flex-1">
              <Link to={item.href} className="text-sm font-medium underline underline-offset-4">
                {item.label}
              </Link>
              <span className="block text-sm text-muted">{item.note}</span>
            </span>
          </li>
        ))}
      </ul>
      {demoProducts > 0 ? (
        // Asked twice, with or without JavaScript: the button is inside, under the question.
        <details id="demo-catalog" className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium">Remove the demo catalog ({demoProducts} products)</summary>
          <Form method="post" action="/admin/launch/demo-catalog" className="mt-2 space-y-2">
            <p className="text-muted">{LAUNCH_MESSAGES.confirmRemoveDemo}</p>
            <button type="submit" name="intent" value="remove-demo-catalog" className={DANGER}>
              Yes, remove the demo products
            </button>
          </Form>
        </details>
      ) : null}
      <details id="launch-configuration" className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium">Set on the server: Paystack keys, PUBLIC_URL, SMTP</summary>
        <p className="mt-2 text-muted">
          These are environment variables of the store&apos;s server (README, “Settings (environment variables)”):
          PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY (the live keys from the Paystack dashboard, Settings → API Keys
          &amp; Webhooks), PUBLIC_URL (the address shoppers use, e.g. https://shop.example.ng) and SMTP_URL (your mail
          server, smtp://user:password@host:587). Restart the store after changing them.
        </p>
      </details>
      <details id="launch-backup" className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium">Make a backup</summary>
        <p className="mt-2 text-muted">
          Run <code>npm run db:backup</code> on the server: it writes the whole database to DATA_DIR/backups/ and marks
          it done here. Copy the file somewhere safe, off the server.
        </p>
      </details>
    </section>
  );
}
