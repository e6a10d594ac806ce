/** The product list's search and filters: a plain GET form, so it works (and can be bookmarked) without JavaScript. */
import { Form, Link } from 'react-router';
import { STOCK_FILTERS, hasFilters, type AdminProductQuery } from '~/lib/admin-catalog-query';
import { CATEGORIES } from '~/lib/catalog-constants';

const label = 'block text-xs font-medium uppercase tracking-widest';
const box = 'mt-2 h-11 w-full border border-line bg-paper px-3 text-base outline-none focus:border-ink';

export function CatalogProductFilters({
  query,
  collections,
}: {
  query: AdminProductQuery;
  collections: { id: string; name: string }[];
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Find products"
      className="grid gap-4 border border-line p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      <div>
        <label htmlFor="filter-q" className={label}>
          Search by name
        </label>
        <input id="filter-q" type="search" name="q" defaultValue={query.q} maxLength={100} className={box} />
      </div>
      <div>
        <label htmlFor="filter-category" className={label}>
          Category
        </label>
        <select id="filter-category" name="category" defaultValue={query.category} className={box}>
          <option value="">All categories</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-collection" className={label}>
          Collection
        </label>
        <select id="filter-collection" name="collection" defaultValue={query.collection} className={box}>
          <option value="">All collections</option>
          <option value="none">No collection</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-stock" className={label}>
          Stock
        </label>
        <select id="filter-stock" name="stock" defaultValue={query.stock} className={box}>
          <option value="">Any stock</option>
          {STOCK_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-3">
        <button type="submit" className="h-11 bg-ink px-5 text-xs font-medium uppercase tracking-widest text-paper">
          Apply
        </button>
        {hasFilters(query) ? (
          <Link to="/admin/products" className="py-3 text-xs uppercase tracking-widest underline underline-offset-4">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
