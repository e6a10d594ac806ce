/**
 * The shop listing's state lives in the URL query, so every view can be shared and works without
 * JavaScript. Parsing never throws: anything unexpected (unknown values, repeated keys, huge
 * strings, odd page numbers) falls back to the default for that key.
 */
import { CATEGORIES, COLOUR_NAME_MAX, type Category } from './catalog-constants';

export type PriceBandId = 'all' | 'under-10k' | '10k-25k' | '25k-50k' | 'over-50k';
export type ShopSort = 'name' | 'price-asc' | 'price-desc' | 'newest' | 'relevance';
export type ShopView = 'grid' | 'list';

export type ShopState = {
  q: string;
  category: Category | null;
  /** A colour products use (decision 0034), as typed in the URL; matched without case. */
  colour: string | null;
  /** A size products are sold in, from any size set (decision 0034): `size=42`; matched without case. */
  size: string | null;
  price: PriceBandId;
  /** Only products on sale (a compare-at price, decision 0034): `sale=1`, the shop's Sale listing. */
  sale: boolean;
  sort: ShopSort;
  view: ShopView;
  page: number;
};

/** What differs between /collections (name first) and /new-arrivals (newest first). */
export type ShopContext = { defaultSort: 'name' | 'newest' };
export const COLLECTIONS_CONTEXT: ShopContext = { defaultSort: 'name' };
export const NEW_ARRIVALS_CONTEXT: ShopContext = { defaultSort: 'newest' };

export type PriceBand = { id: Exclude<PriceBandId, 'all'>; label: string; min?: number; max?: number };

/**
 * The price filters of docs/requirements.md#15-limits-and-constants, in kobo, both bounds INCLUSIVE. The words of the
 * spec decide the edges: "under ₦10,000" excludes ₦10,000 and "over ₦50,000" excludes ₦50,000; where two
 * labels share ₦25,000 it goes to the higher band. So every price falls in exactly one band.
 */
export const PRICE_BANDS: readonly PriceBand[] = [
  { id: 'under-10k', label: 'Under ₦10,000', max: 9_999_99 },
  { id: '10k-25k', label: '₦10,000 - ₦25,000', min: 10_000_00, max: 24_999_99 },
  { id: '25k-50k', label: '₦25,000 - ₦50,000', min: 25_000_00, max: 50_000_00 },
  { id: 'over-50k', label: 'Over ₦50,000', min: 50_000_01 },
];

export const SORT_LABELS: Record<ShopSort, string> = {
  name: 'Name',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  newest: 'Newest',
  relevance: 'Best match',
};

/** The header search field allows 100 characters; anything longer did not come from our pages. */
export const MAX_QUERY_LENGTH = 100;
/** Far beyond the last page of a big catalog; keeps OFFSET small even for hostile URLs. */
export const MAX_PAGE = 10_000;

const SORTS = Object.keys(SORT_LABELS) as ShopSort[];
const BAND_IDS = PRICE_BANDS.map((band) => band.id);

/** Sort choices offered on a page: "Best match" only makes sense while searching. */
export function sortOptions(state: Pick<ShopState, 'q'>): ShopSort[] {
  return state.q ? SORTS : SORTS.filter((sort) => sort !== 'relevance');
}

export function defaultSort(q: string, context: ShopContext): ShopSort {
  return q ? 'relevance' : context.defaultSort;
}

export function priceBand(id: PriceBandId): PriceBand | undefined {
  return PRICE_BANDS.find((band) => band.id === id);
}

/** URL value of a category: lower case ("outerwear"). */
export const categorySlug = (category: Category) => category.toLowerCase();

type QueryInput = URLSearchParams | string | Record<string, unknown> | null | undefined;

/** One value per key or nothing: a repeated key or a non-string is treated as absent. */
function reader(input: QueryInput): (key: string) => string | undefined {
  if (input == null) return () => undefined;
  if (typeof input === 'string' || input instanceof URLSearchParams) {
    let params: URLSearchParams;
    try {
      params = typeof input === 'string' ? new URLSearchParams(input) : input;
    } catch {
      return () => undefined;
    }
    return (key) => {
      const values = params.getAll(key);
      return values.length === 1 ? values[0] : undefined;
    };
  }
  if (typeof input !== 'object') return () => undefined;
  return (key) => {
    const value = Object.prototype.hasOwnProperty.call(input, key) ? input[key] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Trimmed, single-spaced, without control characters or broken UTF-16; '' when absurdly long. */
export function cleanQuery(raw: string | undefined): string {
  if (!raw || raw.length > MAX_QUERY_LENGTH * 4) return '';
  const text = raw
    .replace(LONE_SURROGATE, '')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_QUERY_LENGTH ? '' : text;
}

function parseCategory(raw: string | undefined): Category | null {
  if (!raw || raw.length > 40) return null;
  const wanted = raw.trim().toLowerCase();
  return CATEGORIES.find((category) => category.toLowerCase() === wanted) ?? null;
}

/** A colour's name as the filter links write it: at most COLOUR_NAME_MAX characters, else none. */
function parseColour(raw: string | undefined): string | null {
  const colour = cleanQuery(raw);
  return colour && colour.length <= COLOUR_NAME_MAX ? colour : null;
}

/** The longest size a size set holds (docs/requirements.md#15-limits-and-constants). */
export const SIZE_FILTER_MAX = 20;

/** A size as the filter links write it: at most SIZE_FILTER_MAX characters, else none. */
function parseSize(raw: string | undefined): string | null {
  const size = cleanQuery(raw);
  return size && size.length <= SIZE_FILTER_MAX ? size : null;
}

function parsePage(raw: string | undefined): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

function oneOf<T extends string>(raw: string | undefined, allowed: readonly T[], fallback: T): T {
  return raw !== undefined && (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback;
}

export function parseShopQuery(input: QueryInput, context: ShopContext = COLLECTIONS_CONTEXT): ShopState {
  const get = reader(input);
  const q = cleanQuery(get('q'));
  const state: ShopState = {
    q,
    category: parseCategory(get('category')),
    colour: parseColour(get('colour')),
    size: parseSize(get('size')),
    price: oneOf(get('price'), BAND_IDS, 'all'),
    sale: get('sale') === '1',
    sort: oneOf(get('sort'), sortOptions({ q }), defaultSort(q, context)),
    view: oneOf(get('view'), ['grid', 'list'] as const, 'grid'),
    page: parsePage(get('page')),
  };
  return state;
}

/** The state after a change. Changing what is listed (search, filters, sort) goes back to page 1. */
export function withChange(
  state: ShopState,
  change: Partial<ShopState>,
  context: ShopContext = COLLECTIONS_CONTEXT,
): ShopState {
  const next = { ...state, ...change };
  const listingChanged = (['q', 'category', 'colour', 'size', 'price', 'sale', 'sort'] as const).some(
    (key) => key in change && change[key] !== state[key],
  );
  if (listingChanged && !('page' in change)) next.page = 1;
  next.q = cleanQuery(next.q);
  if (!sortOptions(next).includes(next.sort)) next.sort = defaultSort(next.q, context);
  return next;
}

type ParamOptions = { keepView?: boolean; keepPage?: boolean };

/** The canonical query for a state: fixed key order, defaults left out. */
export function shopSearchParams(
  state: ShopState,
  context: ShopContext = COLLECTIONS_CONTEXT,
  { keepView = true, keepPage = true }: ParamOptions = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', categorySlug(state.category));
  if (state.colour) params.set('colour', state.colour);
  if (state.size) params.set('size', state.size);
  if (state.price !== 'all') params.set('price', state.price);
  if (state.sale) params.set('sale', '1');
  if (state.sort !== defaultSort(state.q, context)) params.set('sort', state.sort);
  if (keepView && state.view !== 'grid') params.set('view', state.view);
  if (keepPage && state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A link to the listing at `pathname` showing `state` with `change` applied. */
export function shopHref(
  pathname: string,
  state: ShopState,
  change: Partial<ShopState> = {},
  context: ShopContext = COLLECTIONS_CONTEXT,
): string {
  const query = shopSearchParams(withChange(state, change, context), context).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** True when the state narrows the catalog (so the empty state offers "clear filters"). */
export function isFiltered(state: ShopState): boolean {
  return Boolean(state.q || state.category || state.colour || state.size || state.price !== 'all' || state.sale);
}

export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
