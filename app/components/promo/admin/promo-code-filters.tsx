/** The promo code list's search (see crud/filters.tsx): by code. */
import { PROMO_SCREEN, promoQuery, type PromoQuery } from '~/lib/promo/admin-promo';
import { PROMO_CODE_MAX } from '~/lib/promo/promo';
import { CrudFilters, FilterSearch } from '../../admin/crud/filters';

export function PromoCodeFilters({ query }: { query: PromoQuery }) {
  return (
    <CrudFilters
      label="Find promo codes"
      screen={PROMO_SCREEN}
      active={promoQuery.hasFilters(query)}
      columnsClass="lg:grid-cols-[2fr_auto]"
    >
      <FilterSearch name="q" label="Search by code" defaultValue={query.q} maxLength={PROMO_CODE_MAX} />
    </CrudFilters>
  );
}
