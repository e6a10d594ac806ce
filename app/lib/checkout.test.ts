import { parseWithZod } from '@conform-to/zod/v4';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  checkoutSchema,
  orderTotals,
  paymentReference,
  REFERENCE_PATTERN,
  REQUIRED_ADDRESS_FIELDS,
  REQUIRED_FIELD_ERROR,
} from './checkout';

/** The form's errors for `fields` posted as the browser posts them, parsed as the action and the page do. */
const errorsOf = (fields: Record<string, string>) => {
  const submission = parseWithZod(new URLSearchParams(fields), { schema: checkoutSchema });
  return submission.status === 'success' ? {} : (submission.error ?? {});
};

const item = fc.record({
  unitPrice: fc.integer({ min: 0, max: 10_000_000_00 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});
const fee = fc.integer({ min: 0, max: 100_000_00 });

describe('orderTotals', () => {
  it('gives non-negative whole kobo, total = subtotal + delivery', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), fee, (items, deliveryFee) => {
        const totals = orderTotals(items, deliveryFee);
        for (const value of Object.values(totals)) expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
        expect(totals.total).toBe(totals.subtotal + deliveryFee);
        expect(totals.subtotal).toBe(items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0));
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), fee, fc.integer(), (items, deliveryFee, seed) => {
        const shuffled = [...items].sort(
          (a, b) => ((a.unitPrice * 31 + a.quantity + seed) % 7) - ((b.unitPrice * 31 + b.quantity + seed) % 7),
        );
        expect(orderTotals(shuffled, deliveryFee)).toEqual(orderTotals(items, deliveryFee));
      }),
    );
  });

  it('refuses fractional, negative or non-numeric prices and quantities instead of charging them', () => {
    expect(() => orderTotals([{ unitPrice: 10.5, quantity: 1 }], 0)).toThrow(RangeError);
    expect(() => orderTotals([{ unitPrice: -1, quantity: 1 }], 0)).toThrow(RangeError);
    expect(() => orderTotals([{ unitPrice: 100, quantity: 0 }], 0)).toThrow(RangeError);
    expect(() => orderTotals([{ unitPrice: Number.NaN, quantity: 1 }], 0)).toThrow(RangeError);
    expect(() => orderTotals([], -5)).toThrow(RangeError);
  });

  it('docs/requirements.md#15-limits-and-constants: ₦2,600 delivery on top of the lines', () => {
    expect(orderTotals([{ unitPrice: 45_000_00, quantity: 2 }], 2_600_00)).toEqual({
      subtotal: 90_000_00,
      shipping: 2_600_00,
      total: 92_600_00,
    });
  });
});

describe('the checkout form', () => {
  it('names every blank required field (apartment is optional), and says so above the form', () => {
    expect(
      errorsOf({
        firstName: ' ',
        lastName: 'Obi',
        country: 'Nigeria',
        address: 'x',
        city: 'y',
        state: 'Lagos',
        phone: '0803',
        email: '',
      }),
    ).toEqual({
      '': [CHECKOUT_MESSAGES.requiredFields],
      firstName: [REQUIRED_FIELD_ERROR],
      email: [REQUIRED_FIELD_ERROR],
      phone: ['Please enter a Nigerian phone number: +234 or 0 followed by 10 digits.'],
    });
    // Whatever is typed: the form-level message appears exactly when a required field is blank, and each blank
    // field is marked.
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('firstName', 'lastName', 'address', 'city', 'phone', 'email', 'apartment', 'total'),
          fc.constantFrom('', ' ', 'x', 'Lagos', '0803 123 4567', 'a@b.co'),
        ),
        (values) => {
          const form: Record<string, string> = { country: 'Nigeria', state: 'Lagos', ...values };
          const errors = errorsOf(form);
          const blank = REQUIRED_ADDRESS_FIELDS.filter((field) => !(form[field] ?? '').trim());
          expect(errors[''] ?? []).toEqual(blank.length > 0 ? [CHECKOUT_MESSAGES.requiredFields] : []);
          for (const field of blank) expect(errors[field]).toEqual([REQUIRED_FIELD_ERROR]);
        },
      ),
    );
  });

  it('keeps only the address: prices and totals sent by the browser are dropped', () => {
    const parsed = checkoutSchema.parse({
      firstName: 'Ada',
      lastName: 'Obi',
      country: 'Nigeria',
      address: '1 Way',
      city: 'Ikeja',
      state: 'Lagos',
      phone: '08031234567',
      email: 'ADA@example.com',
      total: '1',
      price: '0',
    });
    expect(Object.keys(parsed).sort()).toEqual(
      ['address', 'apartment', 'city', 'country', 'email', 'firstName', 'lastName', 'phone', 'state']
        .filter((k) => k in parsed)
        .sort(),
    );
    expect(parsed).not.toHaveProperty('total');
    expect(parsed.email).toBe('ada@example.com');
  });
});

describe('paymentReference', () => {
  it('has the form pj_{timestamp}_{random} and does not repeat', () => {
    const references = new Set(Array.from({ length: 1000 }, () => paymentReference(1_790_000_000_000)));
    expect(references.size).toBe(1000);
    for (const reference of references) expect(reference).toMatch(REFERENCE_PATTERN);
    expect(paymentReference(1_790_000_000_000, () => 'abc123')).toBe('pj_1790000000000_abc123');
  });
});
