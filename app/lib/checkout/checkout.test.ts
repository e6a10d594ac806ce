import { parseWithZod } from '@conform-to/zod/v4';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  checkoutSchema,
  deliveryChoiceSchema,
  paymentReference,
  PAYSTACK_REFERENCE,
  REFERENCE_PATTERN,
  REQUIRED_ADDRESS_FIELDS,
  REQUIRED_FIELD_ERROR,
} from './checkout';

/** The form's errors for `fields` posted as the browser posts them, parsed as the action and the page do. */
/** A complete address as the form posts it. */
const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Obi',
  country: 'Nigeria',
  address: '1 Way',
  city: 'Ikeja',
  state: 'Lagos',
  phone: '08031234567',
  email: 'ada@example.com',
};

const errorsOf = (fields: Record<string, string>) => {
  const submission = parseWithZod(new URLSearchParams(fields), { schema: checkoutSchema });
  return submission.status === 'success' ? {} : (submission.error ?? {});
};

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

  it('keeps only the address, delivery or pickup and the fee and total shown: prices sent are dropped', () => {
    const parsed = checkoutSchema.parse({ ...ADDRESS, email: 'ADA@example.com', total: '1', price: '0' });
    expect(Object.keys(parsed).sort()).toEqual(
      [
        'address',
        'apartment',
        'city',
        'country',
        'delivery',
        'email',
        'firstName',
        'lastName',
        'paymentMethod',
        'phone',
        'shownDeliveryFee',
        'shownTotal',
        'state',
      ]
        .filter((k) => k in parsed)
        .sort(),
    );
    expect(parsed).not.toHaveProperty('total');
    expect(parsed.email).toBe('ada@example.com');
    // Nothing said: delivery to the address, and no fee shown (the server then shows its fee before charging it).
    expect([parsed.delivery, parsed.shownDeliveryFee]).toEqual(['delivery', null]);
    // And Paystack: pay on delivery only when asked, which the server then allows or refuses (decision 0037).
    expect(parsed.paymentMethod).toBe('paystack');
  });

  it('reads the fee and total shown as whole kobo, and anything else as none shown at all', () => {
    const shown = (value: string) => checkoutSchema.parse({ ...ADDRESS, shownDeliveryFee: value }).shownDeliveryFee;
    expect(shown('260000')).toBe(260_000);
    expect(shown('0')).toBe(0);
    for (const odd of ['', '-1', '2600.5', '1e5', 'NaN', '9'.repeat(13), ' 260000']) expect(shown(odd)).toBeNull();
    const total = (value: string) => checkoutSchema.parse({ ...ADDRESS, shownTotal: value }).shownTotal;
    expect(total('3260000')).toBe(32_600_00);
    for (const odd of ['', '-1', '32600.5', 'NaN']) expect(total(odd)).toBeNull();
    expect(checkoutSchema.parse(ADDRESS).shownTotal).toBeNull();
    expect(checkoutSchema.parse({ ...ADDRESS, delivery: 'pickup' }).delivery).toBe('pickup');
    expect(errorsOf({ ...ADDRESS, delivery: 'drone' }).delivery).toEqual(['Please choose delivery or pickup.']);
  });
});

describe('Update delivery (deliveryChoiceSchema)', () => {
  const choice = (fields: Record<string, string>) =>
    parseWithZod(new URLSearchParams(fields), { schema: deliveryChoiceSchema });

  it('checks only the state and town, so the rest of a half-filled form is not marked yet', () => {
    const ok = choice({ state: 'Kano', city: ' Kano ', phone: '12' });
    expect(ok.status === 'success' && ok.value).toEqual({ delivery: 'delivery', state: 'Kano', city: 'Kano' });
  });

  it('names an unknown state and a town longer than the form allows', () => {
    const bad = choice({ state: 'Atlantis', city: 'x'.repeat(101) });
    expect(bad.status === 'error' && bad.error).toEqual({
      state: ['Please choose your state.'],
      city: ['Please keep your town under 100 characters.'],
    });
    expect(checkoutSchema.safeParse({ state: 'Lagos', city: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('paymentReference', () => {
  it('has the form pj-{timestamp}-{random}, only characters Paystack takes, and does not repeat', () => {
    const references = new Set(Array.from({ length: 1000 }, () => paymentReference(1_790_000_000_000)));
    expect(references.size).toBe(1000);
    for (const reference of references) {
      expect(reference).toMatch(REFERENCE_PATTERN);
      expect(reference).toMatch(PAYSTACK_REFERENCE);
    }
    expect(paymentReference(1_790_000_000_000, () => 'abc123')).toBe('pj-1790000000000-abc123');
  });

  it('still recognises references made before (pj_…), which Paystack would refuse today', () => {
    expect('pj_1790000000000_abc123').toMatch(REFERENCE_PATTERN);
    expect('pj_1790000000000_abc123').not.toMatch(PAYSTACK_REFERENCE);
    for (const bad of ['pj-1790000000000_abc123', 'pj 1790000000000 abc123', 'x-1790000000000-abc123'])
      expect(bad).not.toMatch(REFERENCE_PATTERN);
  });
});
