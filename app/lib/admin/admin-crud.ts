/**
 * The admin CRUD pattern, pure part: what a screen is called (CrudScreen), its URLs and page titles, the
 * list's state in the URL (filters and page, a GET form, so it works without JavaScript), paging, and the
 * delete post (with its no-JavaScript confirmation step). Shared by the pages and the server.
 *
 * A new admin screen (promo codes, say) uses it like this:
 * 1. `export const PROMO_SCREEN: CrudScreen = { path: '/admin/promo-codes', entity: 'promoCode', one: 'promo code',
 *    many: 'promo codes', messages: { ... } }`: every label, URL, audit action and log key comes from it.
 * 2. `export const promoQuery = defineListQuery({ q: textFilter(100), state: choiceFilter(['active', 'expired']) })`
 *    gives `promoQuery.parse(searchParams)`, `.search(query, { page })` and `.hasFilters(query)`; its type is
 *    `ListQuery<typeof promoQuery>`. The server lists a page with `pageOffset(query.page)` and `listPage(...)`.
 * 3. Its form is one Zod schema here (`promoSchema`, decision 0019): the server parses posts with it (Conform), the
 *    page validates with it before posting and takes the inputs' constraints from it (useAdminForm).
 * 4. The routes take `adminMeta` from here, the server half from
 *    ~/server/admin/crud.server and the components from ~/components/admin/crud/.
 */
import { z } from 'zod';
import { ID_PATTERN } from '../ids';

/** What one admin CRUD screen manages, named once: its URLs, labels, audit names and messages derive from it. */
export type CrudScreen = {
  /** The list's URL; `/new` and `/edit/:id` hang below it. */
  path: string;
  /** The audit log's entity type (`product` gives `product.create`, ...) and the log key (`productId`). */
  entity: string;
  /** Lower case, as in "Add product" and "Delete this product". */
  one: string;
  many: string;
  messages: {
    saveError: string;
    deleteError: string;
    confirmDelete: string;
    saved: string;
    deleted: string;
  };
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The URLs and words every CRUD screen shows, from its CrudScreen. */
export function crudText(screen: CrudScreen) {
  return {
    listPath: screen.path,
    newPath: `${screen.path}/new`,
    editPath: (id: string) => `${screen.path}/edit/${id}`,
    title: capital(screen.many),
    add: `Add ${screen.one}`,
    create: `Create ${screen.one}`,
    edit: `Edit ${screen.one}`,
    all: `← All ${screen.many}`,
    back: `Back to ${screen.many}`,
    deleteThis: `Delete this ${screen.one}`,
    notFound: `${capital(screen.one)} not found.`,
  };
}

/** The `meta` of an admin page: "{title} · Admin Panel", never indexed. */
export const adminMeta = (title: string) => [
  { title: `${title} · Admin Panel` },
  { name: 'robots', content: 'noindex' },
];

// ----- The list: filters and page in the URL -----

export const ADMIN_PAGE_SIZE = 20;
const MAX_PAGE = 10_000;

export const pageCountFor = (total: number, pageSize = ADMIN_PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize));
export const pageOffset = (page: number, pageSize = ADMIN_PAGE_SIZE) => (page - 1) * pageSize;

export type ListPage<Row> = { rows: Row[]; total: number; page: number; pageCount: number };

export const listPage = <Row>(rows: Row[], total: number, page: number, pageSize = ADMIN_PAGE_SIZE): ListPage<Row> => ({
  rows,
  total,
  page,
  pageCount: pageCountFor(total, pageSize),
});

/** A filter reads its raw URL value ('' when absent) and answers the value to use, '' for "all". */
export type Filter<T extends string = string> = (raw: string) => T | '';

/** Free text: trimmed, at most `max` characters. */
export const textFilter =
  (max: number): Filter =>
  (raw) =>
    raw.trim().slice(0, max);

/** One of a fixed list, or '' (all) for anything else. */
export const choiceFilter =
  <T extends string>(values: readonly T[]): Filter<T> =>
  (raw) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : '';

type Filters = Record<string, Filter>;
export type ListQueryOf<F extends Filters> = { [K in keyof F]: ReturnType<F[K]> } & { page: number };
export type ListQuery<D> = D extends { parse: (params: URLSearchParams) => infer Q } ? Q : never;

/**
 * A list's query from its filters, in the order they appear in the URL: parse never throws (an unknown or
 * malformed value means "all", a bad page means 1), and search writes only what differs from the default.
 */
export function defineListQuery<F extends Filters>(filters: F) {
  type Query = ListQueryOf<F>;
  const names = Object.keys(filters) as (keyof F & string)[];
  return {
    parse(params: URLSearchParams): Query {
      const query: Record<string, unknown> = {};
      for (const name of names) query[name] = filters[name](params.get(name) ?? '');
      const page = Number(params.get('page') ?? '');
      query.page = Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
      return query as Query;
    },
    /** The query string (with '?', or '' when everything is default) for the list with some values changed. */
    search(query: Query, changes: Partial<Query> = {}): string {
      const next = { ...query, ...changes };
      const params = new URLSearchParams();
      for (const name of names) if (next[name]) params.set(name, String(next[name]));
      if (next.page > 1) params.set('page', String(next.page));
      const text = params.toString();
      return text ? `?${text}` : '';
    },
    hasFilters: (query: Query) => names.some((name) => Boolean(query[name])),
  };
}

/** The form's `intent` (the submit button pressed); `fallback` when it has none (Enter in some browsers). */
export const postedIntent = (form: FormData, fallback = 'save') => {
  const intent = form.get('intent');
  return typeof intent === 'string' ? intent : fallback;
};

// ----- Delete, confirmed first (docs/requirements.md#13-forms-and-validation) -----

/**
 * The delete buttons' post (lists and edit pages): which record, confirmed or not, and the list to return to. A post
 * failing on `intent` is no delete at all (400); one failing on `id` names no record (404).
 */
export const deleteSchema = z.object({
  intent: z.literal('delete'),
  id: z.string().regex(ID_PATTERN),
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === 'yes'),
  back: z
    .string()
    .optional()
    .transform((value = '') => value.slice(0, 500)),
});
export type DeleteForm = z.output<typeof deleteSchema>;

/** The list at `search` (its query string, '?…' or '') with one more parameter: `confirm={id}` or `deleted=1`. */
export const listUrlWith = (path: string, search: string, param: string) =>
  `${path}${search ? `${search}&` : '?'}${param}`;
