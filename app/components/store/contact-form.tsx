import { getFormProps, getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { FormMessage } from '~/components/accounts/fields';
import { contactSchema } from '~/lib/forms/forms';
import { useSchemaForm } from '../forms/schema-form';
// Relative: the route's generated types are found beside it (tsconfig rootDirs), not through the ~ alias.
import type { Route } from '../../routes/+types/contact';

const inputClass = 'mt-2 w-full border bg-paper px-3 text-base outline-none transition-colors focus:border-ink';

/**
 * The contact form: a real POST to /contact, checked by the same schema in the browser (on sending, then as a field is
 * typed in) and on the server (the authority). Without JavaScript the page comes back with the thank-you text, or
 * with the field errors and everything typed kept. With it, a wrong field shows its error before anything is
 * sent, the first wrong field gets focus, and a sent form is cleared. A reply the page was served with (a post
 * made before the scripts arrived) is only shown: Conform acts on replies that arrive later, so it never takes
 * the focus from, or clears, a field the visitor is typing in again.
 */
export function ContactForm({ reply }: { reply: Route.ComponentProps['actionData'] }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction === '/contact';
  // The id gives the fields the ids they had before Conform (contact-name, contact-name-error, ...).
  const [form, fields] = useSchemaForm(contactSchema, { id: 'contact', lastResult: reply?.result });
  // A message sent, and nothing refused since (a later try the browser stopped hides the thanks).
  const thanks = reply && 'message' in reply && form.status !== 'error' ? reply.message : null;

  return (
    <Form {...getFormProps(form)} method="post" action="/contact" className="grid gap-6">
      {thanks ? (
        <p role="status" className="border border-ink bg-neutral-50 px-4 py-3 text-sm font-medium">
          {thanks}
        </p>
      ) : null}
      {/* A refusal of the whole form (the hourly cap, decision 0027), or the fields'. It comes when the form is sent
          and goes while a field is typed in, never when one is left, so it moves nothing under a press (decision
          0039). */}
      <FormMessage
        id={form.errorId}
        error={form.status === 'error' ? (form.errors?.[0] ?? 'Please check the highlighted fields.') : undefined}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <Label htmlFor={fields.name.id}>Name</Label>
          <input
            {...getInputProps(fields.name, { type: 'text' })}
            autoComplete="name"
            className={`${inputClass} ${border(fields.name)} h-12`}
          />
          <FieldError field={fields.name} />
        </div>
        <div>
          <Label htmlFor={fields.email.id}>Email</Label>
          <input
            {...getInputProps(fields.email, { type: 'email' })}
            autoComplete="email"
            className={`${inputClass} ${border(fields.email)} h-12`}
          />
          <FieldError field={fields.email} />
        </div>
      </div>
      <div>
        <Label htmlFor={fields.subject.id}>Subject</Label>
        <input
          {...getInputProps(fields.subject, { type: 'text' })}
          className={`${inputClass} ${border(fields.subject)} h-12`}
        />
        <FieldError field={fields.subject} />
      </div>
      <div>
        <Label htmlFor={fields.message.id}>Message</Label>
        <textarea
          {...getTextareaProps(fields.message)}
          rows={6}
          className={`${inputClass} ${border(fields.message)} py-3`}
        />
        <FieldError field={fields.message} />
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

const border = (field: FieldMetadata<string>) => (field.errors ? 'border-sale' : 'border-neutral-300');

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

/** The field's first error: one message per field, with the id its input's aria-describedby names. */
function FieldError({ field }: { field: FieldMetadata<string> }) {
  const error = field.errors?.[0];
  if (!error) return null;
  return (
    <p id={field.errorId} className="mt-2 text-sm text-sale">
      {error}
    </p>
  );
}
