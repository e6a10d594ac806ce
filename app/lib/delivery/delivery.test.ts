import { describe, expect, it } from 'vitest';
import {
  deliveryFeeChangedMessage,
  deliveryOverview,
  describeOrderDelivery,
  describeQuote,
  formatWorkingDays,
  matchZone,
  nextSteps,
  quoteDelivery,
  standardDeliveryLabel,
  townKey,
  uniformFee,
  type DeliveryConfig,
  type DeliveryZone,
} from './delivery';

const zone = (name: string, states: string[], towns: string[], fee: number, minDays = 1, maxDays = 2) =>
  ({ id: name, name, states, towns, fee, minDays, maxDays, payOnDelivery: false }) satisfies DeliveryZone;

const MAINLAND = zone('Lagos Mainland', ['Lagos'], [], 1_500_00);
const ISLAND = zone('Lagos Island & Lekki–Ajah', ['Lagos'], ['Lekki', 'Victoria Island', 'Ajah'], 2_500_00);
const ABUJA = zone('Abuja (FCT)', ['Federal Capital Territory'], [], 3_000_00, 2, 3);

const config = (zones: DeliveryZone[], options: Partial<DeliveryConfig['options']> = {}): DeliveryConfig => ({
  zones,
  options: {
    defaultFee: 2_600_00,
    defaultDays: { minDays: 5, maxDays: 6 },
    freeDeliveryOver: null,
    pickup: { enabled: false, address: '', hours: '', fee: 0, minDays: 1, maxDays: 1 },
    payOnDelivery: { maxTotal: 150_000_00, notFirstOrder: false },
    ...options,
  },
});

describe('townKey', () => {
  it('ignores case, spaces, punctuation and accents', () => {
    expect(townKey('  Victoria   Island ')).toBe('victoriaisland');
    expect(townKey('V.I.')).toBe(townKey('vi'));
    expect(townKey('Lekki-Phase 1')).toBe(townKey('lekki phase1'));
    expect(townKey('Oshodi–Isolo')).toBe('oshodiisolo');
    expect(townKey('Ìkòyí')).toBe('ikoyi');
    expect(townKey(' .- ')).toBe('');
  });
});

describe('matchZone', () => {
  it('prefers the zone naming the town over the one covering the whole state, in either order', () => {
    for (const zones of [
      [MAINLAND, ISLAND],
      [ISLAND, MAINLAND],
    ]) {
      expect(matchZone(zones, 'Lagos', 'lekki')?.name).toBe(ISLAND.name);
      expect(matchZone(zones, 'Lagos', 'VICTORIA  island')?.name).toBe(ISLAND.name);
      expect(matchZone(zones, 'Lagos', 'Ikeja')?.name).toBe(MAINLAND.name);
      expect(matchZone(zones, 'Lagos', '')?.name).toBe(MAINLAND.name);
    }
  });

  it('matches a town only in the states of its zone, and nothing for a state no zone covers', () => {
    expect(matchZone([ISLAND], 'Ogun', 'Lekki')).toBeNull();
    expect(matchZone([ISLAND], 'Lagos', 'Ikeja')).toBeNull();
    expect(matchZone([MAINLAND, ISLAND, ABUJA], 'Kano', 'Kano')).toBeNull();
    expect(matchZone([MAINLAND, ISLAND, ABUJA], 'Federal Capital Territory', 'Wuse')?.name).toBe(ABUJA.name);
  });

  it('takes the first-made of two alike zones (the admin screen refuses such overlaps)', () => {
    const twin = zone('Lagos again', ['Lagos'], [], 9_00);
    expect(matchZone([MAINLAND, twin], 'Lagos', 'Yaba')?.name).toBe(MAINLAND.name);
  });
});

describe('quoteDelivery', () => {
  const store = config([MAINLAND, ISLAND, ABUJA], {
    pickup: { enabled: true, address: 'Studio 4, Lekki', hours: 'Mon - Fri', fee: 500_00, minDays: 1, maxDays: 2 },
  });

  it('quotes the zone, the default where none matches, and pickup', () => {
    expect(quoteDelivery(store, { method: 'delivery', state: 'Lagos', city: 'Ajah' })).toEqual({
      kind: 'quote',
      quote: { method: 'delivery', zone: ISLAND.name, fee: 2_500_00, minDays: 1, maxDays: 2, pickup: null },
    });
    expect(quoteDelivery(store, { method: 'delivery', state: 'Kano', city: 'Kano' })).toEqual({
      kind: 'quote',
      quote: { method: 'delivery', zone: null, fee: 2_600_00, minDays: 5, maxDays: 6, pickup: null },
    });
    expect(quoteDelivery(store, { method: 'pickup', state: '', city: '' })).toEqual({
      kind: 'quote',
      quote: {
        method: 'pickup',
        zone: null,
        fee: 500_00,
        minDays: 1,
        maxDays: 2,
        pickup: { address: 'Studio 4, Lekki', hours: 'Mon - Fri' },
      },
    });
  });

  it('has no quote without a known state, nor for pickup while the store does not offer it', () => {
    expect(quoteDelivery(store, { method: 'delivery', state: '', city: 'Lekki' })).toEqual({ kind: 'no-state' });
    expect(quoteDelivery(store, { method: 'delivery', state: 'lagos', city: '' })).toEqual({ kind: 'no-state' });
    expect(quoteDelivery(config([]), { method: 'pickup', state: 'Lagos', city: '' })).toEqual({ kind: 'no-pickup' });
  });
});

describe('the words', () => {
  it('says the working days, the brief’s standard label and a quote', () => {
    expect(formatWorkingDays({ minDays: 1, maxDays: 1 })).toBe('1 working day');
    expect(formatWorkingDays({ minDays: 3, maxDays: 3 })).toBe('3 working days');
    expect(formatWorkingDays({ minDays: 1, maxDays: 2 })).toBe('1–2 working days');
    expect(standardDeliveryLabel({ minDays: 5, maxDays: 6 })).toBe('Standard 5-6 Working Days');
    expect(describeQuote({ method: 'delivery', zone: 'Lagos Mainland', minDays: 1, maxDays: 2 })).toBe(
      'Lagos Mainland: 1–2 working days',
    );
    expect(describeQuote({ method: 'delivery', zone: null, minDays: 5, maxDays: 6 })).toBe(
      'Standard delivery: 5–6 working days',
    );
    expect(describeQuote({ method: 'pickup', zone: null, minDays: 1, maxDays: 1 })).toBe(
      'Pickup: ready in 1 working day',
    );
  });

  it('tells the shopper the fee now charged before Pay is pressed again', () => {
    expect(
      deliveryFeeChangedMessage({
        shown: null,
        fee: 2_600_00,
        total: 32_600_00,
        method: 'delivery',
        place: 'Kano, Kano',
      }),
    ).toBe('Delivery to Kano, Kano costs ₦2,600. Please check your total of ₦32,600 and press Pay again.');
    expect(
      deliveryFeeChangedMessage({
        shown: 2_500_00,
        fee: 4_000_00,
        total: 34_000_00,
        method: 'delivery',
        place: 'Lekki, Lagos',
      }),
    ).toBe(
      'Delivery to Lekki, Lagos costs ₦4,000 now, not ₦2,500 as shown before. ' +
        'Please check your total of ₦34,000 and press Pay again.',
    );
    expect(deliveryFeeChangedMessage({ shown: 0, fee: 500_00, total: 30_500_00, method: 'pickup', place: 'x' })).toBe(
      'Pickup costs ₦500 now, not free as shown before. Please check your total of ₦30,500 and press Pay again.',
    );
  });

  it('describes an order from its own snapshot, the brief’s 5-6 days for orders from before zones', () => {
    expect(describeOrderDelivery({ method: 'delivery', zone: null, minDays: null, maxDays: null })).toBe(
      'Standard delivery: 5–6 working days',
    );
    const pickup = { method: 'pickup' as const, zone: null, minDays: 1, maxDays: 2, pickupAddress: 'Studio 4' };
    expect(nextSteps(pickup)).toBe(
      'What happens next: we prepare your order for pickup at Studio 4 and tell you when it is ready ' +
        '(Pickup: ready in 1–2 working days).',
    );
    expect(nextSteps({ method: 'delivery', zone: 'Abuja (FCT)', minDays: 2, maxDays: 3, pickupAddress: null })).toBe(
      'What happens next: we prepare your order and dispatch it from Lagos on the next working day ' +
        '(Abuja (FCT): 2–3 working days).',
    );
  });
});

describe('deliveryOverview and uniformFee (the same for every shopper)', () => {
  it('says the brief’s standard line and the one fee while there are no zones', () => {
    const none = config([]);
    expect(deliveryOverview(none)).toEqual({
      standard: 'Standard 5-6 Working Days',
      rates: [{ name: 'Anywhere in Nigeria', days: '5–6 working days', fee: '₦2,600' }],
      freeOver: null,
      pickup: null,
    });
    expect(uniformFee(none)).toBe(2_600_00);
  });

  it('lists each zone then the rest of Nigeria, free delivery and pickup; no single fee to name', () => {
    const store = config([MAINLAND, ABUJA], {
      freeDeliveryOver: 100_000_00,
      pickup: { enabled: true, address: 'Studio 4', hours: '10-6', fee: 0, minDays: 1, maxDays: 1 },
    });
    expect(deliveryOverview(store, (days) => `in ${days.maxDays}`)).toEqual({
      standard: null,
      rates: [
        { name: 'Lagos Mainland', days: '1–2 working days', fee: '₦1,500', arrival: 'in 2' },
        { name: 'Abuja (FCT)', days: '2–3 working days', fee: '₦3,000', arrival: 'in 3' },
        { name: 'Rest of Nigeria', days: '5–6 working days', fee: '₦2,600', arrival: 'in 6' },
      ],
      freeOver: '₦100,000',
      pickup: { address: 'Studio 4', hours: '10-6', days: '1 working day', fee: 'Free' },
    });
    expect(uniformFee(store)).toBeNull();
    expect(uniformFee(config([zone('All', ['Kano'], [], 2_600_00)]))).toBe(2_600_00);
  });
});
