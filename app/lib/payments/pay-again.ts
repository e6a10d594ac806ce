/**
 * Paying an unpaid order again from its page (decision 0025): what the shopper is told. The order keeps its
 * lines and total; the server decides whether it can still be paid (app/server/payments/pay-again.server.ts).
 */
import { formatNaira } from '../money';

/** An order this many hours old is not offered for payment again: its prices may be long gone. */
export const PAY_AGAIN_HOURS = 48;

/** The order page's query parameter after a payment that did not go through (`?payment=failed`). */
export const PAY_AGAIN_RESULT_PARAM = 'payment';

const orderAgain = 'Add the items to your cart to order them again.';

export const PAY_AGAIN_MESSAGES = {
  heading: 'Pay for this order',
  button: (total: number) => `Pay ${formatNaira(total)}`,
  explain:
    'This order has not been paid. Paying continues this same order, so nothing is ordered or charged twice. ' +
    'The items are held for you again while you pay.',
  notPaid: 'The payment did not go through, and nothing was charged. You can try again.',
  cannotPay: `This order can no longer be paid. ${orderAgain}`,
  cancelled: `This order was cancelled, so it can no longer be paid. ${orderAgain}`,
  tooOld: `This order was placed more than ${PAY_AGAIN_HOURS} hours ago, so it can no longer be paid. ${orderAgain}`,
  newerOrder:
    'You have placed a newer order since this one, so this one can no longer be paid. ' +
    'See your newer order in My Orders.',
  underReview: 'This order is being checked by our team, so it cannot be paid now. We will contact you.',
  soldOut: (what: string, left: number) =>
    left > 0
      ? `Only ${left} of ${what} ${left === 1 ? 'is' : 'are'} left, fewer than this order has, so it can no longer ` +
        `be paid. ${orderAgain}`
      : `${what} has sold out since, so this order can no longer be paid. ${orderAgain}`,
  promoClosed: (reason: string) =>
    `${reason} So this order can no longer be paid at its discounted total. ${orderAgain}`,
} as const;
