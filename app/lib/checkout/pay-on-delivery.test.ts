/** Pay on delivery's rules (decision 0037), as the checkout page shows them and the server applies them. */
import { describe, expect, it } from 'vitest';
import type { DeliveryConfig, DeliveryZone } from '../delivery/delivery';
import { podDueLine, podHaveReady, podVerdict, type PodStanding } from './pay-on-delivery';

const zone = (name: string, towns: string[], payOnDelivery: boolean): DeliveryZone => ({
  id: name,
  name,
  states: ['Lagos'],
  towns,
  fee: 1_500_00,
  minDays: 1,
  maxDays: 2,
  payOnDelivery,
});

const config = (notFirstOrder = false): DeliveryConfig => ({
  zones: [zone('Lagos Mainland', [], true), zone('Lagos Island', ['Lekki'], false)],
  options: {
    defaultFee: 2_600_00,
    defaultDays: { minDays: 5, maxDays: 6 },
    freeDeliveryOver: null,
    pickup: { enabled: true, address: 'Studio', hours: '', fee: 0, minDays: 1, maxDays: 1 },
    payOnDelivery: { maxTotal: 150_000_00, notFirstOrder },
  },
});

const regular: PodStanding = { hasPaidOrder: true, refusals: 0 };
const yaba = { method: 'delivery' as const, state: 'Lagos', city: 'Yaba' };
const reason = (verdict: ReturnType<typeof podVerdict>) => (verdict.kind === 'refused' ? verdict.reason : null);

describe('pay on delivery', () => {
  it('is offered in a zone that allows it, up to the limit included', () => {
    expect(podVerdict(config(), yaba, 150_000_00, regular)).toEqual({ kind: 'offered' });
    expect(reason(podVerdict(config(), yaba, 150_000_01, regular))).toBe('amount');
  });

  it('follows the zone the address matches: a town zone without it wins, the rest of Nigeria never has it', () => {
    expect(reason(podVerdict(config(), { ...yaba, city: 'lekki' }, 10_000_00, regular))).toBe('zone');
    expect(reason(podVerdict(config(), { ...yaba, state: 'Kano', city: 'Kano' }, 10_000_00, regular))).toBe('zone');
    expect(reason(podVerdict(config(), { ...yaba, method: 'pickup' }, 10_000_00, regular))).toBe('pickup');
  });

  it('two refusals not forgiven stop it; a first order only when the store says so', () => {
    expect(reason(podVerdict(config(), yaba, 10_000_00, { hasPaidOrder: true, refusals: 2 }))).toBe('refusals');
    expect(podVerdict(config(), yaba, 10_000_00, { hasPaidOrder: true, refusals: 1 }).kind).toBe('offered');
    const first = { hasPaidOrder: false, refusals: 0 };
    expect(podVerdict(config(false), yaba, 10_000_00, first).kind).toBe('offered');
    expect(reason(podVerdict(config(true), yaba, 10_000_00, first))).toBe('first-order');
    // The checkout page does not read the customer's orders: it offers by the zone and total, the server decides.
    expect(podVerdict(config(true), yaba, 10_000_00, null).kind).toBe('offered');
  });

  it('says what is due and what to have ready', () => {
    expect(podDueLine(42_000_00)).toBe('Pay on delivery: ₦42,000 due');
    expect(podHaveReady(42_000_00)).toMatch(/^Please have ₦42,000 ready when your order arrives: cash, a card/);
  });
});
