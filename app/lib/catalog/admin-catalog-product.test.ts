import { DROP_MESSAGES } from './admin-drops';
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  blankProductValues,
  inOrder,
  koboToNairaInput,
  NOT_TRACKED,
  parseStockText,
  productSchemaFor,
  readGridChoices,
  stockCellKey,
  stockGrid,
  valuesFromProduct,
  type ProductFormValues,
} from './admin-catalog-product';
import type { ProductDetail } from './catalog-types';
import { DEFAULT_SIZE_SET_ID, STARTING_SIZE_SETS } from './catalog-constants';

/** The store's starting size sets, as the action reads them from the database. */
const sizeSets = STARTING_SIZE_SETS.map((set) => ({
  ...set,
  sizes: [...set.sizes],
  isDefault: set.id === DEFAULT_SIZE_SET_ID,
}));
const productSchema = productSchemaFor({ sizeSets });

const valid = (changes: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...blankProductValues({ sizeSets }),
  name: '  Linen Shirt ',
  price: '15,000.50',
  description: 'A light shirt.',
  category: 'Shirts',
  sizes: ['M', 'S'],
  colors: ['Black'],
  stock: { 'S|Black': '3', 'M|Black': '' },
  ...changes,
});

/** The form as the page posts it: Conform's names (`stock.S|Black`), a ticked box as 'on', an unticked one absent. */
function formOf(values: ProductFormValues): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, item);
    else if (typeof value === 'boolean') {
      if (value) form.append(name, 'on');
    } else if (typeof value === 'object') {
      for (const [key, text] of Object.entries(value)) form.append(`${name}.${key}`, text);
    } else form.append(name, value);
  }
  return form;
}

/** The form parsed as the action and the page parse it (Conform with the form's schema). */
const parse = (values: ProductFormValues) => parseWithZod(formOf(values), { schema: productSchema });
const errorsOf = (values: ProductFormValues) => {
  const submission = parse(values);
  return submission.status === 'success' ? {} : (submission.error ?? {});
};
const inputOf = (values: ProductFormValues) => {
  const submission = parse(values);
  expect(submission.status).toBe('success');
  return submission.status === 'success' ? submission.value : null;
};

describe('productSchema', () => {
  it("turns the typed form into the product: trimmed, kobo, sizes in the set's order, one stock entry per cell", () => {
    expect(inputOf(valid())).toEqual({
      name: 'Linen Shirt',
      price: 1_500_050,
      description: 'A light shirt.',
      category: 'Shirts',
      collectionId: null,
      sizeSetId: DEFAULT_SIZE_SET_ID,
      sizes: ['S', 'M'],
      colors: ['Black'],
      confirmRemoval: '',
      inStock: true,
      featured: false,
      compareAtPrice: null,
      fitNote: '',
      dropsAt: null,
      dropCap: null,
      stock: [
        { size: 'S', color: 'Black', stock: 3, was: undefined, sku: '' },
        { size: 'M', color: 'Black', stock: null, was: undefined, sku: '' },
      ],
    });
  });

  it('reads a drop typed in Lagos time and its cap, and refuses a malformed one (decision 0036)', () => {
    expect(inputOf(valid({ dropsAt: '2026-12-12T18:00', dropCap: '2' }))).toMatchObject({
      dropsAt: new Date('2026-12-12T17:00:00Z'),
      dropCap: 2,
    });
    expect(errorsOf(valid({ dropsAt: '2026-02-30T18:00', dropCap: '0' }))).toMatchObject({
      dropsAt: [DROP_MESSAGES.time],
      dropCap: [DROP_MESSAGES.cap],
    });
    expect(errorsOf(valid({ dropCap: '1.5' })).dropCap).toEqual([DROP_MESSAGES.cap]);
  });

  it('requires name, price, description and category, each with its own message', () => {
    expect(errorsOf({ ...blankProductValues({ sizeSets }), name: '  ', description: '' })).toEqual({
      name: ['Please enter a name.'],
      price: ['Please enter a price.'],
      description: ['Please enter a description.'],
      category: ['Please choose a category.'],
    });
  });

  it.each([['-1'], ['abc'], ['10.505'], ['20000000.01']])('refuses the price %s', (price) => {
    expect(errorsOf(valid({ price })).price).toBeTruthy();
  });

  it('accepts a price of 0 and of exactly ₦20,000,000', () => {
    for (const [price, kobo] of [
      ['0', 0],
      ['20000000', 2_000_000_000],
    ] as const) {
      expect(inputOf(valid({ price }))?.price).toBe(kobo);
    }
  });

  it('refuses a category, size or colour outside the lists, and a malformed collection id', () => {
    const errors = errorsOf(valid({ category: 'Hats', sizes: ['M', 'XXXL'], colors: ['Pink'], collectionId: '../x' }));
    expect(Object.keys(errors).sort()).toEqual(['category', 'collectionId', 'colors', 'sizes']);
  });

  it('takes the sizes of the chosen set only, in its order: shoes in 42, never a clothing size', () => {
    const shoes = { sizeSetId: 'shoeseu0000001', sizes: ['43', '42'], stock: { '42|Black': '2' } };
    expect(inputOf(valid(shoes))).toMatchObject({ sizeSetId: 'shoeseu0000001', sizes: ['42', '43'] });
    expect(errorsOf(valid({ ...shoes, sizes: ['42', 'M'] })).sizes).toEqual([
      'Please choose sizes of the Shoes (EU) set.',
    ]);
    expect(errorsOf(valid({ sizeSetId: 'nosuchset00001' })).sizeSetId).toEqual([
      'Please choose a size set from the list.',
    ]);
  });

  it('takes a SKU per cell, trimmed, and refuses a malformed one or one given to two cells', () => {
    const sku = { 'S|Black': ' TEE-S-BLK ', 'M|Black': '' };
    expect(inputOf(valid({ sku }))?.stock.map((cell) => cell.sku)).toEqual(['TEE-S-BLK', '']);
    expect(errorsOf(valid({ sku: { 'S|Black': 'TEE S' } })).sku?.[0]).toMatch(/^A SKU is up to 40 letters/);
    expect(errorsOf(valid({ sku: { 'S|Black': 'tee-1', 'M|Black': 'TEE-1' } })).sku).toEqual([
      'TEE-1 is given to two cells. Each size and colour needs its own SKU.',
    ]);
    // A cell outside the grid is not the product's.
    expect(parse(valid({ sku: { 'XL|Black': 'bad sku' } })).status).toBe('success');
  });

  it('refuses stock that is not a whole number from 0 to 100,000, but only inside the grid', () => {
    for (const text of ['-1', '1.5', 'x', '100001']) {
      expect(errorsOf(valid({ stock: { 'S|Black': text } })).stock, text).toEqual([
        'Stock must be a whole number from 0 to 100,000, or blank for not tracked.',
      ]);
    }
    // Shown with the other fields' messages, not after them.
    expect(Object.keys(errorsOf(valid({ name: '', stock: { 'S|Black': 'x' } }))).sort()).toEqual(['name', 'stock']);
    // A cell of an unticked size is ignored.
    expect(parse(valid({ stock: { 'XL|Black': 'x' } })).status).toBe('success');
  });

  it('uses one cell with no size and no colour when the product has neither', () => {
    expect(inputOf(valid({ sizes: [], colors: [], stock: { '|': '7' } }))?.stock).toEqual([
      { size: '', color: '', stock: 7, was: undefined, sku: '' },
    ]);
  });

  it('carries the stock as loaded, so untouched cells can be left alone', () => {
    expect(inputOf(valid({ stockWas: { 'S|Black': '3', 'M|Black': NOT_TRACKED } }))?.stock).toEqual([
      { size: 'S', color: 'Black', stock: 3, was: 3, sku: '' },
      { size: 'M', color: 'Black', stock: null, was: null, sku: '' },
    ]);
  });

  it("keeps the product's own order of colours and the set's order of sizes (the shop preselects the first)", () => {
    expect(inOrder(['Black', 'White', 'Blue'], 'White,Blue,Black')).toEqual(['White', 'Blue', 'Black']);
    // Just ticked without JavaScript: after the known ones, in the list's order; unticked ones drop out.
    expect(inOrder(['Black', 'White', 'Red'], 'White,Blue')).toEqual(['White', 'Black', 'Red']);
    expect(inOrder(['S', 'S'], '')).toEqual(['S']);
    expect(inputOf(valid({ colors: ['Black', 'White'], colorOrder: 'White,Black', sizes: ['M'] }))).toMatchObject({
      colors: ['White', 'Black'],
      sizes: ['M'],
    });
  });
});

describe('the form on the page', () => {
  it('reads the grid as the page holds it: choices in their order, typed stock per cell', () => {
    const form = formOf(valid({ sizes: ['S', 'M'], colors: ['Black'], stock: { 'S|Black': '4' }, stockWas: {} }));
    expect(readGridChoices(form)).toEqual({
      sizeSetId: DEFAULT_SIZE_SET_ID,
      sizes: ['S', 'M'],
      colors: ['Black'],
      stock: { 'S|Black': '4' },
    });
  });

  it('fills the form from a saved product, stock per cell and as loaded', () => {
    const product: ProductDetail = {
      id: 'abcdefghijklmn',
      name: 'Tee',
      description: 'Soft',
      price: 1050,
      compareAtPrice: null,
      category: 'Shirts',
      collection: { id: 'collection0001', name: 'Basics' },
      sizeSetId: DEFAULT_SIZE_SET_ID,
      sizes: ['S', 'M'],
      colors: ['Black'],
      inStock: true,
      featured: false,
      createdAt: '2025-01-01T00:00:00Z',
      fitNote: 'Runs small',
      sizeGuide: null,
      dropsAt: '2025-12-12T17:00:00.000Z',
      ownDropsAt: '2025-12-12T17:00:00.000Z',
      dropCap: 2,
      images: [],
      swatches: [],
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
      fitNote: 'Runs small',
      sizeSetId: DEFAULT_SIZE_SET_ID,
      stock: { 'S|Black': '0', 'M|Black': '' },
      // A cell not tracked is named so, not left blank: Conform sends blank values back as nothing.
      stockWas: { 'S|Black': '0', 'M|Black': NOT_TRACKED },
      // The drop in Lagos time, as the datetime-local box shows it (decision 0036).
      dropsAt: '2025-12-12T18:00',
      dropCap: '2',
    });
    expect(inputOf(values)).toMatchObject({ dropsAt: new Date('2025-12-12T17:00:00Z'), dropCap: 2 });
    // Posted back untouched, it changes nothing.
    expect(inputOf(values)?.stock).toEqual([
      { size: 'S', color: 'Black', stock: 0, was: 0, sku: '' },
      { size: 'M', color: 'Black', stock: null, was: null, sku: '' },
    ]);
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
