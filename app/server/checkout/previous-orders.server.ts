/**
 * A customer has at most one unpaid order (decision 0008, stock hoarding): before a new checkout reserves stock, the
 * customer's older pending orders are asked about once more, exactly as the sweep asks (payment-sweep.server.ts):
 * paid after all → completed; finally unpaid → released (stock returned, paymentStatus failed/abandoned). A
 * payment that still arrives for a released order completes it as ever (confirm-payment.server.ts takes the
 * stock again, or flags the order when it is gone). When Paystack cannot be asked, or is still deciding (a
 * transfer on its way), nothing is released blindly: the new checkout waits, with a message that says so.
 */
import { CHECKOUT_MESSAGES } from '~/lib/checkout/checkout';
import { logger } from '../logger.server';
import { paymentSetup } from '../payments/paystack/config.server';
import { settlePendingOrder } from '../payments/payment-sweep.server';

export type PreviousOrder = { id: string; reference: string };

export type Refusal = { kind: 'refused'; status: 400 | 409 | 503; message: string };

/** Settles each previous order; null when none is left holding stock, otherwise why the new checkout must wait. */
export async function settlePreviousOrders(
  userId: string,
  previous: readonly PreviousOrder[],
  ip: string | null,
): Promise<Refusal | null> {
  const setup = paymentSetup();
  if (setup.mode === 'unavailable') return { kind: 'refused', status: 503, message: setup.reason };
  for (const order of previous) {
    const settled = await settlePendingOrder(order, 'checkout');
    const seen = { userId, ip, orderId: order.id, reference: order.reference };
    switch (settled.kind) {
      case 'unreachable':
        // Released blindly, a payment made a moment ago could find its stock sold; kept, the customer would hold
        // two orders' stock. Paystack being away also means the new payment could not start, so waiting costs nothing.
        logger.warn(
          { ...seen, err: settled.message },
          'checkout refused: the previous unpaid order could not be checked with Paystack',
        );
        return { kind: 'refused', status: 503, message: CHECKOUT_MESSAGES.previousPaymentUnchecked };
      case 'kept':
        logger.warn(
          { ...seen, providerStatus: settled.status },
          'checkout refused: the previous payment is still in progress',
        );
        return { kind: 'refused', status: 409, message: CHECKOUT_MESSAGES.previousPaymentInProgress };
      case 'released':
        logger.info({ ...seen, changed: settled.changed }, 'previous unpaid order released by a newer checkout');
        break;
      case 'completed':
      case 'flagged':
        logger.info({ ...seen, outcome: settled.kind }, 'previous order settled by a newer checkout');
        break;
    }
  }
  return null;
}
