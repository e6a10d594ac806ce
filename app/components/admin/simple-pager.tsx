import { Link } from 'react-router';

const LINK = 'flex h-11 items-center px-3 text-xs font-semibold uppercase tracking-widest underline underline-offset-4';

/** Previous / page x of y / next, for a list on a page that holds more than one list (each pager named). */
export function SimplePager({
  label,
  page,
  pageCount,
  hrefFor,
}: {
  label: string;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-2 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={LINK} preventScrollReset>
          Previous
        </Link>
      ) : null}
      <span className="text-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={LINK} preventScrollReset>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
