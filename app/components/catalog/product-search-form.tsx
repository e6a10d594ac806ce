import type { ReactNode } from 'react';
import { Form } from 'react-router';

/**
 * Searching the catalog: a GET to /collections with `q`, so it works before (and without) the scripts. The header's
 * and the 404 page's, each with its own look and button.
 */
export function ProductSearchForm({
  id,
  className,
  inputClassName,
  autoComplete,
  children,
}: {
  id: string;
  className: string;
  inputClassName: string;
  autoComplete?: 'off';
  /** The submit button. */
  children: ReactNode;
}) {
  return (
    <Form method="get" action="/collections" role="search" className={className}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search products..."
        autoComplete={autoComplete}
        maxLength={100}
        className={inputClassName}
      />
      {children}
    </Form>
  );
}
