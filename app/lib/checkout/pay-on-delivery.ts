/**
 * Pay on delivery (decision 0037): cash, POS or a transfer at the door. Offered for an address whose delivery zone
 * allows it, up to the store's limit, never for pickup, never on a first order when the store says so, and no longer
 * to a customer who refused two deliveries at the door (unless the admin forgave them). The page shows the choice by
 * these rules as the shopper types; the server (app/server/checkout/pay-on-delivery.server.ts) decides by the same
 * rules with the zones and the customer's orders read in the order's transaction, whatever the form says (the page
 * does not read the customer's orders: a first order or two refusals are refused at Pay, saying why). Pure and
 * free of Zod: the checkout page loads it.
 */
import { matchZone, type DeliveryChoice, type DeliveryConfig } from '../delivery/delivery';
import { formatNaira } from '../money';
import type { PaymentMethod } from '../orders/orders';

/** The checkout form's field naming how the shopper pays ('paystack' unless the choice is shown and taken). */
export const PAYMENT_METHOD_FIELD = 'paymentMethod';

/** A customer who refused this many deliveries at the door (not forgiven) is no longer offered pay on delivery. */
export const REFUSALS_ALLOWED = 2;

/**
 * The customer's orders as the rules count them: whether they have an earlier order paid or collected, and how many
 * deliveries they refused at the door that the admin did not forgive.
 */
export type PodStanding = { hasPaidOrder: boolean; refusals: number };

export type PodRefusalReason = 'pickup' | 'zone' | 'amount' | 'first-order' | 'refusals';

export type PodVerdict = { kind: 'offered' } | { kind: 'refused'; reason: PodRefusalReason; message: string };

export const POD_WORDS = {
  paystack: 'Pay with Paystack',
  payOnDelivery: 'Pay on delivery: cash, POS or transfer at the door',
  legend: 'How would you like to pay?',
  placeButton: 'Place order',
  placeNote: 'Nothing is charged now: you pay the rider when your order arrives.',
} as const;

/** Why pay on delivery was refused at Pay (docs/requirements.md#14-messages); nothing was placed. */
export function podRefusalMessage(reason: PodRefusalReason, maxTotal: number): string {
  const then = 'Your order was not placed; please choose Pay with Paystack.';
  switch (reason) {
    case 'pickup':
      return `Pay on delivery is for orders we deliver, not pickup. ${then}`;
    case 'zone':
      return `Pay on delivery is not offered for this address. ${then}`;
    case 'amount':
      return `Pay on delivery is offered on orders of up to ${formatNaira(maxTotal)}. ${then}`;
    case 'first-order':
      return `Pay on delivery is offered from your second order with us. ${then}`;
    case 'refusals':
      return `Pay on delivery is no longer offered on your account. ${then}`;
  }
}

/**
 * Whether this choice of delivery, at this total, may be paid on delivery by this customer. `standing` null: the
 * customer's orders are not known (the checkout page, which offers by the zone and total; the server checks them).
 */
export function podVerdict(
  config: DeliveryConfig,
  choice: DeliveryChoice,
  total: number,
  standing: PodStanding | null,
): PodVerdict {
  const { maxTotal, notFirstOrder } = config.options.payOnDelivery;
  const refused = (reason: PodRefusalReason): PodVerdict => ({
    kind: 'refused',
    reason,
    message: podRefusalMessage(reason, maxTotal),
  });
  if (choice.method === 'pickup') return refused('pickup');
  if (!matchZone(config.zones, choice.state, choice.city)?.payOnDelivery) return refused('zone');
  if (total > maxTotal) return refused('amount');
  if (!standing) return { kind: 'offered' };
  if (standing.refusals >= REFUSALS_ALLOWED) return refused('refusals');
  if (notFirstOrder && !standing.hasPaidOrder) return refused('first-order');
  return { kind: 'offered' };
}

/** The method a form value names: anything but pay on delivery is Paystack. */
export const paymentMethodOf = (value: unknown): PaymentMethod =>
  value === 'pay_on_delivery' ? 'pay_on_delivery' : 'paystack';

/** "Pay on delivery: ₦42,000 due": the order's payment line on the shopper's pages and in the mails. */
export const podDueLine = (total: number) => `Pay on delivery: ${formatNaira(total)} due`;

/** What to have ready at the door: the order page and the mails. */
export const podHaveReady = (total: number) =>
  `Please have ${formatNaira(total)} ready when your order arrives: cash, a card for the rider's POS, ` +
  'or a bank transfer to the account the rider gives you.';
