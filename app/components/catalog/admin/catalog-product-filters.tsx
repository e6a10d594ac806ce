/** The product list's search and filters (see crud/filters.tsx): name, category, collection and stock. */
import { PRODUCT_SCREEN } from '~/lib/catalog/admin-catalog';
import { STOCK_FILTERS, hasFilters, type AdminProductQuery } from '~/lib/catalog/admin-catalog-query';
import { CATEGORIES } from '~/lib/catalog/catalog-constants';
import { CrudFilters, FilterSearch, FilterSelect } from '../../admin/crud/filters';

const categoryOptions = [
  { value: '', label: 'All categories' },
  ...CATEGORIES.map((category) => ({ value: category, label: category })),
];
const stockOptions = [{ value: '', label: 'Any stock' }, ...STOCK_FILTERS];

export function CatalogProductFilters({
  query,
  collections,
}: {
  query: AdminProductQuery;
  collections: { id: string; name: string }[];
}) {
  return (
    <CrudFilters
      label="Find products"
      screen={PRODUCT_SCREEN}
      active={hasFilters(query)}
      columnsClass="lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      <FilterSearch name="q" label="Search by name" defaultValue={query.q} maxLength={100} />
      <FilterSelect name="category" label="Category" defaultValue={query.category} options={categoryOptions} />
      <FilterSelect
        name="collection"
        label="Collection"
        defaultValue={query.collection}
        options={[
          { value: '', label: 'All collections' },
          { value: 'none', label: 'No collection' },
          ...collections.map((collection) => ({ value: collection.id, label: collection.name })),
        ]}
      />
      <FilterSelect name="stock" label="Stock" defaultValue={query.stock} options={stockOptions} />
    </CrudFilters>
  );
}
