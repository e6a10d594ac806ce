import { describe, expect, it } from 'vitest';
import {
  blankProductValues,
  inOrder,
  koboToNairaInput,
  parseStockText,
  readProductValues,
  stockCellKey,
  stockGrid,
  validateProduct,
  valuesFromProduct,
  type ProductFormValues,
} from './admin-catalog-product';
import type { ProductDetail } from './catalog-types';
import type { StoredImage } from './images';

const image = (n: number): StoredImage => ({
  key: `products/17000000000${n}_shirt`,
  width: 1000,
  height: 1250,
  widths: [320, 640, 960],
});

const valid = (changes: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...blankProductValues(),
  name: '  Linen Shirt ',
  price: '15,000.50',
  description: 'A light shirt.',
  category: 'Shirts',
  sizes: ['M', 'S'],
  colors: ['Black'],
  stock: { 'S|Black': '3', 'M|Black': '' },
  ...changes,
});

describe('validateProduct', () => {
  it('turns the typed form into the product: trimmed, kobo, sizes in the order given, one stock entry per cell', () => {
    const result = validateProduct(valid(), [image(1)]);
    expect(result).toEqual({
      ok: true,
      input: {
        name: 'Linen Shirt',
        price: 1_500_050,
        description: 'A light shirt.',
        category: 'Shirts',
        collectionId: null,
        sizes: ['M', 'S'],
        colors: ['Black'],
        inStock: true,
        featured: false,
        stock: [
          { size: 'M', color: 'Black', stock: null, was: undefined },
          { size: 'S', color: 'Black', stock: 3, was: undefined },
        ],
        images: [{ ...image(1), alt: 'Linen Shirt' }],
      },
    });
  });

  it('requires name, price, description and category, each with its own message', () => {
    const result = validateProduct({ ...blankProductValues(), name: '  ', description: '' }, []);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'Please enter a name.',
      price: 'Please enter a price.',
      description: 'Please enter a description.',
      category: 'Please choose a category.',
    });
  });

  it.each([['-1'], ['abc'], ['10.505'], ['20000000.01']])('refuses the price %s', (price) => {
    const result = validateProduct(valid({ price }), []);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.price).toBeTruthy();
  });

  it('accepts a price of 0 and of exactly ₦20,000,000', () => {
    for (const [price, kobo] of [
      ['0', 0],
      ['20000000', 2_000_000_000],
    ] as const) {
      const result = validateProduct(valid({ price }), []);
      expect(result.ok && result.input.price).toBe(kobo);
    }
  });

  it('refuses a category, size or colour outside the lists, and a malformed collection id', () => {
    const result = validateProduct(
      valid({ category: 'Hats', sizes: ['M', 'XXXL'], colors: ['Pink'], collectionId: '../x' }),
      [],
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['category', 'collectionId', 'colors', 'sizes']);
  });

  it('refuses stock that is not a whole number from 0 to 100,000, but only inside the grid', () => {
    for (const text of ['-1', '1.5', 'x', '100001']) {
      const result = validateProduct(valid({ stock: { 'S|Black': text } }), []);
      expect(result.ok, text).toBe(false);
    }
    // Shown with the other fields' messages, not after them.
    const both = validateProduct(valid({ name: '', stock: { 'S|Black': 'x' } }), []);
    expect(!both.ok && Object.keys(both.errors).sort()).toEqual(['name', 'stock']);
    // A cell of an unticked size is ignored.
    expect(validateProduct(valid({ stock: { 'XL|Black': 'x' } }), []).ok).toBe(true);
  });

  it('uses one cell with no size and no colour when the product has neither', () => {
    const result = validateProduct(valid({ sizes: [], colors: [], stock: { '|': '7' } }), []);
    expect(result.ok && result.input.stock).toEqual([{ size: '', color: '', stock: 7, was: undefined }]);
  });

  it('carries the stock as loaded, so untouched cells can be left alone', () => {
    const result = validateProduct(valid({ stockWas: { 'S|Black': '3', 'M|Black': '' } }), []);
    expect(result.ok && result.input.stock).toEqual([
      { size: 'M', color: 'Black', stock: null, was: null },
      { size: 'S', color: 'Black', stock: 3, was: 3 },
    ]);
  });

  it('allows at most 12 images', () => {
    const result = validateProduct(
      valid(),
      Array.from({ length: 13 }, (_, i) => image(i)),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.images).toBe('A product can have at most 12 images.');
  });
});

describe('reading the posted form', () => {
  it('keeps every typed value, including stock cells and checkboxes', () => {
    const form = new FormData();
    for (const [k, v] of [
      ['name', 'Tee'],
      ['price', '9,500'],
      ['description', 'Soft'],
      ['category', 'Shirts'],
      ['collectionId', ''],
      ['sizes', 'S'],
      ['sizes', 'M'],
      ['colors', 'Black'],
      ['featured', 'yes'],
      ['stock:S|Black', '4'],
      ['stockWas:S|Black', '2'],
    ])
      form.append(k, v);
    expect(readProductValues(form)).toEqual({
      name: 'Tee',
      price: '9,500',
      description: 'Soft',
      category: 'Shirts',
      collectionId: '',
      sizes: ['S', 'M'],
      colors: ['Black'],
      inStock: false,
      featured: true,
      stock: { 'S|Black': '4' },
      stockWas: { 'S|Black': '2' },
    });
  });

  it("keeps the product's own order of sizes and colours (the shop preselects the first)", () => {
    expect(inOrder(['Black', 'White', 'Blue'], 'White,Blue,Black')).toEqual(['White', 'Blue', 'Black']);
    // Just ticked without JavaScript: after the known ones, in the list's order; unticked ones drop out.
    expect(inOrder(['Black', 'White', 'Red'], 'White,Blue')).toEqual(['White', 'Black', 'Red']);
    expect(inOrder(['S', 'S'], '')).toEqual(['S']);
    const form = new FormData();
    for (const [k, v] of [
      ['colors', 'Black'],
      ['colors', 'White'],
      ['colorOrder', 'White,Black'],
      ['sizes', 'M'],
    ])
      form.append(k, v);
    expect(readProductValues(form)).toMatchObject({ colors: ['White', 'Black'], sizes: ['M'] });
  });

  it('fills the form from a saved product, stock per cell and as loaded', () => {
    const product: ProductDetail = {
      id: 'abcdefghijklmn',
      name: 'Tee',
      description: 'Soft',
      price: 1050,
      category: 'Shirts',
      collection: { id: 'collection0001', name: 'Basics' },
      sizes: ['S', 'M'],
      colors: ['Black'],
      inStock: true,
      featured: false,
      createdAt: '2025-01-01T00:00:00Z',
      images: [],
      variants: [
        { size: 'S', color: 'Black', stock: 0 },
        { size: 'M', color: 'Black', stock: null },
        { size: 'L', color: 'Black', stock: 9 },
      ],
    };
    const values = valuesFromProduct(product);
    expect(values).toMatchObject({
      price: '10.50',
      collectionId: 'collection0001',
      stock: { 'S|Black': '0', 'M|Black': '' },
    });
    expect(values.stockWas).toEqual(values.stock);
  });
});

describe('small rules of the product form', () => {
  it('shows kobo as the naira the price box expects', () => {
    expect(koboToNairaInput(1_500_000)).toBe('15000');
    expect(koboToNairaInput(1050)).toBe('10.50');
    expect(koboToNairaInput(0)).toBe('0');
  });

  it('builds the stock grid and reads its boxes', () => {
    expect(stockGrid([], ['Red'])).toEqual({ rows: [''], columns: ['Red'] });
    expect(stockCellKey('', 'Red')).toBe('|Red');
    expect(parseStockText(' ')).toEqual({ ok: true, stock: null });
    expect(parseStockText('12')).toEqual({ ok: true, stock: 12 });
    expect(parseStockText('1e3')).toEqual({ ok: false });
  });
});
