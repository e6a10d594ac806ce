import { describe, expect, it } from 'vitest';
import {
  capOf,
  isPurchasable,
  isSoldOut,
  previewText,
  soldOutColors,
  soldOutSizes,
  stockOf,
  swatchColors,
} from './variants';

const product = {
  inStock: true,
  sizes: ['S', 'M'],
  colors: ['Black', 'White'],
  variants: [
    { size: 'S', color: 'Black', stock: 0 },
    { size: 'S', color: 'White', stock: 0 },
    { size: 'M', color: 'Black', stock: 0 },
    { size: 'M', color: 'White', stock: 3 },
  ],
};

describe('variant availability', () => {
  it('reads stock; a missing row or null stock is untracked', () => {
    expect(stockOf(product.variants, 'M', 'White')).toBe(3);
    expect(stockOf(product.variants, 'L', 'White')).toBeNull();
    expect(capOf(product.variants, 'L', 'White')).toBe(99);
    expect(isSoldOut(product.variants, 'S', 'Black')).toBe(true);
    expect(isSoldOut(product.variants, 'M', 'White')).toBe(false);
  });

  it('marks sizes and colours relative to the other choice, or sold out everywhere without one', () => {
    expect([...soldOutSizes(product, 'Black')]).toEqual(['S', 'M']);
    expect([...soldOutSizes(product, 'White')]).toEqual(['S']);
    expect([...soldOutSizes(product, null)]).toEqual(['S']);
    expect([...soldOutColors(product, 'M')]).toEqual(['Black']);
    expect([...soldOutColors(product, null)]).toEqual(['Black']);
  });

  it('is purchasable while any combination is left and the product is on', () => {
    expect(isPurchasable(product)).toBe(true);
    expect(isPurchasable({ ...product, inStock: false })).toBe(false);
    expect(isPurchasable({ ...product, variants: product.variants.map((v) => ({ ...v, stock: 0 })) })).toBe(false);
    expect(isPurchasable({ inStock: true, sizes: [], colors: [], variants: [] })).toBe(true);
    expect(isPurchasable({ inStock: true, sizes: [], colors: [], variants: [{ size: '', color: '', stock: 0 }] })).toBe(
      false,
    );
  });

  it('offers at most 5 swatches', () => {
    expect(swatchColors(['Black', 'White', 'Gray', 'Navy', 'Red', 'Blue'])).toEqual([
      'Black',
      'White',
      'Gray',
      'Navy',
      'Red',
    ]);
  });

  it('previews 50 characters of a description', () => {
    const long = 'Heavyweight cotton tee with a boxy fit and dropped shoulders.';
    expect(previewText(long, 50)).toBe(`${long.slice(0, 50).trimEnd()}…`);
    expect(previewText('Short.', 50)).toBe('Short.');
    expect(Array.from(previewText('✨'.repeat(60), 50)).length).toBe(51);
  });
});
