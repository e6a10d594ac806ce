/** Inputs of the account forms: a visible label, the error under the input tied to it for screen readers. */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { name: string; label: string; error?: string };

export function TextField({ name, label, error, id = name, className = '', ...input }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium uppercase tracking-widest">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-2 h-12 w-full border bg-paper px-3 text-base outline-none focus:border-ink ${error ? 'border-sale' : 'border-line'}`}
        {...input}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's own error, tied to its input through aria-describedby={id}. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-sale">
      {error}
    </p>
  ) : null;
}

/**
 * The form-level message: an error (role=alert, read out at once) or a confirmation (role=status). `id` is the one
 * the form's aria-describedby names while it has an error (Conform's form.errorId).
 */
export function FormMessage({ error, success, id }: { error?: string; success?: string; id?: string }) {
  if (error) {
    return (
      <p id={id} role="alert" className="wrap-anywhere border border-sale px-4 py-3 text-sm text-sale">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      // wrap-anywhere: a message naming a long email address wraps at 320 px rather than widen the page (WCAG 1.4.10).
      <p role="status" className="wrap-anywhere border border-ink px-4 py-3 text-sm">
        {success}
      </p>
    );
  }
  return null;
}

export function SubmitButton({
  children,
  busy,
  name,
  value,
}: {
  children: ReactNode;
  busy?: boolean;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      className="h-12 w-full bg-ink px-6 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60"
    >
      {children}
    </button>
  );
}

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="container-page flex justify-center py-12 md:py-20">
      <div className="w-full max-w-md">
        <h1 className="text-center text-2xl font-semibold uppercase tracking-[0.2em]">{title}</h1>
        {intro ? <div className="mt-3 text-center text-sm text-muted">{intro}</div> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** Where a password page ends (a link sent, a link no longer good): what happened, and a plain link on. */
export function OutcomeWithLink({
  error,
  success,
  to,
  children,
}: {
  error?: string;
  success?: string;
  to: string;
  children: string;
}) {
  return (
    <div className="space-y-6">
      <FormMessage error={error} success={success} />
      <Link to={to} className="block text-center text-sm underline underline-offset-4">
        {children}
      </Link>
    </div>
  );
}
