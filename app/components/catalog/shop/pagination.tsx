import { Link } from 'react-router';

type Props = {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
};

/** Page numbers around the current one, the first and the last; gaps become an ellipsis. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const pages = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const [i, p] of pages.entries()) {
    if (i > 0 && p - pages[i - 1] > 1) out.push(p - pages[i - 1] === 2 ? p - 1 : 'gap');
    out.push(p);
  }
  return out;
}

const cell = 'flex h-11 min-w-11 items-center justify-center px-3 text-xs font-semibold uppercase tracking-[0.2em]';

export function Pagination({ page, pageCount, hrefFor }: Props) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-14 flex items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={`${cell} hover:underline`}>
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" className={`${cell} invisible`}>
          Previous
        </span>
      )}
      <ul className="flex items-center gap-1">
        {pageWindow(page, pageCount).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className={`${cell} text-muted`}>
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={`${cell} ${p === page ? 'bg-ink text-paper' : 'hover:bg-neutral-100'}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={`${cell} hover:underline`}>
          Next
        </Link>
      ) : (
        <span aria-hidden="true" className={`${cell} invisible`}>
          Next
        </span>
      )}
    </nav>
  );
}
