import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  deliveryOptionsSchema,
  optionsToForm,
  zoneOverlap,
  zoneSchema,
  zoneToForm,
  type DeliveryOptionsFormValues,
} from './admin-delivery';
import { NIGERIAN_STATES } from '../nigeria';
import { formDataOf } from '../../../tests/form-data';

/** The form as the page posts it: each ticked state once more under `states`, blank boxes not at all. */
const formOf = (values: Record<string, string | string[] | boolean>) => formDataOf(values);

const zone = {
  name: ' Lagos Island ',
  states: ['Lagos'],
  towns: 'Lekki\n\n  Victoria   Island \nLEKKI\nAjah',
  fee: '2,500',
  minDays: '1',
  maxDays: '2',
};
const parseZone = (values: Record<string, string | string[]>) => parseWithZod(formOf(values), { schema: zoneSchema });

describe('the zone form', () => {
  it('trims, splits the towns by line (blanks and repeats dropped) and stores kobo and whole days', () => {
    const submission = parseZone(zone);
    expect(submission.status === 'success' && submission.value).toEqual({
      name: 'Lagos Island',
      states: ['Lagos'],
      towns: ['Lekki', 'Victoria Island', 'Ajah'],
      fee: 2_500_00,
      minDays: 1,
      maxDays: 2,
      payOnDelivery: false,
    });
    // Pay on delivery is a box: ticked, the zone offers it (decision 0037).
    const ticked = parseZone({ ...zone, payOnDelivery: 'on' });
    expect(ticked.status === 'success' && ticked.value.payOnDelivery).toBe(true);
  });

  it('keeps the states in the list’s order, and shows a saved zone as it was typed', () => {
    const submission = parseZone({ ...zone, states: ['Ogun', 'Lagos', 'Ogun'] });
    const value = submission.status === 'success' ? submission.value : null;
    expect(value?.states).toEqual(['Lagos', 'Ogun']);
    expect(zoneToForm({ id: 'z', ...value!, fee: 2_500_50 })).toEqual({
      name: 'Lagos Island',
      states: ['Lagos', 'Ogun'],
      towns: 'Lekki\nVictoria Island\nAjah',
      fee: '2500.50',
      minDays: '1',
      maxDays: '2',
      payOnDelivery: false,
    });
  });

  it('names every wrong field', () => {
    const submission = parseZone({
      name: '',
      states: ['Atlantis'],
      towns: `Lekki\n${'x'.repeat(101)}`,
      fee: '1000000.01',
      minDays: '3',
      maxDays: '2',
    });
    expect(submission.status === 'error' && submission.error).toEqual({
      name: ['Please enter a name for the zone.'],
      states: ['Please choose states from the list.'],
      towns: ["Please keep each town under 100 characters (a shopper's Town can be no longer)."],
      fee: ['The fee can be at most ₦1,000,000.'],
    });
    const more = parseZone({ ...zone, states: [], fee: '-5', minDays: '0', maxDays: '61' });
    expect(more.status === 'error' && more.error).toEqual({
      states: ['Please choose at least one state.'],
      fee: ['Please enter the fee in naira, e.g. 2600 (0 for free).'],
      minDays: ['Please enter a whole number of working days from 1 to 60.'],
      maxDays: ['Please enter a whole number of working days from 1 to 60.'],
    });
    const order = parseZone({ ...zone, minDays: '3', maxDays: '2' });
    expect(order.status === 'error' && order.error).toEqual({
      maxDays: ['The longest time cannot be shorter than the shortest.'],
    });
    const many = parseZone({ ...zone, towns: Array.from({ length: 101 }, (_, i) => `Town ${i}`).join('\n') });
    expect(many.status === 'error' && many.error).toEqual({ towns: ['At most 100 towns per zone.'] });
  });
});

describe('zoneOverlap', () => {
  const mainland = { name: 'Lagos Mainland', states: ['Lagos'], towns: [] };
  const island = { name: 'Lagos Island', states: ['Lagos'], towns: ['Lekki', 'Victoria Island'] };
  const rest = { name: 'Rest', states: NIGERIAN_STATES.filter((s) => s !== 'Lagos'), towns: [] };

  it('lets a zone naming towns stand beside one covering the same state, and zones of other states', () => {
    expect(zoneOverlap(island, [mainland, rest])).toBeNull();
    expect(zoneOverlap(mainland, [island, rest])).toBeNull();
    expect(zoneOverlap({ states: ['Lagos'], towns: ['Ajah'] }, [island])).toBeNull();
  });

  it('refuses two zones covering the whole of one state, or naming one town in a state both cover', () => {
    expect(zoneOverlap({ states: ['Kano', 'Lagos'], towns: [] }, [island, mainland])).toBe(
      'Lagos is already covered by the zone “Lagos Mainland”. Take it out of that zone first, or name towns here.',
    );
    expect(zoneOverlap({ states: ['Lagos'], towns: ['Ikeja', 'LEKKI '] }, [mainland, island])).toBe(
      'LEKKI  (Lagos) is already in the zone “Lagos Island”.',
    );
    expect(zoneOverlap({ states: ['Ogun'], towns: ['Lekki'] }, [island])).toBeNull();
  });
});

describe('the delivery options form', () => {
  const options: DeliveryOptionsFormValues = {
    defaultFee: '2600',
    defaultMinDays: '5',
    defaultMaxDays: '6',
    freeDeliveryOver: '',
    pickupEnabled: false,
    pickupAddress: '',
    pickupHours: '',
    pickupFee: '0',
    pickupMinDays: '1',
    pickupMaxDays: '2',
    podMaxTotal: '150000',
    podNotFirstOrder: false,
  };
  const parse = (values: Partial<DeliveryOptionsFormValues>) =>
    parseWithZod(formOf({ ...options, ...values }), { schema: deliveryOptionsSchema });

  it('reads a blank free-delivery amount as off, and round-trips what it shows', () => {
    const submission = parse({});
    expect(submission.status === 'success' && submission.value).toEqual({
      defaultFee: 2_600_00,
      defaultDays: { minDays: 5, maxDays: 6 },
      freeDeliveryOver: null,
      pickup: { enabled: false, address: '', hours: '', fee: 0, minDays: 1, maxDays: 2 },
      payOnDelivery: { maxTotal: 150_000_00, notFirstOrder: false },
    });
    const on = parse({
      freeDeliveryOver: '50,000',
      pickupEnabled: true,
      pickupAddress: ' Studio 4 ',
      pickupFee: '500',
    });
    const value = on.status === 'success' ? on.value : null;
    expect(value).toMatchObject({
      freeDeliveryOver: 50_000_00,
      pickup: { enabled: true, address: 'Studio 4', fee: 500_00 },
    });
    expect(optionsToForm(value!)).toEqual({
      ...options,
      freeDeliveryOver: '50000',
      pickupEnabled: true,
      pickupAddress: 'Studio 4',
      pickupFee: '500',
    });
  });

  it('refuses free delivery over ₦0, pickup without an address, and days out of order', () => {
    const submission = parse({
      freeDeliveryOver: '0',
      pickupEnabled: true,
      defaultMinDays: '7',
      pickupMaxDays: '0',
      defaultFee: '2,600,000',
    });
    expect(submission.status === 'error' && submission.error).toEqual({
      defaultFee: ['The delivery fee can be at most ₦1,000,000.'],
      freeDeliveryOver: ['Please enter an amount above ₦0, or leave it blank for no free delivery.'],
      pickupMaxDays: ['Please enter a whole number of working days from 1 to 60.'],
    });
    // What depends on two fields is said once each field is right on its own.
    const both = parse({ pickupEnabled: true, defaultMinDays: '7', pickupMinDays: '3' });
    expect(both.status === 'error' && both.error).toEqual({
      defaultMaxDays: ['The longest time cannot be shorter than the shortest.'],
      pickupMaxDays: ['The longest time cannot be shorter than the shortest.'],
      pickupAddress: ['Please enter the address shoppers collect their orders from.'],
    });
  });
});
