/** What the checkout page and the order-success page read (routes never touch SQL). */
import { sql } from 'drizzle-orm';
import { blankAddress, type ShippingAddress } from '~/lib/address';
import { getSavedAddress } from '../addresses.server';
import type { CurrentUser } from '../auth.server';
import { getCart, type CartView } from '../cart.server';
import { db } from '../db.server';
import { paymentSetup } from '../payments/config.server';
import { getSettings } from '../settings.server';

export type CheckoutPage = {
  cart: CartView;
  deliveryFee: number;
  address: ShippingAddress;
  payments: { mode: 'live' | 'test' } | { mode: 'unavailable'; reason: string };
};

export async function checkoutPage(request: Request, user: CurrentUser): Promise<CheckoutPage> {
  const [cart, saved, settings] = await Promise.all([getCart(request), getSavedAddress(user.id), getSettings()]);
  const setup = paymentSetup();
  return {
    cart,
    deliveryFee: settings.deliveryFee,
    // The saved address when there is one; otherwise the account's name and email (SPEC.md: email prefilled).
    address: saved ?? blankAddress({ firstName: user.firstName, lastName: user.lastName, email: user.email }),
    payments: setup.mode === 'unavailable' ? { mode: 'unavailable', reason: setup.reason } : { mode: setup.mode },
  };
}

/** The order a reference belongs to, only when it is this user's (the callback must not confirm others' orders). */
export async function findOwnOrderByReference(reference: string, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await db().execute<{ id: string }>(sql`select id from orders where payment_reference = ${reference} and user_id = ${userId}`);
  return row;
}
