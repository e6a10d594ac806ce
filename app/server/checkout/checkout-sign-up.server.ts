/**
 * Pay by a signed-out shopper (docs/decisions/0038-account-inside-checkout.md): the form is checked with the visitor's
 * schema (lib/checkout/checkout-account.ts: the shipping fields, /register's password and terms consent), then the
 * account is made or signed in to (accounts/checkout-account.server.ts). The order is placed afterwards by the same
 * request, for the account, with the new session's cookies on every answer.
 */
import type { SubmissionResult } from '@conform-to/react';
import { PASSWORD_FIELDS } from '~/lib/accounts/account-forms';
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { guestCheckoutSchema } from '~/lib/checkout/checkout-account';
import { accountForCheckout } from '../accounts/checkout-account.server';
import { getCartCount } from '../cart/cart.server';
import { parseSubmission } from '../http/form-submission.server';
import type { Shopper } from '../http/request-context.server';

export type CheckoutPayer =
  /** `headers`: the new session's cookies, for every answer of this Pay (none for a shopper signed in before). */
  | { ok: true; user: { id: string; email: string }; headers?: Headers }
  | { ok: false; status: number; result: SubmissionResult<string[]> };

/**
 * Who pays: the signed-in customer, or the account a signed-out shopper's form makes or signs in to. No account is
 * made for a Pay that cannot place an order: an empty cart (a post forged past the page, or a cart emptied in another
 * tab) is refused first, as placing the order would refuse it.
 */
export async function checkoutPayer(request: Request, form: FormData, shopper: Shopper): Promise<CheckoutPayer> {
  if (shopper.user) return { ok: true, user: shopper.user };
  const submission = parseSubmission(form, guestCheckoutSchema);
  // Passwords never go back to the page, whatever the answer.
  if (submission.status !== 'success')
    return { ok: false, status: 400, result: submission.reply({ hideFields: PASSWORD_FIELDS }) };
  if ((await getCartCount(shopper)) === 0) {
    const result = submission.reply({ formErrors: [CHECKOUT_MESSAGES.emptyCart], hideFields: PASSWORD_FIELDS });
    return { ok: false, status: 400, result };
  }
  const { email, password, firstName, lastName } = submission.value;
  const account = await accountForCheckout(request, { email, password, firstName, lastName });
  // Nor does any later answer of this Pay (a changed fee, a refusal): the password leaves the form here.
  form.delete('password');
  if (account.ok) return account;
  const errors = account.field
    ? { fieldErrors: { [account.field]: [account.message] } }
    : { formErrors: [account.message] };
  return { ok: false, status: account.status, result: submission.reply({ ...errors, hideFields: PASSWORD_FIELDS }) };
}
