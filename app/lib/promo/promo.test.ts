/**
 * Promo codes (promo.ts, decision 0023) by example: each refusal with its message, the boundary instants, what
 * each kind takes off, and how codes compare. The same over random codes is in promo-properties.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyPromo, NOW, promoLines, usage } from '../../../tests/order-arbitraries';
import { checkoutTotals } from '../checkout/checkout-totals';
import { orderTotals } from '../orders/order-totals';
import {
  eligibleLines,
  evaluatePromo,
  promoBenefit,
  promoCodeKey,
  type PromoLine,
  type PromoOutcome,
  type PromoRefusalReason,
  type PromoRules,
  type PromoUsage,
} from './promo';
import { discountOf } from './promo-test-helpers';

// Plain examples: a ₦30,000 shirt from collection A and a ₦10,000 pair of pants from no collection.
const SHIRT: PromoLine = { unitPrice: 30_000_00, quantity: 1, collectionId: 'col-a', category: 'Shirts' };
const PANTS: PromoLine = { unitPrice: 5_000_00, quantity: 2, collectionId: null, category: 'Pants' };
const CART = [SHIRT, PANTS];
const FREE: PromoUsage = { taken: 0, byCustomer: 0 };
const HOUR = 60 * 60 * 1000;

const code = (rules: Partial<PromoRules> = {}): PromoRules => ({
  id: 'promo-1',
  code: 'Welcome10',
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
  active: true,
  ...rules,
});

const refusal = (outcome: PromoOutcome): [PromoRefusalReason, string] | 'applied' =>
  outcome.kind === 'applied' ? 'applied' : [outcome.reason, outcome.message];

describe('each refusal and its message', () => {
  it('unknown: the code as typed, trimmed, in capitals', () => {
    expect(refusal(evaluatePromo('  nosuch1 ', null, CART, FREE, NOW))).toEqual([
      'unknown',
      "We don't know the code NOSUCH1. Check the spelling and try again.",
    ]);
  });

  it('switched off', () => {
    expect(refusal(evaluatePromo('welcome10', code({ active: false }), CART, FREE, NOW))).toEqual([
      'inactive',
      'The code WELCOME10 is switched off at the moment.',
    ]);
  });

  it('not started, and expired, with the instant in Lagos time', () => {
    const later = new Date('2026-12-24T09:00:00Z');
    expect(refusal(evaluatePromo('welcome10', code({ startsAt: later }), CART, FREE, NOW))).toEqual([
      'not-started',
      'The code WELCOME10 can be used from 24 December 2026 at 10:00.',
    ]);
    const earlier = new Date('2026-11-30T22:59:00Z');
    expect(refusal(evaluatePromo('welcome10', code({ endsAt: earlier }), CART, FREE, NOW))).toEqual([
      'expired',
      'The code WELCOME10 expired on 30 November 2026 at 23:59.',
    ]);
  });

  it('used up: every use taken, paid or reserved by an open order', () => {
    expect(refusal(evaluatePromo('welcome10', code({ maxUses: 3 }), CART, { taken: 2, byCustomer: 0 }, NOW))).toBe(
      'applied',
    );
    expect(refusal(evaluatePromo('welcome10', code({ maxUses: 3 }), CART, { taken: 3, byCustomer: 0 }, NOW))).toEqual([
      'used-up',
      'The code WELCOME10 has been used as many times as it allows.',
    ]);
  });

  it('already used by you; a visitor (no customer yet) is asked at checkout, not here', () => {
    const once = code({ maxUsesPerCustomer: 1 });
    expect(refusal(evaluatePromo('welcome10', once, CART, { taken: 1, byCustomer: 1 }, NOW))).toEqual([
      'used-by-you',
      'You have already used the code WELCOME10.',
    ]);
    expect(refusal(evaluatePromo('welcome10', once, CART, { taken: 1, byCustomer: 0 }, NOW))).toBe('applied');
    expect(refusal(evaluatePromo('welcome10', once, CART, { taken: 1, byCustomer: null }, NOW))).toBe('applied');
  });

  it('not for these items: limits by collection or category (any case) match none of the lines', () => {
    for (const limits of [{ collectionIds: ['col-z'] }, { categories: ['Shoes'] }])
      expect(refusal(evaluatePromo('welcome10', code(limits), CART, FREE, NOW))).toEqual([
        'not-for-items',
        'The code WELCOME10 is not for the items in your cart.',
      ]);
    expect(refusal(evaluatePromo('welcome10', code(), [], FREE, NOW))).toEqual([
      'not-for-items',
      'The code WELCOME10 is not for the items in your cart.',
    ]);
  });

  it('minimum: counted over the eligible items only, the message says how much more', () => {
    const shirtsOver = code({ categories: ['shirts'], minSubtotal: 30_000_01 });
    expect(refusal(evaluatePromo('welcome10', shirtsOver, CART, FREE, NOW))).toEqual([
      'minimum',
      'The code WELCOME10 needs ₦30,000.01 of eligible items in your cart: add ₦0.01 more.',
    ]);
    expect(refusal(evaluatePromo('welcome10', code({ minSubtotal: 40_000_00 }), CART, FREE, NOW))).toBe('applied');
    expect(refusal(evaluatePromo('welcome10', code({ minSubtotal: 40_000_01 }), CART, FREE, NOW))).toEqual([
      'minimum',
      'The code WELCOME10 needs ₦40,000.01 of eligible items in your cart: add ₦0.01 more.',
    ]);
  });

  it('the order the rules are told in: switched off before dates, dates before uses, uses before the items', () => {
    const everything = code({
      active: false,
      endsAt: new Date(NOW.getTime() - HOUR),
      maxUses: 1,
      categories: ['Shoes'],
    });
    expect(evaluatePromo('x', everything, CART, { taken: 1, byCustomer: 1 }, NOW)).toMatchObject({
      reason: 'inactive',
    });
    expect(evaluatePromo('x', { ...everything, active: true }, CART, { taken: 1, byCustomer: 1 }, NOW)).toMatchObject({
      reason: 'expired',
    });
    expect(
      evaluatePromo('x', { ...everything, active: true, endsAt: null }, CART, { taken: 1, byCustomer: 1 }, NOW),
    ).toMatchObject({ reason: 'used-up' });
  });

  it('a refusal carries no discount to charge', () => {
    const outcome = evaluatePromo('welcome10', code({ active: false }), CART, FREE, NOW);
    expect(outcome).not.toHaveProperty('discount');
    expect(orderTotals(CART, { deliveryFee: 2_600_00, discount: discountOf(outcome) }).total).toBe(42_600_00);
  });
});

describe('the boundary instants', () => {
  it('a code starting exactly now applies; one millisecond later it has not started', () => {
    expect(refusal(evaluatePromo('w', code({ startsAt: new Date(NOW) }), CART, FREE, NOW))).toBe('applied');
    expect(evaluatePromo('w', code({ startsAt: new Date(NOW.getTime() + 1) }), CART, FREE, NOW)).toMatchObject({
      reason: 'not-started',
    });
  });

  it('a code ending exactly now has expired; one millisecond later it still applies', () => {
    expect(evaluatePromo('w', code({ endsAt: new Date(NOW) }), CART, FREE, NOW)).toMatchObject({ reason: 'expired' });
    expect(refusal(evaluatePromo('w', code({ endsAt: new Date(NOW.getTime() + 1) }), CART, FREE, NOW))).toBe('applied');
  });
});

describe('what each kind takes off', () => {
  it('a percentage rounds down to whole kobo, over the eligible items only', () => {
    const odd: PromoLine = { unitPrice: 999, quantity: 1, collectionId: null, category: 'Pants' };
    expect(evaluatePromo('w', code({ percentOff: 15 }), [odd], FREE, NOW)).toMatchObject({ discount: { goods: 149 } });
    expect(evaluatePromo('w', code({ collectionIds: ['col-a'] }), CART, FREE, NOW)).toMatchObject({
      discount: { goods: 3_000_00 },
    });
    expect(evaluatePromo('w', code({ percentOff: 100 }), CART, FREE, NOW)).toMatchObject({
      discount: { goods: 40_000_00 },
    });
  });

  it('a fixed amount never above the items it applies to; the collection and category limits add up', () => {
    const fixed = code({ kind: 'fixed', percentOff: null, amountOff: 50_000_00 });
    expect(evaluatePromo('w', fixed, CART, FREE, NOW)).toMatchObject({ discount: { goods: 40_000_00 } });
    expect(evaluatePromo('w', { ...fixed, categories: ['PANTS'] }, CART, FREE, NOW)).toMatchObject({
      discount: { goods: 10_000_00 },
    });
    expect(eligibleLines({ ...fixed, collectionIds: ['col-a'], categories: ['pants'] }, CART)).toEqual(CART);
  });

  it('free delivery takes off the fee, nothing once the threshold made delivery free, and covers pickup', () => {
    const free = evaluatePromo('w', code({ kind: 'free-delivery', percentOff: null }), CART, FREE, NOW);
    const discount = discountOf(free);
    expect(discount).toEqual({ delivery: 'all' });
    expect(orderTotals(CART, { deliveryFee: 2_500_00, discount })).toMatchObject({
      discount: 2_500_00,
      total: 40_000_00,
    });
    expect(orderTotals(CART, { deliveryFee: 2_500_00, freeDeliveryOver: 40_000_00, discount })).toMatchObject({
      delivery: 0,
      freeDelivery: true,
      discount: 0,
      total: 40_000_00,
    });
    const pickup = {
      zones: [],
      options: {
        defaultFee: 2_600_00,
        defaultDays: { minDays: 5, maxDays: 6 },
        freeDeliveryOver: null,
        pickup: { enabled: true, address: 'Studio', hours: 'Mon', fee: 500_00, minDays: 1, maxDays: 1 },
        payOnDelivery: { maxTotal: 150_000_00, notFirstOrder: false },
      },
    };
    expect(checkoutTotals(CART, pickup, { method: 'pickup', state: '', city: '' }, discount).totals).toMatchObject({
      delivery: 500_00,
      discount: 500_00,
      total: 40_000_00,
    });
  });

  it('a percentage that takes the goods under the threshold keeps free delivery: a code never raises the total', () => {
    const totals = orderTotals([{ unitPrice: 50_000_00, quantity: 1 }], {
      deliveryFee: 2_600_00,
      freeDeliveryOver: 50_000_00,
      discount: { goods: 5_000_00 },
    });
    expect(totals).toMatchObject({ delivery: 0, freeDelivery: true, discount: 5_000_00, total: 45_000_00 });
  });

  it('promoBenefit says it in words', () => {
    expect(promoBenefit(code())).toBe('10% off');
    expect(promoBenefit(code({ kind: 'fixed', amountOff: 5_000_00 }))).toBe('₦5,000 off');
    expect(promoBenefit(code({ kind: 'free-delivery' }))).toBe('Free delivery');
  });
});

describe('promoCodeKey', () => {
  it('compares codes without case or surrounding spaces', () => {
    fc.assert(
      fc.property(fc.constantFrom('WELCOME10', 'LagosFree', 'naira5000', 'Été-25'), fc.boolean(), (text, upper) => {
        const typed = ` ${upper ? text.toUpperCase() : text.toLowerCase()}\t`;
        expect(promoCodeKey(typed)).toBe(promoCodeKey(text));
      }),
    );
    expect(promoCodeKey('  Welcome10 ')).toBe('welcome10');
    expect(promoCodeKey('WELCOME 10')).not.toBe(promoCodeKey('WELCOME10'));
    expect(promoCodeKey('   ')).toBe('');
  });

  it('any code of the generator refused or applied alike whatever case the shopper types', () => {
    fc.assert(
      fc.property(anyPromo, promoLines, usage, (rules, lines, uses) => {
        const upper = evaluatePromo(rules.code.toUpperCase(), rules, lines, uses, NOW);
        const lower = evaluatePromo(` ${rules.code.toLowerCase()} `, rules, lines, uses, NOW);
        expect(lower).toEqual(upper);
      }),
    );
  });
});
