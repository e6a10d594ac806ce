import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, addressSchema, blankAddress, parseStoredAddress, shippingAddressSchema } from './address';

const valid = {
  firstName: ' Ada ',
  lastName: 'Obi',
  country: 'Nigeria',
  address: '12 Admiralty Way',
  apartment: '',
  city: 'Lekki',
  state: 'Lagos',
  phone: '0803 123 4567',
  email: ' Ada@Example.com ',
};

describe('shippingAddressSchema', () => {
  it('trims, normalises the phone and email, and drops an empty apartment', () => {
    expect(shippingAddressSchema.parse(valid)).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      country: 'Nigeria',
      address: '12 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
      phone: '+234 803 123 4567',
      email: 'ada@example.com',
    });
  });

  it('names every problem by field', () => {
    const result = shippingAddressSchema.safeParse({
      ...valid,
      firstName: '  ',
      country: 'Ghana',
      state: 'Lagos State',
      phone: '12345',
      email: 'nope',
      city: 'x'.repeat(101),
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(byField).toEqual({
      firstName: 'Please enter your first name.',
      country: ADDRESS_MESSAGES.country,
      state: ADDRESS_MESSAGES.state,
      phone: ADDRESS_MESSAGES.phone,
      email: ADDRESS_MESSAGES.email,
      city: 'Please keep your town under 100 characters.',
    });
  });

  it('requires every field but the apartment', () => {
    const result = shippingAddressSchema.safeParse({});
    expect(result.error!.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'address',
      'city',
      'country',
      'email',
      'firstName',
      'lastName',
      'phone',
      'state',
    ]);
  });

  it('as a posted form: an empty input says what is missing; with one word for blanks, every blank says it', () => {
    const posted = new URLSearchParams({ ...valid, firstName: '', state: '', phone: '  ' });
    const own = parseWithZod(posted, { schema: shippingAddressSchema });
    expect(own.status === 'error' && own.error).toEqual({
      firstName: ['Please enter your first name.'],
      state: [ADDRESS_MESSAGES.state],
      phone: ['Please enter your phone number.'],
    });
    const blank = parseWithZod(posted, { schema: addressSchema('Required.') });
    expect(blank.status === 'error' && blank.error).toEqual({
      firstName: ['Required.'],
      state: ['Required.'],
      phone: ['Required.'],
    });
    // A wrong choice is not a blank one: it keeps its own message.
    const wrong = parseWithZod(new URLSearchParams({ ...valid, state: 'Lagos State' }), { schema: addressSchema('X') });
    expect(wrong.status === 'error' && wrong.error).toEqual({ state: [ADDRESS_MESSAGES.state] });
  });

  it('defaults the country to Nigeria and reads stored addresses defensively', () => {
    expect(blankAddress({ email: 'me@example.com', firstName: 'Ada' })).toMatchObject({
      country: 'Nigeria',
      email: 'me@example.com',
      firstName: 'Ada',
      lastName: '',
      state: '',
    });
    expect(parseStoredAddress({ firstName: 'Ada' })).toBeNull();
    expect(parseStoredAddress(null)).toBeNull();
    expect(parseStoredAddress({ ...valid, apartment: 'Flat 3' })).toMatchObject({
      apartment: 'Flat 3',
      phone: '+234 803 123 4567',
    });
  });
});
