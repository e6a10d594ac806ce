/**
 * A signed-out shopper's checkout (docs/decisions/0038-account-inside-checkout.md): the shipping form plus what makes
 * their account at Pay. The email and the name are the address's own fields; the password and the terms consent are
 * /register's fields (lib/accounts/account-forms.ts), with its rules and messages. The server parses a visitor's Pay
 * with this schema, a signed-in customer's with checkoutSchema, and the page checks the form with the same one.
 */
import { registerSchema } from '../accounts/account-forms';
import { checkoutSchema } from './checkout';

/** A signed-out shopper's form: the shipping fields and /register's own password and terms (not copies of them). */
export const guestCheckoutSchema = checkoutSchema.safeExtend({
  password: registerSchema.shape.password,
  terms: registerSchema.shape.terms,
});

/** The schema of the checkout form: a visitor's adds the account fields. */
export const checkoutFormSchema = (signedIn: boolean): typeof checkoutSchema =>
  signedIn ? checkoutSchema : guestCheckoutSchema;

/** The texts of the account part of checkout (docs/requirements.md#14-messages). */
export const CHECKOUT_ACCOUNT_MESSAGES = {
  intro: 'We create your account with the email above, so you can follow your order. It takes no extra step.',
  /**
   * Pay with an address whose account did not take the password typed. Said conditionally: the page never states
   * that an address is registered (decision 0038 weighs what the refusal itself tells).
   */
  existingAccount:
    'If this email already has an account here, enter the password of that account, or sign in first. ' +
    'Forgot it? Reset your password, then come back to your cart.',
} as const;
