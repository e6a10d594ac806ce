/**
 * The one computation of an order's money (order-totals.ts) over random carts, zones, thresholds, pickup and
 * discounts (fast-check): whole kobo, never negative, the same whatever the order of the lines, discounts never above
 * what they discount; and the fee is the zone's for the address.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choice,
  config,
  discount,
  fee,
  isWholeKobo,
  items,
  shuffled,
  state,
  threshold,
  TOWNS,
} from '../../../tests/order-arbitraries';
import { matchZone } from '../delivery/delivery';
import { NIGERIAN_STATES } from '../nigeria';
import { checkoutTotals } from '../checkout/checkout-totals';
import { cartOrderTotals, orderTotals, type PricedItem } from './order-totals';

/** The same lines in another order. */
const withShuffle = shuffled(items);

describe('orderTotals', () => {
  it('is whole kobo, never negative, and total = subtotal + delivery - discount', () => {
    fc.assert(
      fc.property(items, fee, threshold, discount, (lines, deliveryFee, freeDeliveryOver, off) => {
        const totals = orderTotals(lines, { deliveryFee, freeDeliveryOver, discount: off });
        for (const value of [totals.subtotal, totals.delivery, totals.discount, totals.total])
          expect(isWholeKobo(value)).toBe(true);
        expect(totals.subtotal).toBe(lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0));
        expect(totals.total).toBe(totals.subtotal + totals.delivery - totals.discount);
        expect([0, deliveryFee]).toContain(totals.delivery);
      }),
    );
  });

  it('never discounts more than the goods plus the delivery, nor either part beyond itself', () => {
    fc.assert(
      fc.property(items, fee, threshold, discount, (lines, deliveryFee, freeDeliveryOver, off) => {
        const totals = orderTotals(lines, { deliveryFee, freeDeliveryOver, discount: off });
        expect(totals.discount).toBeLessThanOrEqual(totals.subtotal + totals.delivery);
        const goodsOff = Math.min(off.goods ?? 0, totals.subtotal);
        expect(totals.discount - goodsOff).toBeLessThanOrEqual(totals.delivery);
        expect(totals.discount).toBeLessThanOrEqual((off.goods ?? 0) + (off.delivery ?? 0));
        // Without a discount on the delivery, the goods alone are never discounted below zero.
        const goodsOnly = orderTotals(lines, { deliveryFee, freeDeliveryOver, discount: { goods: off.goods } });
        expect(goodsOnly.total).toBeGreaterThanOrEqual(goodsOnly.delivery);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(withShuffle, fee, threshold, discount, ([lines, shuffled], deliveryFee, freeDeliveryOver, off) => {
        const terms = { deliveryFee, freeDeliveryOver, discount: off };
        expect(orderTotals(shuffled, terms)).toEqual(orderTotals(lines, terms));
      }),
    );
  });

  it('makes delivery free exactly when the goods, before any discount, reach the threshold', () => {
    fc.assert(
      fc.property(items, fee, threshold, discount, (lines, deliveryFee, freeDeliveryOver, off) => {
        const totals = orderTotals(lines, { deliveryFee, freeDeliveryOver, discount: off });
        const free = freeDeliveryOver !== null && totals.subtotal >= freeDeliveryOver;
        expect(totals.freeDelivery).toBe(free);
        expect(totals.delivery).toBe(free ? 0 : deliveryFee);
      }),
    );
    const lines: PricedItem[] = [{ unitPrice: 25_000_00, quantity: 2 }];
    expect(orderTotals(lines, { deliveryFee: 2_600_00, freeDeliveryOver: 50_000_00 })).toMatchObject({
      delivery: 0,
      freeDelivery: true,
      total: 50_000_00,
    });
    expect(orderTotals(lines, { deliveryFee: 2_600_00, freeDeliveryOver: 50_000_01 })).toMatchObject({
      delivery: 2_600_00,
      total: 52_600_00,
    });
  });

  it('never costs more with a discount than without it', () => {
    fc.assert(
      fc.property(items, fee, threshold, discount, (lines, deliveryFee, freeDeliveryOver, off) => {
        const withCode = orderTotals(lines, { deliveryFee, freeDeliveryOver, discount: off });
        expect(withCode.total).toBeLessThanOrEqual(orderTotals(lines, { deliveryFee, freeDeliveryOver }).total);
      }),
    );
  });

  it('refuses fractional, negative or non-numeric amounts instead of charging them', () => {
    const terms = { deliveryFee: 0 };
    expect(() => orderTotals([{ unitPrice: 10.5, quantity: 1 }], terms)).toThrow(RangeError);
    expect(() => orderTotals([{ unitPrice: -1, quantity: 1 }], terms)).toThrow(RangeError);
    expect(() => orderTotals([{ unitPrice: 100, quantity: 0 }], terms)).toThrow(RangeError);
    expect(() => orderTotals([{ unitPrice: Number.NaN, quantity: 1 }], terms)).toThrow(RangeError);
    expect(() => orderTotals([], { deliveryFee: -5 })).toThrow(RangeError);
    expect(() => orderTotals([], { deliveryFee: 0, freeDeliveryOver: 1.5 })).toThrow(RangeError);
    expect(() => orderTotals([], { deliveryFee: 0, discount: { goods: -1 } })).toThrow(RangeError);
    expect(() => orderTotals([], { deliveryFee: 0, discount: { delivery: 0.5 } })).toThrow(RangeError);
  });

  it('docs/requirements.md#15-limits-and-constants: ₦2,600 delivery on top of the lines, discount 0', () => {
    expect(orderTotals([{ unitPrice: 45_000_00, quantity: 2 }], { deliveryFee: 2_600_00 })).toEqual({
      subtotal: 90_000_00,
      delivery: 2_600_00,
      freeDelivery: false,
      discount: 0,
      total: 92_600_00,
    });
  });
});

describe('checkoutTotals (zones, free delivery, pickup)', () => {
  it('charges the zone of the address (a town zone first), else the default; whole kobo, never negative', () => {
    fc.assert(
      fc.property(items, config, choice, discount, (lines, delivery, wanted, off) => {
        const { quote, totals } = checkoutTotals(lines, delivery, wanted, off);
        const known = (NIGERIAN_STATES as readonly string[]).includes(wanted.state);
        if (wanted.method === 'pickup') {
          expect(quote === null).toBe(!delivery.options.pickup.enabled);
          if (quote) expect(quote.fee).toBe(delivery.options.pickup.fee);
        } else {
          expect(quote === null).toBe(!known);
          const zone = known ? matchZone(delivery.zones, wanted.state, wanted.city) : null;
          if (quote)
            expect([quote.zone, quote.fee]).toEqual(zone ? [zone.name, zone.fee] : [null, delivery.options.defaultFee]);
        }
        if (!quote || !totals) {
          expect(totals).toBeNull();
          return;
        }
        for (const value of [totals.subtotal, totals.delivery, totals.discount, totals.total])
          expect(isWholeKobo(value)).toBe(true);
        expect(totals.delivery).toBe(totals.freeDelivery ? 0 : quote.fee);
        expect(totals.discount).toBeLessThanOrEqual(totals.subtotal + totals.delivery);
        expect(quote.minDays).toBeLessThanOrEqual(quote.maxDays);
      }),
    );
  });

  it('matches the town whatever its case, spaces or punctuation', () => {
    fc.assert(
      fc.property(items, config, state, fc.constantFrom(...TOWNS), (lines, delivery, where, town) => {
        const plain = checkoutTotals(lines, delivery, { method: 'delivery', state: where, city: town });
        const typed = checkoutTotals(lines, delivery, {
          method: 'delivery',
          state: where,
          city: ` ${town.toUpperCase().replace(/ /g, '  ')}.`,
        });
        expect(typed).toEqual(plain);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(withShuffle, config, choice, ([lines, shuffled], delivery, wanted) => {
        expect(checkoutTotals(shuffled, delivery, wanted)).toEqual(checkoutTotals(lines, delivery, wanted));
      }),
    );
  });
});

describe('cartOrderTotals (before any address)', () => {
  it('names delivery only when every address pays the same or the cart reached free delivery', () => {
    fc.assert(
      fc.property(items, fc.option(fee, { nil: null }), threshold, (lines, uniform, freeDeliveryOver) => {
        const totals = cartOrderTotals(lines, { fee: uniform, freeDeliveryOver });
        const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
        const free = freeDeliveryOver !== null && subtotal >= freeDeliveryOver;
        expect(totals.subtotal).toBe(subtotal);
        expect(totals.delivery).toBe(free ? 0 : uniform);
        expect(totals.total).toBe(totals.delivery === null ? null : subtotal + totals.delivery);
      }),
    );
  });
});
