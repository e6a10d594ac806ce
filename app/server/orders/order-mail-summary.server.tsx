/**
 * What every order mail shows under its news (docs/requirements.md#9-order-and-payment-statuses): each line with its
 * picture, size, colour, quantity and price, then the sums, the total and where the order goes (the address, or the
 * pickup point), from the order's own snapshot (decision 0022: the delivery checkout promised, never today's zones).
 */
import type { ShippingAddress } from '~/lib/accounts/address';
import { podDueLine } from '~/lib/checkout/pay-on-delivery';
import { describeOrderDelivery } from '~/lib/delivery/delivery';
import { formatFee, formatNaira } from '~/lib/money';
import { orderDiscountLine, type OrderDelivery, type PaymentStatus } from '~/lib/orders/orders';
import { PAID_BY_DISCOUNT } from '~/lib/payments/paid-by-discount';
import { Address, OrderLines, Totals, type MailLine } from '../mail/parts.server';

/** The order as its mails read it (order-mails.server.tsx's loadOrder). */
export type MailOrder = {
  id: string;
  reference: string;
  subtotal: number;
  shipping: number;
  /** What the promo code took off, and the code as the order keeps it (decision 0023). */
  discount: number;
  promoCode: string | null;
  total: number;
  address: ShippingAddress;
  /** What checkout promised (decision 0022): the mail says the order's own, never today's zones. */
  delivery: OrderDelivery;
  /** Each line as the order keeps it; the notes and links of MailLine are the reminder's and the cart's. */
  items: Omit<MailLine, 'note' | 'link'>[];
  /** 'due': pay on delivery, the money collected at the door (decision 0037); the mails say what to have ready. */
  paymentStatus: PaymentStatus;
};

/** The number a customer reads: the order id's last eight characters. */
export const orderNumber = (order: { id: string }) => order.id.slice(-8).toUpperCase();

/** "2 items" or "1 item": for subjects and preview lines. */
export const itemCount = (order: Pick<MailOrder, 'items'>) => {
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
};

/** "Delivery (Lagos Mainland: 1–2 working days)" or "Pickup (ready in 1–2 working days)". */
export function deliveryLabel(order: MailOrder): string {
  const promise = describeOrderDelivery(order.delivery);
  return order.delivery.method === 'pickup' ? `Pickup (${promise.replace(/^Pickup: /, '')})` : `Delivery (${promise})`;
}

/** The sums before the total: subtotal, delivery and, with a code, "Discount (WELCOME10)" "-₦2,000". */
export function sumRows(order: MailOrder): { label: string; value: string }[] {
  const discount = orderDiscountLine(order);
  return [
    { label: 'Subtotal', value: formatNaira(order.subtotal) },
    { label: deliveryLabel(order), value: formatFee(order.shipping) },
    ...(discount ? [{ label: discount.label, value: discount.amount }] : []),
  ];
}

/**
 * "Total paid: ₦42,000"; pay on delivery, "Total: ₦42,000" and what to have ready; an order its discount paid whole
 * (decision 0028), a total that does not claim a payment was taken.
 */
export function totalRow(order: MailOrder): { total: { label: string; value: string }; note?: string } {
  if (order.paymentStatus === 'due')
    return { total: { label: 'Total', value: formatNaira(order.total) }, note: podDueLine(order.total) };
  if (order.total === 0) return { total: { label: 'Total', value: `${formatNaira(0)} (${PAID_BY_DISCOUNT.paidBy})` } };
  return { total: { label: 'Total paid', value: formatNaira(order.total) } };
}

/** The address as the mails write it, one line each (empty parts left out). */
export function addressLines(address: ShippingAddress): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.address,
    address.apartment ?? '',
    `${address.city}, ${address.state}`,
    address.country,
    address.phone,
  ].filter(Boolean);
}

/** Where the order goes: the address, or where the customer collects it (with their own details under). */
export function Destination({ order }: { order: MailOrder }) {
  const { delivery } = order;
  if (delivery.method !== 'pickup') return <Address title="Delivering to" lines={addressLines(order.address)} />;
  const hours = delivery.pickupHours ? `Open ${delivery.pickupHours}` : '';
  return (
    <>
      <Address title="Collect your order at" lines={[delivery.pickupAddress ?? 'Our store', hours]} />
      <Address title="Your details" lines={addressLines(order.address)} />
    </>
  );
}

/** The order in full: its lines with pictures, the sums and total, and (unless `destination` is false) where it goes. */
export function OrderSummary({
  order,
  origin,
  destination = true,
}: {
  order: MailOrder;
  origin: string;
  destination?: boolean;
}) {
  const { total, note } = totalRow(order);
  return (
    <>
      <OrderLines lines={order.items} origin={origin} />
      <Totals rows={sumRows(order)} total={total} note={note} />
      {destination ? <Destination order={order} /> : null}
    </>
  );
}
