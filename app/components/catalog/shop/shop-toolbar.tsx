import { useEffect, useRef, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import {
  SORT_LABELS,
  defaultSort,
  sortOptions,
  type ShopContext,
  type ShopState,
  type ShopView,
} from '~/lib/catalog/shop-query';
import { useHydrated } from '~/hooks/use-hydrated';
import { ChevronIcon, GridIcon, ListIcon } from '../../icons';
import { SHOP_FORM_ID } from './use-shop-form';

type Props = {
  state: ShopState;
  context: ShopContext;
  shown: number;
  total: number;
  viewHref: (view: ShopView) => string;
  onSortChange: (event: ChangeEvent<HTMLSelectElement>) => void;
};

/**
 * The row above the grid: the count text of docs/requirements.md#4-what-each-page-shows, the sort select and the
 * grid/list toggle.
 */
export function ShopToolbar({ state, context, shown, total, viewHref, onSortChange }: Props) {
  return (
    <div className="flex flex-col gap-3 border-b border-line pb-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <p role="status" className="text-[11px] uppercase tracking-[0.2em] text-muted">
        {`Showing ${shown} of ${total} products`}
      </p>
      <div className="flex items-center gap-3">
        <SortSelect state={state} context={context} onChange={onSortChange} />
        <ViewToggle view={state.view} viewHref={viewHref} />
      </div>
    </div>
  );
}

type SortProps = {
  state: ShopState;
  context: ShopContext;
  onChange: Props['onSortChange'];
  formId?: string;
};

/**
 * The page's default order is the empty value, so a new search from this page falls back to
 * "Best match" instead of carrying the old default along.
 */
export function SortSelect({ state, context, onChange, formId = SHOP_FORM_ID }: SortProps) {
  const hydrated = useHydrated();
  const fallback = defaultSort(state.q, context);
  const value = state.sort === fallback ? '' : state.sort;
  const select = useRef<HTMLSelectElement>(null);
  // Uncontrolled and never remounted, so focus stays; follows the URL when it changes otherwise.
  useEffect(() => {
    if (select.current) select.current.value = value;
  }, [value, fallback]);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <label
        htmlFor="shop-sort"
        className={`shrink-0 whitespace-nowrap text-[11px] font-semibold uppercase tracking-[0.2em] ${hydrated ? '' : 'max-sm:sr-only'}`}
      >
        Sort by
      </label>
      <div className="relative min-w-0 flex-1">
        <select
          ref={select}
          id="shop-sort"
          name="sort"
          form={formId}
          defaultValue={value}
          onChange={onChange}
          className="h-10 w-full cursor-pointer appearance-none border border-line bg-paper pl-3 pr-9 text-sm outline-none hover:border-ink focus-visible:border-ink sm:w-52"
        >
          {sortOptions(state).map((sort) => (
            <option key={sort === fallback ? '' : sort} value={sort === fallback ? '' : sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <ChevronIcon className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2" />
      </div>
      {hydrated ? null : (
        <button
          type="submit"
          form={formId}
          className="h-10 border border-ink px-3 text-[11px] font-semibold uppercase tracking-[0.2em] hover:bg-ink hover:text-paper"
        >
          Sort
        </button>
      )}
    </div>
  );
}

function ViewToggle({ view, viewHref }: { view: ShopView; viewHref: Props['viewHref'] }) {
  const item = (value: ShopView, label: string, Icon: typeof GridIcon) => (
    <Link
      to={viewHref(value)}
      preventScrollReset
      aria-label={label}
      aria-current={view === value ? 'true' : undefined}
      className={`flex h-10 w-10 items-center justify-center border ${view === value ? 'border-ink bg-ink text-paper' : 'border-line text-ink hover:border-ink'}`}
    >
      <Icon className="h-4 w-4" />
    </Link>
  );
  return (
    <div className="flex shrink-0" role="group" aria-label="Layout">
      {item('grid', 'Grid view', GridIcon)}
      {item('list', 'List view', ListIcon)}
    </div>
  );
}
