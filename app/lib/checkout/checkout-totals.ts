/**
 * The checkout's totals for the delivery chosen (decision 0022): the quote for the address or pickup (delivery.ts),
 * priced by the one computation of an order's money (order-totals.ts). The page runs it as the shopper types; the
 * server runs it, with the zones read in the order's transaction, to charge. Apart from order-totals.ts so the cart,
 * which names no address, loads neither the zones' rules nor the list of states.
 */
import { quoteDelivery, type DeliveryChoice, type DeliveryConfig, type DeliveryQuote } from '../delivery/delivery';
import { orderTotals, type Discount, type OrderTotals, type PricedItem } from '../orders/order-totals';

/** A checkout's totals for one choice of delivery: null totals while the choice gives no quote (no state yet). */
export type CheckoutTotals = { quote: DeliveryQuote | null; totals: OrderTotals | null };

export function checkoutTotals(
  items: readonly PricedItem[],
  config: DeliveryConfig,
  choice: DeliveryChoice,
  discount: Discount = {},
): CheckoutTotals {
  const result = quoteDelivery(config, choice);
  if (result.kind !== 'quote') return { quote: null, totals: null };
  const { quote } = result;
  const totals = orderTotals(items, {
    deliveryFee: quote.fee,
    freeDeliveryOver: config.options.freeDeliveryOver,
    discount,
  });
  return { quote, totals };
}
