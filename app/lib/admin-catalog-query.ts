/**
 * The admin product list's state in the URL (a GET form, so it works without JavaScript) and the stock
 * summary each row shows. Parsing never throws: an unknown or malformed value falls back to "all".
 */
import { CATEGORIES, type Category } from './catalog-constants';
import { isId } from './ids';

export const ADMIN_PAGE_SIZE = 20;
/** A tracked variant at or below this many units counts as low stock. */
export const LOW_STOCK_THRESHOLD = 5;
const MAX_QUERY_LENGTH = 100;
const MAX_PAGE = 10_000;

export const STOCK_FILTERS = [
  { value: 'in-stock', label: 'In stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'sold-out', label: 'Sold out' },
] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number]['value'];

export type AdminProductQuery = {
  q: string;
  category: Category | '';
  collection: string;
  stock: StockFilter | '';
  page: number;
};

const first = (params: URLSearchParams, name: string) => params.get(name) ?? '';

export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const category = first(params, 'category');
  const collection = first(params, 'collection');
  const stock = first(params, 'stock');
  const page = Number(first(params, 'page'));
  return {
    q: first(params, 'q').trim().slice(0, MAX_QUERY_LENGTH),
    category: (CATEGORIES as readonly string[]).includes(category) ? (category as Category) : '',
    collection: isId(collection) || collection === 'none' ? collection : '',
    stock: STOCK_FILTERS.some((f) => f.value === stock) ? (stock as StockFilter) : '',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The query string (with '?', or '' when everything is default) for the list with some values changed. */
export function adminProductSearch(query: AdminProductQuery, changes: Partial<AdminProductQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.category) params.set('category', next.category);
  if (next.collection) params.set('collection', next.collection);
  if (next.stock) params.set('stock', next.stock);
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const hasFilters = (query: AdminProductQuery) =>
  Boolean(query.q || query.category || query.collection || query.stock);

export const pageCountFor = (total: number, pageSize = ADMIN_PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize));

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
