import { describe, expect, it } from 'vitest';
import {
  adminProductSearch,
  hasFilters,
  isSoldOut,
  pageCountFor,
  parseAdminProductQuery,
  stockSummary,
} from './admin-catalog-query';

const parse = (search: string) => parseAdminProductQuery(new URLSearchParams(search));

describe('the product list query', () => {
  it('reads known values and falls back for everything else', () => {
    expect(parse('q=%20tee%20&category=Shirts&collection=abcdefghijklmn&stock=low&page=3')).toEqual({
      q: 'tee',
      category: 'Shirts',
      collection: 'abcdefghijklmn',
      stock: 'low',
      page: 3,
    });
    expect(parse('category=Hats&collection=x&stock=plenty&page=-2')).toEqual({
      q: '',
      category: '',
      collection: '',
      stock: '',
      page: 1,
    });
    expect(parse('collection=none&page=2.5').collection).toBe('none');
    expect(parse('page=99999999').page).toBe(10_000);
    expect(parse(`q=${'a'.repeat(300)}`).q).toHaveLength(100);
  });

  it('writes the query back, leaving defaults out, and changes the page', () => {
    const query = parse('q=tee&stock=sold-out&page=2');
    expect(adminProductSearch(query)).toBe('?q=tee&stock=sold-out&page=2');
    expect(adminProductSearch(query, { page: 1 })).toBe('?q=tee&stock=sold-out');
    expect(adminProductSearch(parse(''))).toBe('');
    expect(hasFilters(parse('page=4'))).toBe(false);
    expect(hasFilters(query)).toBe(true);
  });

  it('counts pages', () => {
    expect(pageCountFor(0)).toBe(1);
    expect(pageCountFor(20)).toBe(1);
    expect(pageCountFor(21)).toBe(2);
  });
});

describe('stockSummary', () => {
  it.each([
    [{ inStock: true, tracked: 6, units: 12, cells: 6 }, '12 in stock across 6 variants', false],
    [{ inStock: true, tracked: 1, units: 1, cells: 1 }, '1 in stock across 1 variant', false],
    [{ inStock: true, tracked: 0, units: 0, cells: 4 }, 'Not tracked', false],
    [{ inStock: true, tracked: 4, units: 0, cells: 4 }, 'Sold out', true],
    [{ inStock: true, tracked: 2, units: 0, cells: 4 }, '0 in stock across 2 variants; 2 others not tracked', false],
    [{ inStock: false, tracked: 4, units: 10, cells: 4 }, 'Marked out of stock', true],
  ])('%o -> %s', (figures, text, soldOut) => {
    expect(stockSummary(figures)).toBe(text);
    expect(isSoldOut(figures)).toBe(soldOut);
  });
});
