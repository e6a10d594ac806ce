import { describe, expect, it } from 'vitest';
import { MISSING_PRODUCT, parseCartForm, QUANTITY_MESSAGES, UNKNOWN_INTENT } from './cart-schema';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};
const add = (quantity: string) =>
  parseCartForm(form({ intent: 'add', productId: 'abcdefghij1234', size: 'M', color: 'Black', quantity }));

describe('cart form schema', () => {
  it('parses each intent', () => {
    expect(add(' 2 ')).toEqual({
      success: true,
      action: { intent: 'add', productId: 'abcdefghij1234', size: 'M', color: 'Black', quantity: 2 },
    });
    expect(
      parseCartForm(form({ intent: 'update', productId: 'p', size: 'M', color: 'Black', quantity: '0' })),
    ).toMatchObject({ success: true, action: { quantity: 0 } });
    expect(parseCartForm(form({ intent: 'remove', productId: 'p', size: 'M', color: 'Black' }))).toMatchObject({
      success: true,
      action: { intent: 'remove' },
    });
    expect(parseCartForm(form({ intent: 'clear' }))).toEqual({ success: true, action: { intent: 'clear' } });
  });

  it('a missing size or colour is "" (products without sizes or colours)', () => {
    expect(parseCartForm(form({ intent: 'add', productId: 'p', quantity: '1' }))).toMatchObject({
      success: true,
      action: { size: '', color: '' },
    });
  });

  it.each(['0', '-1', '1.5', '1e3', '100', '99999999999999999999', 'abc', '', '0x10', ' '])(
    'refuses add quantity %j',
    (quantity) => {
      expect(add(quantity)).toMatchObject({
        success: false,
        message: QUANTITY_MESSAGES.add,
        fieldErrors: { quantity: QUANTITY_MESSAGES.add },
      });
    },
  );

  it('update allows 0 but nothing above 99', () => {
    expect(parseCartForm(form({ intent: 'update', productId: 'p', quantity: '100' }))).toMatchObject({
      success: false,
      message: QUANTITY_MESSAGES.update,
    });
    expect(parseCartForm(form({ intent: 'update', productId: 'p', quantity: '-1' }))).toMatchObject({ success: false });
  });

  it('missing fields and unknown intents', () => {
    expect(parseCartForm(form({ intent: 'add', productId: 'p' }))).toMatchObject({
      success: false,
      message: QUANTITY_MESSAGES.add,
    });
    expect(parseCartForm(form({ intent: 'add', quantity: '1' }))).toMatchObject({
      success: false,
      message: MISSING_PRODUCT,
    });
    expect(parseCartForm(form({ intent: 'explode' }))).toMatchObject({ success: false, message: UNKNOWN_INTENT });
    expect(parseCartForm(form({}))).toMatchObject({ success: false, message: UNKNOWN_INTENT });
  });

  it('refuses a file where text belongs and over-long options', () => {
    const data = form({ intent: 'add', size: 'M', color: 'Black', quantity: '1' });
    data.set('productId', new Blob(['x']), 'x.txt');
    expect(parseCartForm(data)).toMatchObject({ success: false, message: MISSING_PRODUCT });
    expect(parseCartForm(form({ intent: 'add', productId: 'p', size: 'M'.repeat(41), quantity: '1' }))).toMatchObject({
      success: false,
      fieldErrors: { size: expect.any(String) },
    });
  });
});
