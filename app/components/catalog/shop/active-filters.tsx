import { Link } from 'react-router';
import { priceBand, type ShopState } from '~/lib/catalog/shop-query';
import { CloseIcon } from '../../icons';

type Props = { state: ShopState; hrefWithout: (change: Partial<ShopState>) => string };

/**
 * The filters in force as removable chips, so they stay visible while the phone panel is closed.
 * (The search has its own "Clear search" beside the search box.)
 */
export function ActiveFilters({ state, hrefWithout }: Props) {
  const chips = [
    state.category
      ? { label: state.category, href: hrefWithout({ category: null }), remove: `Remove filter ${state.category}` }
      : null,
    state.colour
      ? { label: state.colour, href: hrefWithout({ colour: null }), remove: `Remove filter ${state.colour}` }
      : null,
    state.size
      ? { label: `Size ${state.size}`, href: hrefWithout({ size: null }), remove: `Remove filter size ${state.size}` }
      : null,
    state.price !== 'all'
      ? {
          label: priceBand(state.price)?.label ?? '',
          href: hrefWithout({ price: 'all' }),
          remove: `Remove filter ${priceBand(state.price)?.label}`,
        }
      : null,
    state.sale ? { label: 'On sale', href: hrefWithout({ sale: false }), remove: 'Remove filter On sale' } : null,
  ].filter((chip) => chip !== null);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="mt-4 flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.href}>
          <Link
            to={chip.href}
            preventScrollReset
            aria-label={chip.remove}
            className="inline-flex h-8 max-w-64 items-center gap-2 border border-line px-3 text-xs hover:border-ink"
          >
            <span className="truncate">{chip.label}</span>
            <CloseIcon className="h-3 w-3 shrink-0" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
