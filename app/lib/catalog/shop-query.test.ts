import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './catalog-constants';
import {
  COLLECTIONS_CONTEXT,
  MAX_PAGE,
  NEW_ARRIVALS_CONTEXT,
  PRICE_BANDS,
  cleanQuery,
  isFiltered,
  pageCountFor,
  parseShopQuery,
  shopHref,
  shopSearchParams,
  sortOptions,
  withChange,
  type ShopState,
} from './shop-query';

const DEFAULTS: ShopState = {
  q: '',
  category: null,
  colour: null,
  size: null,
  price: 'all',
  sale: false,
  sort: 'name',
  view: 'grid',
  page: 1,
};
const parse = (query: string, context = COLLECTIONS_CONTEXT) => parseShopQuery(new URLSearchParams(query), context);

describe('parseShopQuery', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULTS);
    expect(parseShopQuery(null)).toEqual(DEFAULTS);
    expect(parseShopQuery(undefined)).toEqual(DEFAULTS);
  });

  it('lists newest first by default on /new-arrivals', () => {
    expect(parse('', NEW_ARRIVALS_CONTEXT).sort).toBe('newest');
    expect(parse('sort=name', NEW_ARRIVALS_CONTEXT).sort).toBe('name');
  });

  it('reads every key', () => {
    expect(
      parse(
        'q=linen+shirt&category=outerwear&colour=Red&size=42&price=25k-50k&sale=1&sort=price-desc&view=list&page=3',
      ),
    ).toEqual({
      q: 'linen shirt',
      category: 'Outerwear',
      colour: 'Red',
      size: '42',
      price: '25k-50k',
      sale: true,
      sort: 'price-desc',
      view: 'list',
      page: 3,
    });
  });

  it('accepts categories in any case and maps them to the catalog spelling', () => {
    expect(parse('category=Shoes').category).toBe('Shoes');
    expect(parse('category=SHOES').category).toBe('Shoes');
  });

  it('orders by relevance while searching unless a sort is chosen', () => {
    expect(parse('q=jacket').sort).toBe('relevance');
    expect(parse('q=jacket&sort=price-asc').sort).toBe('price-asc');
    expect(parse('sort=relevance').sort).toBe('name');
  });

  it.each([
    ['unknown values', 'category=hats&price=cheap&sort=random&view=table', {}],
    ['empty values from a plain GET form', 'q=&category=&price=&sort=&view=&page=', {}],
    ['repeated keys', 'category=shoes&category=pants&sort=name&sort=price-asc&page=2&page=3', {}],
    ['negative page', 'page=-1', {}],
    ['zero page', 'page=0', {}],
    ['fractional page', 'page=1.5', {}],
    ['exponent page', 'page=1e3', {}],
    ['hex page', 'page=0x10', {}],
    ['huge page', `page=${MAX_PAGE + 1}`, {}],
    ['absurd page', 'page=99999999999999999999999', {}],
    ['page with spaces', 'page=%202', {}],
    [
      'SQL in every key',
      'q=%27%3B+drop+table+products%3B--&category=%27+or+1%3D1&price=1%27&sort=name%3B',
      { q: "'; drop table products;--", sort: 'relevance' },
    ],
  ])('falls back to defaults for %s', (_, query, expected) => {
    expect(parse(query)).toEqual({ ...DEFAULTS, ...expected });
  });

  it('treats object input defensively (arrays, numbers, prototype keys)', () => {
    expect(parseShopQuery({ q: ['a', 'b'], category: 5, price: { a: 1 }, page: 2, sort: null })).toEqual(DEFAULTS);
    expect(parseShopQuery(JSON.parse('{"__proto__": {"q": "x"}, "toString": "y"}'))).toEqual(DEFAULTS);
    expect(parseShopQuery({ q: 'boots', page: '2' })).toEqual({ ...DEFAULTS, q: 'boots', sort: 'relevance', page: 2 });
    expect(parseShopQuery('?price=over-50k').price).toBe('over-50k');
  });

  it('drops a search query that is absurdly long instead of truncating it', () => {
    expect(parse(`q=${'a'.repeat(101)}`).q).toBe('');
    expect(parse(`q=${'a'.repeat(1_000_000)}`).q).toBe('');
    expect(parse(`q=${'a'.repeat(100)}`).q).toHaveLength(100);
  });

  it('cleans control characters, broken UTF-16 and whitespace out of the search', () => {
    expect(parse('q=%00jacket%0A%09black%E2%80%8B').q).toBe('jacket black');
    expect(cleanQuery('  agbada\uD800  ')).toBe('agbada');
    expect(cleanQuery('Ìró àti Bùbá 👗')).toBe('Ìró àti Bùbá 👗');
    expect(cleanQuery(undefined)).toBe('');
  });

  it('never throws and always yields a valid state, whatever the query', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('q', 'category', 'price', 'sort', 'view', 'page', 'x'),
          fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.integer().map(String)),
        ),
        (record) => {
          const params = new URLSearchParams(record);
          const state = parseShopQuery(params);
          expect(state.page).toBeGreaterThanOrEqual(1);
          expect(state.page).toBeLessThanOrEqual(MAX_PAGE);
          expect(Number.isInteger(state.page)).toBe(true);
          expect(state.q.length).toBeLessThanOrEqual(100);
          expect(sortOptions(state)).toContain(state.sort);
          expect(['all', ...PRICE_BANDS.map((b) => b.id)]).toContain(state.price);
          expect([null, ...CATEGORIES]).toContain(state.category);
        },
      ),
    );
  });
});

describe('price bands', () => {
  const bandOf = (kobo: number) =>
    PRICE_BANDS.filter((b) => (b.min ?? 0) <= kobo && kobo <= (b.max ?? Infinity)).map((b) => b.id);

  it('put every price in exactly one band, following the words of the spec at the edges', () => {
    expect(bandOf(0)).toEqual(['under-10k']);
    expect(bandOf(9_999_99)).toEqual(['under-10k']);
    expect(bandOf(10_000_00)).toEqual(['10k-25k']);
    expect(bandOf(24_999_99)).toEqual(['10k-25k']);
    expect(bandOf(25_000_00)).toEqual(['25k-50k']);
    expect(bandOf(50_000_00)).toEqual(['25k-50k']);
    expect(bandOf(50_000_01)).toEqual(['over-50k']);
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (kobo) => bandOf(kobo).length === 1));
  });

  it('carry the labels of docs/requirements.md#15-limits-and-constants', () => {
    expect(PRICE_BANDS.map((b) => b.label)).toEqual([
      'Under ₦10,000',
      '₦10,000 - ₦25,000',
      '₦25,000 - ₦50,000',
      'Over ₦50,000',
    ]);
  });
});

describe('the colour filter (decision 0034)', () => {
  it('takes any colour name of up to 30 characters, cleaned; a longer or repeated one means none', () => {
    expect(parse('colour=Navy%20%20Blue').colour).toBe('Navy Blue');
    expect(parse(`colour=${'x'.repeat(31)}`).colour).toBeNull();
    expect(parse('colour=Red&colour=Blue').colour).toBeNull();
    expect(isFiltered(parse('colour=Red'))).toBe(true);
  });

  it('a new colour goes back to page 1', () => {
    expect(withChange(parse('colour=Red&page=3'), { colour: 'Blue' }).page).toBe(1);
  });
});

describe('the size filter (decision 0034)', () => {
  it('takes a size of any set, up to 20 characters, cleaned; a longer or repeated one means none', () => {
    expect(parse('size=42').size).toBe('42');
    expect(parse('size=One%20%20size').size).toBe('One size');
    expect(parse(`size=${'x'.repeat(21)}`).size).toBeNull();
    expect(parse('size=42&size=43').size).toBeNull();
    expect(withChange(parse('size=42&page=3'), { size: '43' }).page).toBe(1);
    expect(shopHref('/collections', parse('size=42&page=2'), { size: null })).toBe('/collections');
  });
});

describe('the On sale filter (decision 0034)', () => {
  it('is sale=1; anything else, or a repeat, means every product', () => {
    expect(parse('sale=1').sale).toBe(true);
    for (const query of ['', 'sale=0', 'sale=yes', 'sale=1&sale=1', 'sale=on'])
      expect(parse(query).sale, query).toBe(false);
    expect(isFiltered(parse('sale=1'))).toBe(true);
    expect(shopHref('/collections', parse('sale=1&page=2'), { sale: false })).toBe('/collections');
    expect(withChange(parse('page=3'), { sale: true }).page).toBe(1);
  });
});

describe('shopSearchParams and shopHref', () => {
  it('leave defaults out, in a fixed key order', () => {
    expect(shopSearchParams(DEFAULTS).toString()).toBe('');
    const state: ShopState = {
      q: 'silk',
      category: 'Dresses',
      colour: 'Navy Blue',
      size: '42',
      price: 'over-50k',
      sale: true,
      sort: 'price-asc',
      view: 'list',
      page: 2,
    };
    expect(shopSearchParams(state).toString()).toBe(
      'q=silk&category=dresses&colour=Navy+Blue&size=42&price=over-50k&sale=1&sort=price-asc&view=list&page=2',
    );
    expect(shopSearchParams(state, COLLECTIONS_CONTEXT, { keepView: false }).toString()).toBe(
      'q=silk&category=dresses&colour=Navy+Blue&size=42&price=over-50k&sale=1&sort=price-asc&page=2',
    );
  });

  it('drop the page-specific default sort', () => {
    expect(shopSearchParams({ ...DEFAULTS, sort: 'newest' }, NEW_ARRIVALS_CONTEXT).toString()).toBe('');
    expect(shopSearchParams({ ...DEFAULTS, sort: 'name' }, NEW_ARRIVALS_CONTEXT).toString()).toBe('sort=name');
    expect(shopSearchParams({ ...DEFAULTS, q: 'cap', sort: 'relevance' }).toString()).toBe('q=cap');
    expect(shopSearchParams({ ...DEFAULTS, q: 'cap', sort: 'name' }).toString()).toBe('q=cap&sort=name');
  });

  it('go back to page 1 when what is listed changes, but not for the view', () => {
    const state: ShopState = { ...DEFAULTS, page: 4 };
    expect(shopHref('/collections', state, { category: 'Shoes' })).toBe('/collections?category=shoes');
    expect(shopHref('/collections', state, { price: 'under-10k' })).toBe('/collections?price=under-10k');
    expect(shopHref('/collections', state, { sort: 'price-desc' })).toBe('/collections?sort=price-desc');
    expect(shopHref('/collections', state, { view: 'list' })).toBe('/collections?view=list&page=4');
    expect(shopHref('/collections', state, { page: 5 })).toBe('/collections?page=5');
    expect(shopHref('/collections', state, { category: null })).toBe('/collections?page=4');
  });

  it('clearing the search drops the relevance sort', () => {
    const searching = parse('q=jacket&category=outerwear');
    expect(withChange(searching, { q: '' }).sort).toBe('name');
    expect(shopHref('/collections', searching, { q: '' })).toBe('/collections?category=outerwear');
    expect(shopHref('/new-arrivals', parse('q=jacket', NEW_ARRIVALS_CONTEXT), { q: '' }, NEW_ARRIVALS_CONTEXT)).toBe(
      '/new-arrivals',
    );
  });

  it('are canonical: parsing the built query gives the state back, for every valid state', () => {
    const stateArb = fc.record({
      q: fc.oneof(fc.constant(''), fc.string({ maxLength: 30 }).map(cleanQuery)),
      category: fc.constantFrom(null, ...CATEGORIES),
      colour: fc.constantFrom(null, 'Black', 'Navy Blue', 'Café au lait'),
      size: fc.constantFrom(null, '42', 'XS', 'One size', 'W32 L34'),
      price: fc.constantFrom('all' as const, ...PRICE_BANDS.map((b) => b.id)),
      sale: fc.boolean(),
      sort: fc.constantFrom(
        'name' as const,
        'price-asc' as const,
        'price-desc' as const,
        'newest' as const,
        'relevance' as const,
      ),
      view: fc.constantFrom('grid' as const, 'list' as const),
      page: fc.integer({ min: 1, max: MAX_PAGE }),
    });
    fc.assert(
      fc.property(stateArb, fc.constantFrom(COLLECTIONS_CONTEXT, NEW_ARRIVALS_CONTEXT), (raw, context) => {
        const state = withChange(raw, {}, context);
        const query = shopSearchParams(state, context);
        expect(parseShopQuery(query, context)).toEqual(state);
        expect(shopSearchParams(parseShopQuery(query, context), context).toString()).toBe(query.toString());
      }),
    );
  });
});

describe('helpers', () => {
  it('isFiltered is true only when the catalog is narrowed', () => {
    expect(isFiltered(DEFAULTS)).toBe(false);
    expect(isFiltered({ ...DEFAULTS, sort: 'price-asc', view: 'list', page: 2 })).toBe(false);
    expect(isFiltered({ ...DEFAULTS, q: 'x' })).toBe(true);
    expect(isFiltered({ ...DEFAULTS, price: 'under-10k' })).toBe(true);
    expect(isFiltered({ ...DEFAULTS, category: 'Shoes' })).toBe(true);
    expect(isFiltered({ ...DEFAULTS, size: '42' })).toBe(true);
  });

  it('pageCountFor is at least 1', () => {
    expect(pageCountFor(0, 24)).toBe(1);
    expect(pageCountFor(24, 24)).toBe(1);
    expect(pageCountFor(25, 24)).toBe(2);
  });
});
