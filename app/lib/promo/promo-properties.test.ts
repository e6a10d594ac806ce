/**
 * Promo codes (promo.ts, decision 0023) over random codes, carts and uses (fast-check): the one decision checked
 * against a model of the rules written here apart; the money it gives through the one computation of an order's money
 * (order-totals.ts, checkout-totals.ts) with zones, the free-delivery threshold and pickup: whole kobo, never negative,
 * never more than what it discounts, whatever the order of the lines, and nothing from a refused code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choice,
  config,
  isWholeKobo,
  livePromo,
  NOW,
  promo,
  promoLines,
  shuffled,
  threshold,
  usage,
} from '../../../tests/order-arbitraries';
import { checkoutTotals } from '../checkout/checkout-totals';
import { cartOrderTotals } from '../orders/order-totals';
import { evaluatePromo, PROMO_MESSAGES, type PromoLine, type PromoRules, type PromoUsage } from './promo';
import { discountOf } from './promo-test-helpers';

const RUNS = { numRuns: 400 };

/** The model: which lines a code's limits let it discount, written without promo.ts. */
const modelEligible = (code: PromoRules, lines: readonly PromoLine[]) =>
  code.collectionIds.length === 0 && code.categories.length === 0
    ? lines
    : lines.filter(
        (line) =>
          code.collectionIds.some((id) => id === line.collectionId) ||
          code.categories.map((c) => c.toLowerCase()).includes(line.category.toLowerCase()),
      );
const subtotalOf = (lines: readonly PromoLine[]) => lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);

/** The model: the first rule the code breaks, in the order the shopper is told (decision 0023), or null. */
function modelRefusal(code: PromoRules, lines: readonly PromoLine[], uses: PromoUsage, now: Date) {
  if (!code.active) return 'inactive';
  if (code.startsAt && now.getTime() < code.startsAt.getTime()) return 'not-started';
  if (code.endsAt && now.getTime() >= code.endsAt.getTime()) return 'expired';
  if (code.maxUses !== null && uses.taken >= code.maxUses) return 'used-up';
  if (code.maxUsesPerCustomer !== null && uses.byCustomer !== null && uses.byCustomer >= code.maxUsesPerCustomer)
    return 'used-by-you';
  const eligible = modelEligible(code, lines);
  if (eligible.length === 0) return 'not-for-items';
  if (subtotalOf(eligible) < code.minSubtotal) return 'minimum';
  return null;
}

describe('evaluatePromo over random codes, carts and uses', () => {
  it('applies exactly when every rule holds, else names the first one broken, with its message', () => {
    fc.assert(
      fc.property(promo, promoLines, usage, (code, lines, uses) => {
        const outcome = evaluatePromo(code.code.toLowerCase(), code, lines, uses, NOW);
        const broken = modelRefusal(code, lines, uses, NOW);
        if (broken === null) {
          expect(outcome).toMatchObject({ kind: 'applied', promo: code });
          expect(outcome.message).toBe(PROMO_MESSAGES.applied(code.code.toUpperCase()));
        } else {
          expect(outcome).toEqual({ kind: 'refused', reason: broken, message: expect.any(String) });
          expect(outcome.message).toContain(code.code.toUpperCase());
        }
      }),
      RUNS,
    );
  });

  it('a percentage is the floor of the eligible subtotal × percent / 100; a fixed amount at most those items', () => {
    fc.assert(
      fc.property(livePromo, promoLines, (code, lines) => {
        const outcome = evaluatePromo(code.code, code, lines, { taken: 0, byCustomer: 0 }, NOW);
        if (outcome.kind !== 'applied') return;
        const eligible = subtotalOf(modelEligible(code, lines));
        if (code.kind === 'percent')
          expect(outcome.discount).toEqual({ goods: Math.floor((eligible * code.percentOff!) / 100) });
        if (code.kind === 'fixed') expect(outcome.discount).toEqual({ goods: Math.min(code.amountOff!, eligible) });
        if (code.kind === 'free-delivery') expect(outcome.discount).toEqual({ delivery: 'all' });
        if (outcome.discount.goods !== undefined) {
          expect(isWholeKobo(outcome.discount.goods)).toBe(true);
          expect(outcome.discount.goods).toBeLessThanOrEqual(eligible);
        }
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(promo, shuffled(promoLines), usage, (code, [lines, reordered], uses) => {
        expect(evaluatePromo(code.code, code, reordered, uses, NOW)).toEqual(
          evaluatePromo(code.code, code, lines, uses, NOW),
        );
      }),
      RUNS,
    );
  });
});

describe('a code in the totals, with zones, the free-delivery threshold and pickup', () => {
  it('whole kobo, never negative, never more off than it discounts, nothing from a refused code', () => {
    fc.assert(
      fc.property(promo, promoLines, usage, config, choice, (code, lines, uses, delivery, wanted) => {
        const outcome = evaluatePromo(code.code, code, lines, uses, NOW);
        const { totals } = checkoutTotals(lines, delivery, wanted, discountOf(outcome));
        const { totals: without } = checkoutTotals(lines, delivery, wanted);
        if (!totals || !without) {
          expect(totals).toBe(without);
          return;
        }
        for (const value of [totals.subtotal, totals.delivery, totals.discount, totals.total])
          expect(isWholeKobo(value)).toBe(true);
        expect(totals.total).toBe(totals.subtotal + totals.delivery - totals.discount);
        if (outcome.kind === 'refused') {
          expect(totals).toEqual(without);
          return;
        }
        if (code.kind === 'free-delivery') {
          // Only the delivery is taken off: all of it, whether a zone's fee, the default's or pickup's.
          expect(totals.discount).toBe(totals.delivery);
          expect(totals.total).toBe(totals.subtotal);
          expect(totals.delivery).toBe(without.delivery);
        } else {
          expect(totals.discount).toBeLessThanOrEqual(subtotalOf(modelEligible(code, lines)));
          expect(totals.discount).toBe(outcome.discount.goods);
          // The threshold compares the goods before the code: a code never raises the total (order-totals.ts).
          const over = delivery.options.freeDeliveryOver;
          expect(totals.freeDelivery).toBe(over !== null && totals.subtotal >= over);
          expect(totals.total).toBeLessThanOrEqual(without.total);
        }
        expect(totals.discount).toBeLessThanOrEqual(totals.subtotal + totals.delivery);
      }),
      RUNS,
    );
  });

  it('the same totals whatever the order of the lines', () => {
    fc.assert(
      fc.property(
        promo,
        shuffled(promoLines),
        usage,
        config,
        choice,
        (code, [lines, other], uses, delivery, wanted) => {
          const totals = (list: PromoLine[]) =>
            checkoutTotals(list, delivery, wanted, discountOf(evaluatePromo(code.code, code, list, uses, NOW)));
          expect(totals(other)).toEqual(totals(lines));
        },
      ),
      RUNS,
    );
  });

  it('in the cart, before any address: never negative; a free-delivery code makes the total known', () => {
    fc.assert(
      fc.property(
        livePromo,
        promoLines,
        fc.option(fc.integer({ min: 0, max: 10_000_00 }), { nil: null }),
        threshold,
        (code, lines, fee, freeDeliveryOver) => {
          const outcome = evaluatePromo(code.code, code, lines, { taken: 0, byCustomer: null }, NOW);
          const totals = cartOrderTotals(lines, { fee, freeDeliveryOver }, discountOf(outcome));
          expect(isWholeKobo(totals.subtotal) && isWholeKobo(totals.discount)).toBe(true);
          expect(totals.discount).toBeLessThanOrEqual(totals.subtotal + (totals.delivery ?? 0));
          if (totals.total !== null) expect(isWholeKobo(totals.total)).toBe(true);
          if (outcome.kind === 'applied' && code.kind === 'free-delivery') {
            // The fee, if every address pays one, is shown and taken off again; unknown, it shows as 0.
            expect(totals.delivery).toBe(totals.discount);
            expect(totals.total).toBe(totals.subtotal);
          }
        },
      ),
      RUNS,
    );
  });
});
