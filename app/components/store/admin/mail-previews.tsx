import { Form, Link } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import {
  MAIL_GROUPS,
  MAIL_PREVIEWS,
  mailPreviewHref,
  type MailPreviewId,
  type MailPreviewView,
} from '~/lib/store/admin-mail-previews';

/** Every mail by group, as links: choosing one is a GET, so the list works without JavaScript. */
export function MailList({ shown }: { shown: MailPreviewId }) {
  return (
    <nav aria-label="Mails the store sends" className="space-y-5">
      {MAIL_GROUPS.map((group) => {
        const mails = MAIL_PREVIEWS.filter((mail) => mail.group === group);
        if (!mails.length) return null;
        return (
          <div key={group}>
            <h2 className="text-xs font-semibold uppercase tracking-widest text-muted">{group}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {mails.map((mail) => (
                <li key={mail.id}>
                  <Link
                    to={mailPreviewHref(mail.id)}
                    aria-current={mail.id === shown ? 'page' : undefined}
                    preventScrollReset
                    className={`flex min-h-11 items-center px-3 ${mail.id === shown ? 'bg-ink text-paper' : 'hover:bg-line/50'}`}
                  >
                    {mail.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type ShownProps = {
  mail: MailPreviewView;
  /** The signed-in admin's address: where "Send me a test" sends it. */
  adminEmail: string;
  error?: string;
  success?: string;
  busy: boolean;
};

/**
 * One mail as it arrives: what the inbox shows (subject and preview line), the HTML in a srcdoc frame, the plain-text
 * twin, and "Send me a test", a plain POST form. The frame's document is React Email's escaped markup (shop data stays
 * text) and inherits this page's Content-Security-Policy, so no script can run in it; it is not sandboxed, so the
 * page's accessibility audit can read it. Its links open in a new tab (target="_blank").
 */
export function ShownMail({ mail, adminEmail, error, success, busy }: ShownProps) {
  return (
    <section aria-labelledby="shown-mail-heading" className="min-w-0 space-y-6">
      <div className="space-y-2">
        <h2 id="shown-mail-heading" className="text-xl font-semibold">
          {mail.name}
        </h2>
        <p className="text-sm text-muted">{mail.when}</p>
      </div>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium">Subject</dt>
        <dd className="break-words">{mail.subject}</dd>
        <dt className="font-medium">Preview line</dt>
        <dd className="break-words">{mail.preview}</dd>
        <dt className="font-medium">Size</dt>
        <dd>{kilobytes(mail.htmlBytes)} of HTML (at most 100 KB)</dd>
      </dl>
      <FormMessage error={error} success={success} />
      <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <input type="hidden" name="intent" value="send-test" />
        <input type="hidden" name="mail" value={mail.id} />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 border border-ink px-4 text-xs font-medium uppercase tracking-widest hover:bg-ink hover:text-paper disabled:opacity-60"
        >
          {busy ? 'Sending…' : 'Send me a test'}
        </button>
        <p className="text-sm text-muted">
          Sends this mail, with the sample order, to <span className="break-all">{adminEmail}</span>.
        </p>
      </Form>
      <figure className="space-y-2">
        <figcaption className="text-sm font-medium">The mail as it arrives</figcaption>
        <iframe
          title={`${mail.name}: the mail as it arrives`}
          srcDoc={mail.html}
          className="h-[40rem] w-full border border-line bg-white"
        />
      </figure>
      <section aria-labelledby="shown-mail-text" className="space-y-2">
        <h3 id="shown-mail-text" className="text-sm font-medium">
          Plain-text version
        </h3>
        {/* Grows with its text (no scrolling box of its own): long lines wrap, links included. */}
        <pre className="whitespace-pre-wrap break-words border border-line p-4 text-sm">{mail.text}</pre>
      </section>
    </section>
  );
}
