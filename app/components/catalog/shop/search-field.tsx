import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CloseIcon, SearchIcon } from '../../icons';
import { SHOP_FORM_ID } from './use-shop-form';

/**
 * The listing's own search box, part of the filter form (form attribute), so a search keeps the
 * chosen category and price. The current query is shown, with a link that clears only it.
 */
export function SearchField({ q, clearHref }: { q: string; clearHref: string }) {
  const input = useRef<HTMLInputElement>(null);
  // Uncontrolled (it is a plain form field); follow the URL unless the shopper is typing in it.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);
  return (
    <div className="w-full md:max-w-sm">
      <div className="flex items-center border-b border-ink">
        <label htmlFor="shop-search" className="sr-only">
          Search the shop
        </label>
        <SearchIcon className="h-4 w-4 shrink-0 text-muted" />
        <input
          ref={input}
          id="shop-search"
          name="q"
          type="search"
          form={SHOP_FORM_ID}
          defaultValue={q}
          placeholder="Search products..."
          autoComplete="off"
          maxLength={100}
          enterKeyHint="search"
          className="h-11 min-w-0 flex-1 bg-transparent px-3 text-base outline-none placeholder:text-muted [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          form={SHOP_FORM_ID}
          className="h-11 px-1 text-[11px] font-semibold uppercase tracking-[0.2em] hover:text-muted"
        >
          Search
        </button>
      </div>
      {q ? (
        <p className="mt-3 flex items-center gap-3 text-sm">
          <span className="min-w-0 truncate">
            Results for <span className="font-semibold">“{q}”</span>
          </span>
          <Link
            to={clearHref}
            className="inline-flex shrink-0 items-center gap-1 text-[11px] font-semibold uppercase tracking-[0.2em] underline underline-offset-4 hover:text-muted"
          >
            <CloseIcon className="h-3.5 w-3.5" />
            Clear search
          </Link>
        </p>
      ) : null}
    </div>
  );
}
