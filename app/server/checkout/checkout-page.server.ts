/** What the checkout page and the order-success page read (routes never touch SQL). */
import { and, eq } from 'drizzle-orm';
import { orders } from '~/db/schema';
import { blankAddress, type ShippingAddress } from '~/lib/accounts/address';
import type { PromoView } from '~/lib/promo/cart-promo';
import { REFERENCE_PATTERN } from '~/lib/checkout/checkout';
import type { DeliveryConfig } from '~/lib/delivery/delivery';
import { getSavedAddress } from '../accounts/addresses.server';
import type { CurrentUser } from '../accounts/auth.server';
import { getCartWithPromo, type CartView } from '../cart/cart.server';
import { db } from '../db.server';
import { getDeliveryConfig } from '../delivery/delivery-config.server';
import type { Shopper } from '../http/request-context.server';
import { paymentSetup } from '../payments/paystack/config.server';
import { confirmPayment } from '../payments/confirm-payment.server';
import { knownByReference } from '../payments/payment-references.server';
import { markPaymentLeft } from '../orders/unpaid-reminder.server';

export type CheckoutPage = {
  cart: CartView;
  /** The cart's promo code checked against it now (decision 0023): Pay is refused when it stops applying. */
  promo: PromoView | null;
  /**
   * The zones and options the page quotes from as the shopper types (order-totals.ts, the same code the server
   * charges with); Pay is refused when the fee it showed is not the server's (decision 0022).
   */
  delivery: DeliveryConfig;
  address: ShippingAddress;
  /** False: a signed-out shopper, whose form adds the account fields (decision 0038). */
  signedIn: boolean;
  payments: { mode: 'live' | 'test' } | { mode: 'unavailable'; reason: string };
};

export async function checkoutPage(shopper: Shopper, user: CurrentUser | null): Promise<CheckoutPage> {
  const [{ cart, promo }, saved, delivery] = await Promise.all([
    getCartWithPromo(shopper),
    user ? getSavedAddress(user.id) : null,
    getDeliveryConfig(),
  ]);
  const setup = paymentSetup();
  return {
    cart,
    promo,
    delivery,
    // The saved address when there is one; otherwise the account's name and email (docs/requirements.md#7-checkout:
    // email prefilled).
    address:
      saved ?? blankAddress(user ? { firstName: user.firstName, lastName: user.lastName, email: user.email } : {}),
    signedIn: user !== null,
    payments: setup.mode === 'unavailable' ? { mode: 'unavailable', reason: setup.reason } : { mode: setup.mode },
  };
}

/** The order a reference (current or replaced) belongs to, only when it is this user's (the callback must not confirm others' orders). */
export async function findOwnOrderByReference(reference: string, userId: string): Promise<{ id: string } | undefined> {
  const [row] = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(knownByReference(reference), eq(orders.userId, userId)));
  return row;
}

/** Where the shopper stands after Paystack, in the terms the pages act on. */
export type OwnPaymentCheck =
  | { kind: 'unknown' }
  | { kind: 'paid' | 'awaiting' | 'not-paid' | 'unfinished' | 'review' | 'unconfirmed'; orderId: string };

/**
 * Verifies the shopper's own payment with Paystack (never trusting the browser): the callback after the hosted
 * page, and the pop-up's close (checkout-form.tsx) both ask this. 'unconfirmed': Paystack could not be asked, and
 * the shopper may well have paid, so no second payment is offered; the webhook or the sweep completes it.
 */
export async function checkOwnPayment(reference: string, userId: string): Promise<OwnPaymentCheck> {
  if (!REFERENCE_PATTERN.test(reference)) return { kind: 'unknown' };
  const order = await findOwnOrderByReference(reference, userId);
  if (!order) return { kind: 'unknown' };
  const outcome = await confirmPayment(reference, 'callback');
  switch (outcome.kind) {
    case 'paid':
    case 'awaiting':
      return { kind: outcome.kind, orderId: order.id };
    case 'provider-error':
      return { kind: 'unconfirmed', orderId: order.id };
    case 'unfinished':
      // `ongoing` naming no channel may be a transfer on its way: the order page, which asks again (decision 0029).
      if (outcome.channel === null) return { kind: 'unconfirmed', orderId: order.id };
      // A card left at its OTP step: nothing charged, Pay works at once; the reminder to pay counts from here.
      await markPaymentLeft(order.id);
      return { kind: 'unfinished', orderId: order.id };
    case 'mismatch':
    case 'reversed':
      return { kind: 'review', orderId: order.id };
    default:
      // The shopper left the payment unpaid: the reminder to pay is counted from here (unpaid-reminder.server.ts).
      await markPaymentLeft(order.id);
      return { kind: 'not-paid', orderId: order.id };
  }
}

const lastAsked = new Map<string, number>();
/** Paystack is asked about one order at most this often, however fast its page is refreshed. */
const ASK_EVERY_MS = 5_000;

/**
 * The awaiting page refreshes itself: while its order is unpaid, each visit asks Paystack once more (at most every few
 * seconds per order), so the page turns to Paid without waiting for the webhook. The caller has already found the
 * order among the shopper's own (getOrderForUser), so Paystack is asked straight away. True when it was asked.
 */
export async function recheckWaitingPayment(order: {
  id: string;
  paymentStatus: string;
  paymentReference: string | null;
}): Promise<boolean> {
  if (!order.paymentReference || !['pending', 'awaiting'].includes(order.paymentStatus)) return false;
  const now = Date.now();
  if (now - (lastAsked.get(order.id) ?? 0) < ASK_EVERY_MS) return false;
  lastAsked.set(order.id, now);
  if (lastAsked.size > 10_000) lastAsked.clear();
  await confirmPayment(order.paymentReference, 'callback');
  return true;
}
