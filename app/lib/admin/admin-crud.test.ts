import { describe, expect, it } from 'vitest';
import {
  adminMeta,
  choiceFilter,
  crudText,
  defineListQuery,
  listPage,
  listUrlWith,
  pageOffset,
  postedIntent,
  textFilter,
  type CrudScreen,
  type ListQuery,
} from './admin-crud';

const screen: CrudScreen = {
  path: '/admin/promo-codes',
  entity: 'promoCode',
  one: 'promo code',
  many: 'promo codes',
  messages: { saveError: 's', deleteError: 'd', confirmDelete: 'c', saved: 'ok', deleted: 'gone' },
};

const promoQuery = defineListQuery({ q: textFilter(10), state: choiceFilter(['active', 'expired'] as const) });
type PromoQuery = ListQuery<typeof promoQuery>;
const parse = (search: string) => promoQuery.parse(new URLSearchParams(search));

describe('crudText', () => {
  it('derives the URLs and words of a screen', () => {
    const text = crudText(screen);
    expect(text).toMatchObject({
      listPath: '/admin/promo-codes',
      newPath: '/admin/promo-codes/new',
      title: 'Promo codes',
      add: 'Add promo code',
      create: 'Create promo code',
      edit: 'Edit promo code',
      all: '← All promo codes',
      back: 'Back to promo codes',
      deleteThis: 'Delete this promo code',
      notFound: 'Promo code not found.',
    });
    expect(text.editPath('abc')).toBe('/admin/promo-codes/edit/abc');
  });

  it('names admin pages and keeps an action’s headers over the loader’s', () => {
    expect(adminMeta('Promo codes')).toEqual([
      { title: 'Promo codes · Admin Panel' },
      { name: 'robots', content: 'noindex' },
    ]);
  });
});

describe('defineListQuery', () => {
  it('parses known values and falls back to "all" and page 1 for anything else', () => {
    expect(parse('')).toEqual({ q: '', state: '', page: 1 });
    expect(parse('q=%20summer%20sale%202025%20&state=active&page=3')).toEqual({
      q: 'summer sal',
      state: 'active',
      page: 3,
    });
    expect(parse('state=deleted&page=-2')).toEqual({ q: '', state: '', page: 1 });
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=99999999').page).toBe(10_000);
  });

  it('writes only what differs from the default, in the filters’ order, and changes what it is given', () => {
    const query: PromoQuery = { q: 'x y', state: 'expired', page: 1 };
    expect(promoQuery.search(query)).toBe('?q=x+y&state=expired');
    expect(promoQuery.search(query, { page: 2 })).toBe('?q=x+y&state=expired&page=2');
    expect(promoQuery.search({ q: '', state: '', page: 1 })).toBe('');
    expect(promoQuery.hasFilters(query)).toBe(true);
    expect(promoQuery.hasFilters({ q: '', state: '', page: 4 })).toBe(false);
  });
});

describe('paging and URLs', () => {
  it('pages at 20 by default', () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(40);
    expect(listPage(['a'], 41, 3)).toEqual({ rows: ['a'], total: 41, page: 3, pageCount: 3 });
    expect(listPage([], 0, 1).pageCount).toBe(1);
  });

  it('adds a parameter to the list the admin was on', () => {
    expect(listUrlWith('/admin/promo-codes', '', 'deleted=1')).toBe('/admin/promo-codes?deleted=1');
    expect(listUrlWith('/admin/promo-codes', '?q=x', 'confirm=abc')).toBe('/admin/promo-codes?q=x&confirm=abc');
  });

  it('reads the pressed button, save when there is none', () => {
    const form = new FormData();
    expect(postedIntent(form)).toBe('save');
    form.set('intent', 'delete');
    expect(postedIntent(form)).toBe('delete');
  });
});
