import { describe, expect, it } from 'vitest';
import { readCsvRow, ROW_MESSAGES, unneutralised, type CsvColumn, type CsvLookups } from './catalog-csv';

const lookups: CsvLookups = {
  collections: new Map([['linen', { id: 'linen000000001', name: 'Linen' }]]),
  sizeSets: new Map([['clothing', { id: 'clothing000001', name: 'Clothing', sizes: ['S', 'M', 'L'] }]]),
  colours: new Map([
    ['black', 'Black'],
    ['white', 'White'],
  ]),
  defaultSizeSetId: 'clothing000001',
};

const good: Partial<Record<CsvColumn, string>> = {
  Name: 'Tee',
  Description: 'A tee.',
  Category: 'shirts',
  'Price (NGN)': '12500.50',
  Sizes: 'M | S',
  Colours: 'black | White',
  Stock: 'S/Black=3 | M/White=',
};
const read = (cells: Partial<Record<CsvColumn, string>>) =>
  readCsvRow((column) => ({ ...good, ...cells })[column] ?? '', lookups);

describe('readCsvRow', () => {
  it('reads a row: sizes in the set’s order, colours as the store names them, every cell of the grid', () => {
    const result = read({});
    expect(result).toMatchObject({
      ok: true,
      product: {
        code: null,
        category: 'Shirts',
        price: 12_500_50,
        sizeSetId: 'clothing000001',
        sizes: ['S', 'M'],
        colors: ['Black', 'White'],
        featured: false,
        inStock: true,
      },
    });
    if (!result.ok) return;
    expect(result.product.stock).toEqual([
      { size: 'S', color: 'Black', stock: 3 },
      { size: 'S', color: 'White', stock: null },
      { size: 'M', color: 'Black', stock: null },
      { size: 'M', color: 'White', stock: null },
    ]);
  });

  it('gives every reason a row is refused', () => {
    const result = read({
      Code: 'ABC',
      Category: 'Hats',
      Collection: 'Velvet',
      'Price (NGN)': '-5',
      Sizes: 'S | 5XL',
      Colours: 'Black | Mauve',
      Stock: 'XS/Black=1 | S/Black=many',
      Featured: 'maybe',
      Images: 'products/a.webp',
      'Drops at': '2026-12-01 09:00',
      'Drop cap': '0',
    });
    expect(result).toEqual({
      ok: false,
      reasons: [
        ROW_MESSAGES.code,
        ROW_MESSAGES.category,
        ROW_MESSAGES.collection('Velvet'),
        ROW_MESSAGES.negativePrice,
        ROW_MESSAGES.size('5XL', 'Clothing'),
        ROW_MESSAGES.colour('Mauve'),
        ROW_MESSAGES.stockCell('XS/Black'),
        ROW_MESSAGES.stock('S/Black'),
        ROW_MESSAGES.yesNo('Featured'),
        ROW_MESSAGES.image('products/a.webp'),
        ROW_MESSAGES.dropsAt,
        ROW_MESSAGES.dropCap,
      ],
    });
  });

  it('takes the export’s apostrophe off a neutralised formula, and only that', () => {
    expect(unneutralised("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unneutralised("'-2")).toBe('-2');
    expect(unneutralised("'quoted'")).toBe("'quoted'");
    expect(read({ Name: "'=Tee" })).toMatchObject({ ok: true, product: { name: '=Tee' } });
  });
});
