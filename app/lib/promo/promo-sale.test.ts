/**
 * A promo code that leaves products on sale out (promo.ts `excludeSale`, decision 0034): over random codes and carts
 * (fast-check), the code decides exactly as it would for the same cart without its sale lines, except that a cart whose
 * only lines in the code's limits are on sale is told so; a code that does not leave them out ignores whether a line
 * is on sale. Then the plain examples with their messages, and the cart page's check of the message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { livePromo, NOW, promoLine, usage } from '../../../tests/order-arbitraries';
import { knownPromoMessage } from './cart-promo';
import { eligibleLines, evaluatePromo, PROMO_MESSAGES, type PromoLine, type PromoRules } from './promo';

const RUNS = { numRuns: 400 };

/** Lines some of which are on sale. */
const saleLines = fc.array(
  fc.record({ line: promoLine, onSale: fc.boolean() }).map(({ line, onSale }) => ({ ...line, onSale })),
  { maxLength: 8 },
);
const anyCode = fc.oneof(
  livePromo,
  livePromo.map((code) => ({ ...code, startsAt: null })),
);

describe('a code that leaves sale items out', () => {
  it('decides as it would for the cart without its sale lines, or says they are on sale', () => {
    fc.assert(
      fc.property(anyCode, saleLines, usage, (rules, lines, uses) => {
        const code: PromoRules = { ...rules, excludeSale: true };
        const outcome = evaluatePromo(code.code, code, lines, uses, NOW);
        const withoutSale = lines.filter((line) => !line.onSale);
        // Without sale lines, leaving them out changes nothing: this is the code as if it had no such rule.
        const model = evaluatePromo(code.code, code, withoutSale, uses, NOW);
        const limitedOnSale = eligibleLines({ ...code, excludeSale: false }, lines).some((line) => line.onSale);
        if (model.kind === 'refused' && model.reason === 'not-for-items' && limitedOnSale)
          expect(outcome).toEqual({
            kind: 'refused',
            reason: 'not-for-sale-items',
            message: PROMO_MESSAGES.notForSaleItems(code.code.toUpperCase()),
          });
        else expect(outcome).toEqual(model);
        // Never a sale line among those it discounts.
        expect(eligibleLines(code, lines).some((line) => line.onSale)).toBe(false);
      }),
      RUNS,
    );
  });

  it('off (the default): whether a line is on sale changes nothing', () => {
    fc.assert(
      fc.property(anyCode, saleLines, usage, (rules, lines, uses) => {
        const plain = lines.map((line): PromoLine => ({ ...line, onSale: false }));
        for (const code of [
          { ...rules, excludeSale: false },
          { ...rules, excludeSale: undefined },
        ])
          expect(evaluatePromo(code.code, code, lines, uses, NOW)).toEqual(
            evaluatePromo(code.code, code, plain, uses, NOW),
          );
      }),
      RUNS,
    );
  });
});

// A ₦40,000 jacket on sale and a ₦10,000 shirt at its full price.
const JACKET: PromoLine = {
  unitPrice: 40_000_00,
  quantity: 1,
  collectionId: 'col-a',
  category: 'Outerwear',
  onSale: true,
};
const SHIRT: PromoLine = { unitPrice: 10_000_00, quantity: 1, collectionId: null, category: 'Shirts', onSale: false };
const FREE = { taken: 0, byCustomer: 0 };

const code = (rules: Partial<PromoRules> = {}): PromoRules => ({
  id: 'promo-1',
  code: 'Fullprice10',
  kind: 'percent',
  percentOff: 10,
  amountOff: null,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  collectionIds: [],
  categories: [],
  excludeSale: true,
  active: true,
  ...rules,
});

describe('examples', () => {
  it('takes 10% off the full-price shirt only', () => {
    expect(evaluatePromo('fullprice10', code(), [JACKET, SHIRT], FREE, NOW)).toMatchObject({
      kind: 'applied',
      discount: { goods: 1_000_00 },
    });
  });

  it('a cart of sale items only: "does not apply to items on sale"', () => {
    expect(evaluatePromo('fullprice10', code(), [JACKET], FREE, NOW)).toEqual({
      kind: 'refused',
      reason: 'not-for-sale-items',
      message: 'The code FULLPRICE10 does not apply to items on sale.',
    });
  });

  it('the same cart with the box unticked: the sale item is discounted', () => {
    expect(evaluatePromo('fullprice10', code({ excludeSale: false }), [JACKET], FREE, NOW)).toMatchObject({
      kind: 'applied',
      discount: { goods: 4_000_00 },
    });
  });

  it('limited to a collection whose only item is on sale: the sale is the reason given', () => {
    const outcome = evaluatePromo('x', code({ collectionIds: ['col-a'] }), [JACKET, SHIRT], FREE, NOW);
    expect(outcome).toMatchObject({ kind: 'refused', reason: 'not-for-sale-items' });
  });

  it('limited to a collection none of the items is in: not for these items', () => {
    const outcome = evaluatePromo('x', code({ collectionIds: ['col-b'] }), [JACKET, SHIRT], FREE, NOW);
    expect(outcome).toMatchObject({ kind: 'refused', reason: 'not-for-items' });
  });

  it('sale items do not count towards the minimum', () => {
    const outcome = evaluatePromo('x', code({ minSubtotal: 20_000_00 }), [JACKET, SHIRT], FREE, NOW);
    expect(outcome).toMatchObject({
      kind: 'refused',
      reason: 'minimum',
      message: 'The code FULLPRICE10 needs ₦20,000 of eligible items in your cart: add ₦10,000 more.',
    });
  });

  it('the cart page shows the message when it comes back in the query string (without JavaScript)', () => {
    const message = PROMO_MESSAGES.notForSaleItems('FULLPRICE10');
    expect(knownPromoMessage(message)).toBe(message);
    expect(knownPromoMessage('The code <b>X</b> does not apply to items on sale.')).toBeNull();
  });
});
