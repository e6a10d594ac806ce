/**
 * Form inputs of the catalog forms beyond the account forms' TextField: text area, select, checkboxes, and
 * the name and description both the product and the collection have, each from its Conform field.
 */
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldError, TextField } from '~/components/accounts/fields';
import { fieldProps, type FieldState } from '../../admin/admin-form';

const labelClass = 'block text-xs font-medium uppercase tracking-widest';
const boxClass = (error?: string) =>
  `mt-2 w-full border bg-paper px-3 text-base outline-none focus:border-ink ${error ? 'border-sale' : 'border-line'}`;

type Described = { name: string; label: string; error?: string; hint?: string };

const describedBy = (id: string, error?: string, hint?: string) =>
  [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

export function TextAreaField({
  name,
  label,
  error,
  hint,
  id = name,
  ...rest
}: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${boxClass(error)} py-2`}
        {...rest}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  error,
  hint,
  id = name,
  children,
  ...rest
}: Described & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${boxClass(error)} h-12`}
        {...rest}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  checked,
  defaultChecked,
  hint,
}: {
  name: string;
  label: string;
  checked?: boolean;
  defaultChecked?: boolean;
  hint?: string;
}) {
  return (
    <div className="flex items-start gap-3">
      {/* No value: a ticked box posts 'on', which is how Conform reads and shows a checkbox. */}
      <input
        id={name}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        checked={checked}
        aria-describedby={hint ? `${name}-hint` : undefined}
        className="mt-1 h-4 w-4 accent-ink"
      />
      <div>
        <label htmlFor={name} className="text-sm">
          {label}
        </label>
        {hint ? (
          <p id={`${name}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** One tick box and its label, drawn as a tile; a long name wraps inside it rather than widen the page at 320 px. */
const tickTileClass =
  'flex min-w-0 cursor-pointer items-center gap-2 border border-line px-3 py-2 text-sm wrap-anywhere has-[:checked]:border-ink';

/**
 * A plain group of tick boxes posting `name` once per ticked value, ticked as the form last had them (a promo code's
 * collections and categories, a delivery zone's states).
 */
export function TickBoxes({
  name,
  legend,
  hint,
  options,
  chosen,
  error,
}: {
  name: string;
  legend: string;
  hint: string;
  options: readonly { value: string; label: string }[];
  chosen: string[];
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : `${name}-hint`}>
      <legend className={labelClass}>{legend}</legend>
      <p id={`${name}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option.value} className={tickTileClass}>
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={chosen.includes(option.value)}
              className="h-4 w-4 accent-ink"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  );
}

/** Checkboxes for some of a fixed list (sizes, colours), controlled so the stock grid can follow them. */
export function CheckboxGroup({
  name,
  legend,
  options,
  chosen,
  onToggle,
  error,
  swatch,
}: {
  name: string;
  legend: string;
  options: readonly string[];
  /** A colour's swatch, shown beside its name. */
  swatch?: (option: string) => string | undefined;
  chosen: string[];
  onToggle: (value: string, on: boolean) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option} className={tickTileClass}>
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={chosen.includes(option)}
              onChange={(event) => onToggle(option, event.target.checked)}
              className="h-4 w-4 accent-ink"
            />
            {swatch ? (
              <span
                aria-hidden="true"
                className="h-4 w-4 rounded-full border border-neutral-300"
                style={{ backgroundColor: swatch(option) }}
              />
            ) : null}
            {option}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  );
}

/** The record's name (required, at most NAME_MAX characters: its schema says so). */
export function NameField({ field }: { field: FieldState }) {
  return <TextField label="Name" {...fieldProps(field)} />;
}

/** The record's description (required, at most DESCRIPTION_MAX characters: its schema says so). */
export function DescriptionField({ field }: { field: FieldState }) {
  return <TextAreaField label="Description" {...fieldProps(field)} />;
}
