import { describe, expect, it } from 'vitest';
import { splitSizes } from './admin-size-sets';
import { removalAnswer, removalQuestion, repeatedSku, sizesInSet, skuProblem } from './admin-product-sizes';

describe("the product form's sizes and SKUs", () => {
  it("keeps the ticked sizes of the set only, in the set's order", () => {
    expect(sizesInSet({ sizes: ['40', '41', '42', '43'] }, ['43', 'M', '41'])).toEqual(['41', '43']);
    expect(sizesInSet(undefined, ['M'])).toEqual([]);
  });

  it('asks about each size taken away with what it still holds', () => {
    expect(removalQuestion([{ size: 'M', stock: 4, carts: 0 }])).toBe('M has 4 in stock. Remove it anyway?');
    const two = [
      { size: '42', stock: 2, carts: 1 },
      { size: '43', stock: 0, carts: 3 },
    ];
    expect(removalQuestion(two)).toBe(
      '42 has 2 in stock and 1 cart line waiting. 43 has 3 cart lines waiting. Remove them anyway?',
    );
    expect(removalAnswer(two)).toBe('42,43');
  });

  it('takes a blank SKU or a code of letters, digits and - . / _; finds one typed twice without case', () => {
    for (const sku of ['', 'TEE-S-BLK', 'a1/b_2.c', 'X'.repeat(40)]) expect(skuProblem(sku), sku).toBeNull();
    for (const sku of ['-TEE', 'TEE S', '=1+1', 'X'.repeat(41), 'tee,1']) expect(skuProblem(sku), sku).not.toBeNull();
    expect(repeatedSku(['', '', 'a-1', 'B-2'])).toBeNull();
    expect(repeatedSku(['a-1', 'B-2', 'A-1'])).toBe('A-1');
  });

  it('reads a size set typed one per line or with commas', () => {
    expect(splitSizes(' 36, 37\n\n38 ,\r\n39 ')).toEqual(['36', '37', '38', '39']);
  });
});
