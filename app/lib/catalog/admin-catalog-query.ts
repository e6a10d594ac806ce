/**
 * The admin product list's state in the URL (a GET form, so it works without JavaScript) and the stock
 * summary each row shows. Parsing never throws: an unknown or malformed value falls back to "all".
 */
import {
  ADMIN_PAGE_SIZE,
  choiceFilter,
  defineListQuery,
  pageCountFor,
  textFilter,
  type ListQuery,
} from '../admin/admin-crud';
import { CATEGORIES } from './catalog-constants';
import type { StoredImage } from '../images';
import { isId } from '../ids';

export { ADMIN_PAGE_SIZE, pageCountFor };
/** A tracked variant at or below this many units counts as low stock. */
export const LOW_STOCK_THRESHOLD = 5;

export const STOCK_FILTERS = [
  { value: 'in-stock', label: 'In stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'sold-out', label: 'Sold out' },
] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number]['value'];

/** The product list's filters, in URL order (see defineListQuery in admin-crud.ts). */
export const adminProductQuery = defineListQuery({
  q: textFilter(100),
  category: choiceFilter(CATEGORIES),
  collection: (raw: string) => (isId(raw) || raw === 'none' ? raw : ''),
  stock: choiceFilter(STOCK_FILTERS.map((filter) => filter.value)),
});

export type AdminProductQuery = ListQuery<typeof adminProductQuery>;

export const parseAdminProductQuery = adminProductQuery.parse;
/** The query string (with '?', or '' when everything is default) for the list with some values changed. */
export const adminProductSearch = adminProductQuery.search;
export const hasFilters = adminProductQuery.hasFilters;

/** A row of /admin/products, as the server lists it and the table shows it. */
export type AdminProductRow = {
  id: string;
  name: string;
  /** At most 51 characters: enough for the list to cut at 50 and show that it did. */
  description: string;
  price: number;
  category: string;
  collectionName: string | null;
  featured: boolean;
  createdAt: string;
  image: StoredImage | null;
  stock: StockFigures;
};

/**
 * Stock figures of one product: `tracked` variants (cells of its size × colour grid with a number),
 * their `units` in total, and `cells` in the grid (untracked cells can always be bought).
 */
export type StockFigures = { inStock: boolean; tracked: number; units: number; cells: number };

const plural = (n: number, word: string) => `${n.toLocaleString('en-NG')} ${word}${n === 1 ? '' : 's'}`;

export function isSoldOut({ inStock, tracked, units, cells }: StockFigures): boolean {
  return !inStock || (tracked > 0 && tracked >= cells && units === 0);
}

/** "12 in stock across 6 variants", "Not tracked", "Sold out", "Marked out of stock". */
export function stockSummary(figures: StockFigures): string {
  const { inStock, tracked, units, cells } = figures;
  if (!inStock) return 'Marked out of stock';
  if (tracked === 0) return 'Not tracked';
  if (isSoldOut(figures)) return 'Sold out';
  const text = `${units.toLocaleString('en-NG')} in stock across ${plural(tracked, 'variant')}`;
  return tracked < cells ? `${text}; ${plural(cells - tracked, 'other')} not tracked` : text;
}
