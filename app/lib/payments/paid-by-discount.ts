/**
 * An order whose promo code takes off its whole total (₦0: a 100% code with free pickup or free delivery) is paid by
 * the discount, without Paystack, which refuses an amount of 0 (decision 0028,
 * app/server/payments/discount-payment.server.ts). Its words on the checkout, order and admin pages
 * (docs/requirements.md#14-messages).
 */
export const PAID_BY_DISCOUNT = {
  /** The checkout's button for a ₦0 total, instead of "Pay ₦…". */
  button: 'Place order',
  note: 'Your discount covers the whole order: there is nothing to pay, and no card is needed.',
  /** The order page's payment line, and the admin's. */
  paidBy: 'Paid by discount (nothing to pay)',
  received: 'Nothing to pay: your discount covers the whole order.',
} as const;

/** The payments row's provider and channel, and who confirmed it, for an order paid by its discount. */
export const DISCOUNT_PAYMENT = 'discount';

/** A paid order with nothing to pay: only its discount can have paid it (Paystack never charges ₦0). */
export const paidByDiscount = (order: { paymentStatus: string; total: number }) =>
  order.paymentStatus === 'paid' && order.total === 0;
