/** The schema of a signed-out shopper's checkout (docs/decisions/0038-account-inside-checkout.md). */
import { describe, expect, it } from 'vitest';
import { registerSchema } from '../accounts/account-forms';
import { checkoutSchema } from './checkout';
import { checkoutFormSchema, guestCheckoutSchema } from './checkout-account';

const address = {
  firstName: 'Ada',
  lastName: 'Obi',
  country: 'Nigeria',
  address: '12 Admiralty Way',
  city: 'Lekki',
  state: 'Lagos',
  phone: '0803 123 4567',
  email: 'Ada@Example.com',
};

describe("a signed-out shopper's checkout form", () => {
  it("adds /register's own password and terms fields to the checkout schema", () => {
    expect(guestCheckoutSchema.shape.password).toBe(registerSchema.shape.password);
    expect(guestCheckoutSchema.shape.terms).toBe(registerSchema.shape.terms);
    expect(checkoutFormSchema(true)).toBe(checkoutSchema);
    expect(checkoutFormSchema(false)).toBe(guestCheckoutSchema);
  });

  it('keeps the checkout rules and asks for the password and the consent', () => {
    const missing = guestCheckoutSchema.safeParse({ ...address, firstName: ' ' });
    const messages = missing.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        ': Please fill in all required fields',
        'password: Please enter a password.',
        'terms: Please accept the terms and conditions.',
      ]),
    );
    const parsed = guestCheckoutSchema.parse({ ...address, password: 'amber-kettle-river', terms: 'on' });
    expect(parsed).toMatchObject({ email: 'ada@example.com', password: 'amber-kettle-river', terms: 'on' });
  });
});
