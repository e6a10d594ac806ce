import { useEffect, useRef, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { CATEGORIES, type Category } from '~/lib/catalog/catalog-constants';
import type { ColourSwatch } from '~/lib/catalog/colours';
import { PRICE_BANDS, categorySlug, type PriceBandId, type ShopState } from '~/lib/catalog/shop-query';
import { useHydrated } from '~/hooks/use-hydrated';
import { ChevronIcon } from '../../icons';

type Props = {
  state: ShopState;
  categories: { category: string; count: number }[];
  /** The colours the listed products use, with their swatches (decision 0034). */
  colours: (ColourSwatch & { count: number })[];
  /** The sizes the listed products are sold in, from every size set, in the sets' order (decision 0034). */
  sizes: { size: string; count: number }[];
  priceCounts: Record<PriceBandId, number>;
  /** Products on sale under the other filters (decision 0034). */
  onSale: number;
  /** Where "Clear all" leads: the listing with no filters (search and view kept). */
  clearHref: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

/**
 * Category (the categories present), colour (those the products use, decision 0034) and price band as radio groups. One <details> serves both
 * sizes: a collapsible panel on phones; from md up it is always shown (::details-content) and its
 * summary hidden, where the browser supports that.
 */
export function FilterPanel(props: Props) {
  const { state, categories, colours, sizes, priceCounts, onSale, clearHref, onChange } = props;
  const hydrated = useHydrated();
  const panel = useRef<HTMLDivElement>(null);
  // The radios are uncontrolled and never remounted (a remount would drop keyboard focus), so
  // when the URL changes by other means (a link, Back) they are set to match it here.
  useEffect(() => {
    for (const input of panel.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? []) {
      input.checked =
        input.name === 'price'
          ? input.value === state.price
          : input.name === 'colour'
            ? input.value.toLowerCase() === (state.colour ?? '').toLowerCase()
            : input.name === 'size'
              ? input.value.toLowerCase() === (state.size ?? '').toLowerCase()
              : input.value === (state.category ? categorySlug(state.category) : '');
    }
    const sale = panel.current?.querySelector<HTMLInputElement>('input[name="sale"]');
    if (sale) sale.checked = state.sale;
  }, [state.category, state.colour, state.size, state.price, state.sale]);
  const active = [state.category, state.colour, state.size, state.price !== 'all', state.sale].filter(Boolean).length;
  const allCount = categories.reduce((sum, c) => sum + c.count, 0);
  return (
    <details className="group/filters border-y border-line md:border-0 md:[&::details-content]:block md:[&::details-content]:[content-visibility:visible]">
      <summary className="flex h-12 items-center justify-between text-xs font-semibold uppercase tracking-[0.2em] md:supports-[selector(::details-content)]:hidden">
        <span>
          Filters
          {active ? <span className="ml-2 font-normal text-muted">({active} active)</span> : null}
        </span>
        <ChevronIcon className="h-4 w-4 transition-transform group-open/filters:rotate-180" />
      </summary>
      <div ref={panel} className="space-y-8 pb-6 pt-2 md:pt-0">
        <fieldset>
          <legend className="mb-3 text-[11px] font-semibold uppercase tracking-[0.25em]">Offers</legend>
          <ul className="space-y-1">
            <Option
              type="checkbox"
              name="sale"
              value="1"
              label="On sale"
              count={onSale}
              checked={state.sale}
              onChange={onChange}
            />
          </ul>
        </fieldset>
        <fieldset>
          <legend className="mb-3 text-[11px] font-semibold uppercase tracking-[0.25em]">Category</legend>
          <ul className="space-y-1">
            <Option
              name="category"
              value=""
              label="All categories"
              count={allCount}
              checked={!state.category}
              onChange={onChange}
            />
            {categories.map(({ category, count }) => (
              <Option
                key={category}
                name="category"
                value={isCategory(category) ? categorySlug(category) : category}
                label={category}
                count={count}
                checked={state.category === category}
                onChange={onChange}
              />
            ))}
          </ul>
        </fieldset>
        {colours.length ? (
          <fieldset>
            <legend className="mb-3 text-[11px] font-semibold uppercase tracking-[0.25em]">Colour</legend>
            <ul className="space-y-1">
              <Option
                name="colour"
                value=""
                label="All colours"
                count={null}
                checked={!state.colour}
                onChange={onChange}
              />
              {colours.map(({ name, swatch, count }) => (
                <Option
                  key={name}
                  name="colour"
                  value={name}
                  label={name}
                  swatch={swatch}
                  count={count}
                  checked={name.toLowerCase() === state.colour?.toLowerCase()}
                  onChange={onChange}
                />
              ))}
            </ul>
          </fieldset>
        ) : null}
        {sizes.length ? (
          <fieldset>
            <legend className="mb-3 text-[11px] font-semibold uppercase tracking-[0.25em]">Size</legend>
            <ul className="space-y-1">
              <Option name="size" value="" label="All sizes" count={null} checked={!state.size} onChange={onChange} />
              {sizes.map(({ size, count }) => (
                <Option
                  key={size}
                  name="size"
                  value={size}
                  label={size}
                  count={count}
                  checked={size.toLowerCase() === state.size?.toLowerCase()}
                  onChange={onChange}
                />
              ))}
            </ul>
          </fieldset>
        ) : null}
        <fieldset>
          <legend className="mb-3 text-[11px] font-semibold uppercase tracking-[0.25em]">Price</legend>
          <ul className="space-y-1">
            <Option
              name="price"
              value="all"
              label="All prices"
              count={priceCounts.all}
              checked={state.price === 'all'}
              onChange={onChange}
            />
            {PRICE_BANDS.map((band) => (
              <Option
                key={band.id}
                name="price"
                value={band.id}
                label={band.label}
                count={priceCounts[band.id]}
                checked={state.price === band.id}
                onChange={onChange}
              />
            ))}
          </ul>
        </fieldset>
        <div className="flex items-center gap-5">
          {/* With JavaScript every change applies at once; without it, this button submits. */}
          {hydrated ? null : (
            <button
              type="submit"
              className="h-11 bg-ink px-6 text-[11px] font-semibold uppercase tracking-[0.2em] text-paper hover:bg-neutral-800"
            >
              Apply filters
            </button>
          )}
          {active ? (
            <Link
              to={clearHref}
              preventScrollReset
              className="text-[11px] font-semibold uppercase tracking-[0.2em] underline underline-offset-4 hover:text-muted"
            >
              Clear all
            </Link>
          ) : null}
        </div>
      </div>
    </details>
  );
}

type OptionProps = {
  /** A radio of a group, or a checkbox on its own (On sale). */
  type?: 'radio' | 'checkbox';
  name: string;
  value: string;
  label: string;
  /** Null where no count is shown ("All colours", "All sizes": a product may come in several). */
  count: number | null;
  /** A colour's swatch beside its name. */
  swatch?: string;
  checked: boolean;
  onChange: Props['onChange'];
};

function Option({ type = 'radio', name, value, label, count, swatch, checked, onChange }: OptionProps) {
  const id = `filter-${name}-${value.replace(/\s+/g, '-') || 'all'}`;
  return (
    <li>
      <label
        htmlFor={id}
        className={`flex min-h-9 cursor-pointer items-center gap-3 text-sm ${count === 0 && !checked ? 'text-muted' : ''}`}
      >
        <input
          id={id}
          type={type}
          name={name}
          value={value}
          defaultChecked={checked}
          onChange={onChange}
          className="peer h-4 w-4 shrink-0 accent-ink"
        />
        {swatch ? (
          <span
            aria-hidden="true"
            className="h-4 w-4 shrink-0 rounded-full border border-neutral-300"
            style={{ backgroundColor: swatch }}
          />
        ) : null}
        <span className="flex-1 peer-checked:font-semibold">{label}</span>
        {count === null ? null : (
          <span className="text-xs tabular-nums text-muted">
            <span className="sr-only">(</span>
            {count}
            <span className="sr-only">)</span>
          </span>
        )}
      </label>
    </li>
  );
}
