import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addItem,
  cappedAdd,
  capMessage,
  cartTotals,
  CART_MESSAGES,
  knownCartMessage,
  lineCap,
  lineId,
  MAX_LINE_QUANTITY,
  planUpdate,
  productLimitMessage,
  removeItem,
  soldOutMessage,
  unitsPerProduct,
  updateQuantity,
  type PricedLine,
} from './cart-rules';

const shirt = (size: string, color: string, quantity: number, price = 10_000_00): PricedLine => ({
  productId: 'p1',
  size,
  color,
  quantity,
  price,
});

describe('cart rules', () => {
  it('a line id is productId-size-color', () => {
    expect(lineId({ productId: 'abc', size: 'M', color: 'Black' })).toBe('abc-M-Black');
    expect(lineId({ productId: 'abc', size: '', color: '' })).toBe('abc--');
  });

  it('adding the same product, size and colour adds quantities', () => {
    const lines = addItem(addItem([], shirt('M', 'Black', 1)), shirt('M', 'Black', 2));
    expect(lines).toEqual([shirt('M', 'Black', 3)]);
  });

  it('a different size or colour is a new line, appended', () => {
    let lines = addItem([], shirt('M', 'Black', 1));
    lines = addItem(lines, shirt('L', 'Black', 1));
    lines = addItem(lines, shirt('M', 'White', 1));
    expect(lines.map(lineId)).toEqual(['p1-M-Black', 'p1-L-Black', 'p1-M-White']);
  });

  it('update sets the quantity; 0 or below removes the line', () => {
    const lines = [shirt('M', 'Black', 2), shirt('L', 'Black', 1)];
    expect(updateQuantity(lines, 'p1-M-Black', 5)[0].quantity).toBe(5);
    expect(updateQuantity(lines, 'p1-M-Black', 0).map(lineId)).toEqual(['p1-L-Black']);
    expect(updateQuantity(lines, 'p1-M-Black', -3).map(lineId)).toEqual(['p1-L-Black']);
    expect(updateQuantity(lines, 'nope', 4)).toEqual(lines);
  });

  it('remove deletes the line by id only', () => {
    const lines = [shirt('M', 'Black', 2), shirt('L', 'Black', 1)];
    expect(removeItem(lines, 'p1-L-Black')).toEqual([shirt('M', 'Black', 2)]);
    expect(removeItem(lines, 'unknown')).toEqual(lines);
  });

  it('totals: subtotal = Σ price × quantity in kobo, itemCount = Σ quantity', () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, itemCount: 0 });
    expect(cartTotals([shirt('M', 'Black', 2, 15_000_00), shirt('L', 'Red', 3, 2_550)])).toEqual({
      subtotal: 30_000_00 + 7_650,
      itemCount: 5,
    });
  });

  it('totals agree with adding the lines one by one (property)', () => {
    const line = fc.record({
      size: fc.constantFrom('S', 'M'),
      color: fc.constantFrom('Black', 'Red'),
      quantity: fc.integer({ min: 1, max: 99 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (adds) => {
        const lines = adds.reduce<PricedLine[]>(
          (acc, add) => addItem(acc, { productId: 'p', price: 1_000, ...add }),
          [],
        );
        const totals = cartTotals(lines);
        const count = adds.reduce((sum, add) => sum + add.quantity, 0);
        expect(totals.itemCount).toBe(count);
        expect(totals.subtotal).toBe(count * 1_000);
        expect(new Set(lines.map(lineId)).size).toBe(lines.length);
      }),
    );
  });

  it('caps: tracked stock, untracked at 99, never negative', () => {
    expect(lineCap(null)).toBe(MAX_LINE_QUANTITY);
    expect(lineCap(2)).toBe(2);
    expect(lineCap(0)).toBe(0);
    expect(lineCap(500)).toBe(MAX_LINE_QUANTITY);
    expect(lineCap(-4)).toBe(0);
  });

  it('a capped add keeps what fits and says it was capped', () => {
    expect(cappedAdd(0, 1, 2)).toEqual({ quantity: 1, capped: false });
    expect(cappedAdd(1, 1, 2)).toEqual({ quantity: 2, capped: false });
    expect(cappedAdd(2, 1, 2)).toEqual({ quantity: 2, capped: true });
    expect(cappedAdd(0, 5, 2)).toEqual({ quantity: 2, capped: true });
    // Stock fell below what the cart already holds: an add never shrinks the line.
    expect(cappedAdd(3, 1, 2)).toEqual({ quantity: 3, capped: true });
  });

  it('planning an update', () => {
    expect(planUpdate({ requested: 0, cap: 5, purchasable: true })).toEqual({ kind: 'remove' });
    expect(planUpdate({ requested: 0, cap: 0, purchasable: false })).toEqual({ kind: 'remove' });
    expect(planUpdate({ requested: 3, cap: 5, purchasable: true })).toEqual({
      kind: 'set',
      quantity: 3,
      capped: false,
    });
    expect(planUpdate({ requested: 9, cap: 5, purchasable: true })).toEqual({ kind: 'set', quantity: 5, capped: true });
    expect(planUpdate({ requested: 1, cap: 0, purchasable: true })).toEqual({ kind: 'refuse' });
    expect(planUpdate({ requested: 1, cap: 5, purchasable: false })).toEqual({ kind: 'refuse' });
  });

  it('cap messages name what ran out', () => {
    expect(capMessage({ cap: 2, inCart: 2, size: 'M', color: 'Black' })).toBe(
      'Only 2 left in this size and colour; your cart has 2.',
    );
    expect(capMessage({ cap: 1, inCart: 1, size: 'M', color: '' })).toBe('Only 1 left in this size; your cart has 1.');
    expect(capMessage({ cap: 3, inCart: 3, size: '', color: '' })).toBe('Only 3 left; your cart has 3.');
    expect(capMessage({ cap: 99, inCart: 99, size: 'M', color: 'Red' })).toBe(
      'You can have up to 99 of this item; your cart has 99.',
    );
    expect(soldOutMessage('M', 'Black')).toBe('This size and colour is sold out.');
    expect(soldOutMessage('', '')).toBe(CART_MESSAGES.outOfStock);
  });

  it('only messages the action can produce survive a redirect', () => {
    expect(knownCartMessage('Product added to cart!')).toBe('Product added to cart!');
    expect(knownCartMessage('Please select a size')).toBe('Please select a size');
    expect(knownCartMessage('Only 2 left in this size and colour; your cart has 2.')).not.toBeNull();
    expect(knownCartMessage(capMessage({ cap: 99, inCart: 99, size: '', color: '' }))).not.toBeNull();
    expect(knownCartMessage(soldOutMessage('M', ''))).not.toBeNull();
    expect(knownCartMessage(productLimitMessage({ limit: 10, inCart: 8 }))).toBe(
      'You can buy at most 10 of this item per order, counting every size and colour; your cart has 8.',
    );
    expect(
      knownCartMessage('You can buy at most 10 of this item per order, counting every size and colour; call 0800.'),
    ).toBeNull();
    expect(knownCartMessage('You won a prize! Call 0800')).toBeNull();
    expect(knownCartMessage('Only 2 left; call us to claim.')).toBeNull();
    expect(knownCartMessage('')).toBeNull();
    expect(knownCartMessage(null)).toBeNull();
  });
});

describe('the per-order limit of one product', () => {
  it('counts every size and colour of a product together', () => {
    const totals = unitsPerProduct([
      shirt('M', 'Black', 3),
      shirt('L', 'Black', 4),
      { ...shirt('M', 'White', 2), productId: 'p2' },
    ]);
    expect([...totals]).toEqual([
      ['p1', 7],
      ['p2', 2],
    ]);
  });
});
