import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldError } from '~/components/accounts/fields';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  prefix?: string;
};

/** A labelled input with its hint and error tied to it (aria-describedby), for the admin forms. */
export function AdminField({ id, name, label, error, hint, prefix, className = '', ...input }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium uppercase tracking-widest">
        {label}
      </label>
      <div
        className={`mt-1 flex items-center border bg-paper focus-within:border-ink ${error ? 'border-sale' : 'border-line'}`}
      >
        {prefix ? (
          <span aria-hidden="true" className="pl-3 text-sm text-muted">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-11 w-full min-w-0 bg-transparent px-3 text-base outline-none"
          {...input}
        />
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** An amount in naira: the ₦ before it, and the decimal keypad on phones. */
export function NairaField(props: Omit<Props, 'prefix' | 'inputMode'>) {
  return <AdminField prefix="₦" inputMode="decimal" {...props} />;
}

/**
 * A secondary button of a repeated row (add or remove): a submit button carrying Conform's list intent (`name`,
 * `value`, `form` from form.insert/remove.getButtonProps), so it also works without JavaScript.
 */
export function RowButton({
  name,
  value,
  form,
  children,
  label,
}: {
  name: string;
  value: string;
  form: string;
  children: ReactNode;
  label?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      form={form}
      aria-label={label}
      formNoValidate
      className="h-10 border border-line px-3 text-xs font-medium uppercase tracking-widest hover:border-ink"
    >
      {children}
    </button>
  );
}
