import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { CONTACT_LIMITS, EMAIL_MAX } from '~/lib/form-words';
import type { ContactErrors, ContactField } from '~/lib/forms';

/** What the /contact action answers. */
export type ContactReply =
  { ok: true; message: string } | { ok: false; errors: ContactErrors; values: Record<ContactField, string> };

/**
 * The contact form: a real POST to /contact. Without JavaScript the page comes back with the
 * thank-you text, or with the field errors and everything typed kept. With it, the same action runs
 * without a page load, the first wrong field gets focus and a sent form is cleared.
 */
export function ContactForm({ reply }: { reply: ContactReply | undefined }) {
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const busy = navigation.state === 'submitting' && navigation.formAction === '/contact';
  const errors = reply && !reply.ok ? reply.errors : {};
  const values = reply && !reply.ok ? reply.values : undefined;

  // Only for a reply that came without a page load. The reply the page was served with (a post made before
  // the scripts arrived) is already on the page; acting on it once they do would take the focus from, or
  // clear, a field the visitor is typing in again.
  const served = useRef(reply);
  useEffect(() => {
    if (!reply || reply === served.current) return;
    if (reply.ok) form.current?.reset();
    else form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [reply]);

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    required: true,
    defaultValue: values?.[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    className: `mt-2 w-full border bg-paper px-3 text-base outline-none transition-colors focus:border-ink ${errors[name] ? 'border-sale' : 'border-neutral-300'}`,
  });

  return (
    <Form ref={form} method="post" action="/contact" noValidate className="grid gap-6">
      {reply?.ok ? (
        <p role="status" className="border border-ink bg-neutral-50 px-4 py-3 text-sm font-medium">
          {reply.message}
        </p>
      ) : null}
      {reply && !reply.ok ? (
        <p role="alert" className="border border-sale px-4 py-3 text-sm text-sale">
          Please check the highlighted fields.
        </p>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <Label htmlFor="contact-name">Name</Label>
          <input
            type="text"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            {...field('name')}
            className={`${field('name').className} h-12`}
          />
          <FieldError name="name" error={errors.name} />
        </div>
        <div>
          <Label htmlFor="contact-email">Email</Label>
          <input
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            {...field('email')}
            className={`${field('email').className} h-12`}
          />
          <FieldError name="email" error={errors.email} />
        </div>
      </div>
      <div>
        <Label htmlFor="contact-subject">Subject</Label>
        <input
          type="text"
          maxLength={CONTACT_LIMITS.subject}
          {...field('subject')}
          className={`${field('subject').className} h-12`}
        />
        <FieldError name="subject" error={errors.subject} />
      </div>
      <div>
        <Label htmlFor="contact-message">Message</Label>
        <textarea
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          {...field('message')}
          className={`${field('message').className} py-3`}
        />
        <FieldError name="message" error={errors.message} />
      </div>
      {/* A field people never see: bots fill it in, and the action then stores nothing. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-12 items-center bg-ink px-10 text-xs font-semibold uppercase tracking-[0.2em] text-paper transition-colors hover:bg-neutral-800 disabled:opacity-60"
        >
          {busy ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </Form>
  );
}

function Label({ htmlFor, children }: { htmlFor: string; children: React.ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="text-[11px] font-semibold uppercase tracking-[0.2em]">
      {children}
      <span aria-hidden="true" className="text-muted">
        {' '}
        *
      </span>
    </label>
  );
}

function FieldError({ name, error }: { name: ContactField; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`contact-${name}-error`} className="mt-2 text-sm text-sale">
      {error}
    </p>
  );
}
