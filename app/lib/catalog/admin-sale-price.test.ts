/**
 * Sale prices (decision 0034): the product form's compare-at price (blank is no sale, else above the price, said
 * plainly), the percentage off the shop shows (rounded down, over random prices), the collection sale's percentage
 * and its price rounded to whole naira, and the notice its edit page shows.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectionSaleSchema, SALE_MESSAGES, saleNotice, saleNoticeText } from './admin-sale-price';
import { productSchemaFor } from './admin-catalog-product';
import { DEFAULT_SIZE_SET_ID, STARTING_SIZE_SETS } from './catalog-constants';
import { isOnSale, percentOff, percentOffLabel, salePriceOf } from './sale-price';

const sizeSets = STARTING_SIZE_SETS.map((set) => ({
  ...set,
  sizes: [...set.sizes],
  isDefault: set.id === DEFAULT_SIZE_SET_ID,
}));
const productSchema = productSchemaFor({ sizeSets });

/** The field errors of a submission that did not succeed. */
const errorsOf = (submission: object) =>
  'error' in submission ? (submission.error as Record<string, string[] | null> | undefined) : undefined;

/** A valid product form with these price boxes, as the page posts it. */
function productForm(price: string, compareAtPrice?: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: 'Linen Shirt',
    price,
    description: 'A light shirt.',
    category: 'Shirts',
    sizeSetId: DEFAULT_SIZE_SET_ID,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (compareAtPrice !== undefined) form.set('compareAtPrice', compareAtPrice);
  return parseWithZod(form, { schema: productSchema });
}

describe("the product form's compare-at price", () => {
  it('blank (or left out) is no sale; above the price it is kept in kobo', () => {
    for (const blank of [undefined, '', '  ']) {
      const parsed = productForm('15000', blank);
      expect(parsed.status === 'success' && parsed.value.compareAtPrice, String(blank)).toBeNull();
    }
    const parsed = productForm('15000', '20,000.50');
    expect(parsed.status === 'success' && parsed.value).toMatchObject({ price: 15_000_00, compareAtPrice: 20_000_50 });
  });

  it('refuses one not above the price, and one that is no amount, on its own field', () => {
    for (const [compareAt, message] of [
      ['15000', SALE_MESSAGES.compareAtAbove],
      ['9000', SALE_MESSAGES.compareAtAbove],
      ['lots', SALE_MESSAGES.compareAtPrice],
      ['20000001', SALE_MESSAGES.compareAtMax],
    ]) {
      const parsed = productForm('15000', compareAt);
      expect(parsed.status, compareAt).toBe('error');
      expect(errorsOf(parsed)?.compareAtPrice, compareAt).toEqual([message]);
    }
    expect(SALE_MESSAGES.compareAtAbove).toBe(
      'The compare-at price must be above the price: it is the price before the sale.',
    );
  });

  it('says nothing of it while the price itself is wrong', () => {
    const parsed = productForm('', '10000');
    expect(errorsOf(parsed)?.price).toBeDefined();
    expect(errorsOf(parsed)?.compareAtPrice).toBeUndefined();
  });
});

describe('the percentage off', () => {
  it('is rounded down, never promising more than is given', () => {
    const kobo = fc.integer({ min: 1, max: 2_000_000_000 });
    fc.assert(
      fc.property(kobo, kobo, (a, b) => {
        const [price, compareAtPrice] = a < b ? [a, b] : [b, a];
        expect(isOnSale({ price, compareAtPrice })).toBe(price < compareAtPrice);
        const percent = percentOff({ price, compareAtPrice });
        if (price === compareAtPrice) expect(percent).toBeNull();
        else if (percent === null) expect((compareAtPrice - price) * 100).toBeLessThan(compareAtPrice);
        else {
          // The shop says `percent`% off: the price is at most that much off, and less than one point more.
          expect(compareAtPrice * (100 - percent)).toBeGreaterThanOrEqual(price * 100);
          expect(compareAtPrice * (100 - percent - 1)).toBeLessThan(price * 100);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('examples, and none when not on sale', () => {
    expect(percentOff({ price: 30_000_00, compareAtPrice: 40_000_00 })).toBe(25);
    expect(percentOff({ price: 20_001_00, compareAtPrice: 30_000_00 })).toBe(33);
    expect(percentOff({ price: 30_000_00, compareAtPrice: null })).toBeNull();
    expect(percentOff({ price: 30_000_00, compareAtPrice: 30_000_00 })).toBeNull();
    expect(percentOffLabel(25)).toBe('−25%');
  });
});

describe('a collection put on sale', () => {
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return parseWithZod(form, { schema: collectionSaleSchema });
  };

  it('takes a whole percentage from 1 to 90; ending needs none', () => {
    expect(parse({ intent: 'put-on-sale', percent: ' 90 ' })).toMatchObject({
      status: 'success',
      value: { percent: 90 },
    });
    expect(parse({ intent: 'put-on-sale', percent: '1' })).toMatchObject({ status: 'success', value: { percent: 1 } });
    for (const percent of ['0', '91', '100', '2.5', '-5', 'ten', ''])
      expect(errorsOf(parse({ intent: 'put-on-sale', percent }))?.percent, percent).toEqual([SALE_MESSAGES.percent]);
    expect(parse({ intent: 'end-sale' })).toMatchObject({ status: 'success', value: { intent: 'end-sale' } });
    expect(parse({ intent: 'sell-all' }).status).toBe('error');
  });

  it('rounds each sale price to whole naira', () => {
    expect(salePriceOf(15_000_00, 25)).toBe(11_250_00);
    expect(salePriceOf(9_999_50, 25)).toBe(7_500_00);
    expect(salePriceOf(1_00, 10)).toBe(1_00);
  });

  it('the edit page shows only notices the sale form sent', () => {
    expect(saleNoticeText(saleNotice({ ended: false, count: 12, percent: 20 }))).toBe(
      '12 products put on sale at 20% off. Their price before the sale is shown struck through.',
    );
    expect(saleNoticeText(saleNotice({ ended: false, count: 1, percent: 10 }))).toBe(
      '1 product put on sale at 10% off. Its price before the sale is shown struck through.',
    );
    expect(saleNoticeText(saleNotice({ ended: true, count: 1 }))).toBe(
      'Sale ended for 1 product: back to the price before the sale.',
    );
    for (const odd of [null, '', 'started-1', 'ended-x', 'started-1-200', '<b>hi</b>'])
      expect(saleNoticeText(odd)).toBeNull();
  });
});
