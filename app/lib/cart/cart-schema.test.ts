/** The cart schema as the action reads a posted form: Conform's parseWithZod, then one line for the shopper. */
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { cartActionSchema, cartProblem, MISSING_PRODUCT, QUANTITY_MESSAGES, UNKNOWN_INTENT } from './cart-schema';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};
/** What the action makes of a form: the parsed action, or the message it answers with and the field errors. */
const parse = (data: FormData) => {
  const submission = parseWithZod(data, { schema: cartActionSchema });
  return submission.status === 'success'
    ? { success: true, action: submission.value }
    : { success: false, message: cartProblem(submission.error), errors: submission.error };
};
const add = (quantity: string) =>
  parse(form({ intent: 'add', productId: 'abcdefghij1234', size: 'M', color: 'Black', quantity }));

describe('cart form schema', () => {
  it('parses each intent', () => {
    expect(add(' 2 ')).toEqual({
      success: true,
      action: { intent: 'add', productId: 'abcdefghij1234', size: 'M', color: 'Black', quantity: 2 },
    });
    expect(parse(form({ intent: 'update', productId: 'p', size: 'M', color: 'Black', quantity: '0' }))).toMatchObject({
      success: true,
      action: { quantity: 0 },
    });
    expect(parse(form({ intent: 'remove', productId: 'p', size: 'M', color: 'Black' }))).toMatchObject({
      success: true,
      action: { intent: 'remove' },
    });
    expect(parse(form({ intent: 'clear', redirectTo: '/cart' }))).toEqual({
      success: true,
      action: { intent: 'clear' },
    });
  });

  it('a missing or empty size or colour is "" (products without sizes or colours)', () => {
    expect(parse(form({ intent: 'add', productId: 'p', quantity: '1' }))).toMatchObject({
      success: true,
      action: { size: '', color: '' },
    });
    expect(parse(form({ intent: 'add', productId: 'p', size: '', color: '', quantity: '1' }))).toMatchObject({
      success: true,
      action: { size: '', color: '' },
    });
  });

  it.each(['0', '-1', '1.5', '1e3', '100', '99999999999999999999', 'abc', '', '0x10', ' '])(
    'refuses add quantity %j',
    (quantity) => {
      expect(add(quantity)).toEqual({
        success: false,
        message: QUANTITY_MESSAGES.add,
        errors: { quantity: [QUANTITY_MESSAGES.add] },
      });
    },
  );

  it('update allows 0 but nothing above 99', () => {
    expect(parse(form({ intent: 'update', productId: 'p', quantity: '100' }))).toMatchObject({
      success: false,
      message: QUANTITY_MESSAGES.update,
    });
    expect(parse(form({ intent: 'update', productId: 'p', quantity: '-1' }))).toMatchObject({ success: false });
  });

  it('missing fields and unknown intents, the first problem told first', () => {
    expect(parse(form({ intent: 'add', productId: 'p' }))).toMatchObject({
      success: false,
      message: QUANTITY_MESSAGES.add,
    });
    expect(parse(form({ intent: 'add', quantity: '1' }))).toMatchObject({ success: false, message: MISSING_PRODUCT });
    expect(parse(form({ intent: 'add', quantity: '1.5', size: 'M'.repeat(41) }))).toMatchObject({
      success: false,
      message: MISSING_PRODUCT,
    });
    expect(parse(form({ intent: 'add', productId: 'p', quantity: '1.5', size: 'M'.repeat(41) }))).toMatchObject({
      message: QUANTITY_MESSAGES.add,
    });
    expect(parse(form({ intent: 'explode' }))).toMatchObject({ success: false, message: UNKNOWN_INTENT });
    expect(parse(form({}))).toMatchObject({ success: false, message: UNKNOWN_INTENT });
  });

  it('refuses a file where text belongs and over-long options', () => {
    const data = form({ intent: 'add', size: 'M', color: 'Black', quantity: '1' });
    data.set('productId', new Blob(['x']), 'x.txt');
    expect(parse(data)).toMatchObject({ success: false, message: MISSING_PRODUCT });
    expect(parse(form({ intent: 'add', productId: 'p', size: 'M'.repeat(41), quantity: '1' }))).toMatchObject({
      success: false,
      message: 'Please choose a valid option.',
      errors: { size: [expect.any(String)] },
    });
  });

  it('cartProblem falls back to a general line when the errors name no field it knows', () => {
    expect(cartProblem({ other: ['x'] })).toBe('Please check the form and try again.');
    expect(cartProblem(null)).toBe('Please check the form and try again.');
    expect(cartProblem({ '': ['Form-level problem.'] })).toBe('Form-level problem.');
  });
});
