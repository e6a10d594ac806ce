/**
 * A list's search and filters: a plain GET form, so it works (and can be bookmarked) without JavaScript.
 * Each input's name is its key in the list's query (defineListQuery in ~/lib/admin-crud), so the loader's
 * `parse(searchParams)` reads what the form sends.
 *
 * A new admin screen (promo codes, say) passes, as CrudListPage's `filters`:
 * `<CrudFilters label="Find promo codes" screen={PROMO_SCREEN} active={promoQuery.hasFilters(query)}
 *   columnsClass="lg:grid-cols-[2fr_1fr_auto]">` with a `<FilterSearch name="q" …/>` and
 * `<FilterSelect name="state" options={[{ value: '', label: 'Any state' }, …]} …/>` per filter.
 */
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { crudText, type CrudScreen } from '~/lib/admin/admin-crud';

const labelClass = 'block text-xs font-medium uppercase tracking-widest';
const boxClass = 'mt-2 h-11 w-full border border-line bg-paper px-3 text-base outline-none focus:border-ink';

export function CrudFilters({
  label,
  screen,
  active,
  columnsClass,
  children,
}: {
  /** The search landmark's name, e.g. "Find products". */
  label: string;
  screen: CrudScreen;
  /** Whether any filter is set: then a Clear link shows. */
  active: boolean;
  /** A literal Tailwind class for wide screens, one column per filter and one for the buttons. */
  columnsClass: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className={`grid gap-4 border border-line p-4 sm:grid-cols-2 ${columnsClass}`}
    >
      {children}
      <div className="flex items-end gap-3">
        <button type="submit" className="h-11 bg-ink px-5 text-xs font-medium uppercase tracking-widest text-paper">
          Apply
        </button>
        {active ? (
          <Link
            to={crudText(screen).listPath}
            className="py-3 text-xs uppercase tracking-widest underline underline-offset-4"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function FilterSearch({
  name,
  label,
  defaultValue,
  maxLength,
}: {
  name: string;
  label: string;
  defaultValue: string;
  maxLength: number;
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`filter-${name}`}
        type="search"
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        className={boxClass}
      />
    </div>
  );
}

/** A select of one filter; its first option is usually `{ value: '', label: 'All …' }`. */
export function FilterSelect({
  name,
  label,
  defaultValue,
  options,
}: {
  name: string;
  label: string;
  defaultValue: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={defaultValue} className={boxClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
