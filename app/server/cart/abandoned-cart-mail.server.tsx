/**
 * The abandoned-cart mail (docs/requirements.md#9-order-and-payment-statuses) in the store's frame
 * (mail/frame.server.tsx): the cart's lines with their pictures at today's prices, what sold out or runs short, a button
 * back to the cart. It is the store's one marketing mail: it ends with why it came and its unsubscribe link, and carries
 * the one-click List-Unsubscribe headers (marketing/unsubscribe.server.ts). ./abandoned-cart.server.ts decides who gets
 * it and when.
 */
import type { StoredImage } from '~/lib/images';
import { formatNaira } from '~/lib/money';
import type { Mail } from '../mail.server';
import { MailFrame, type MailStore } from '../mail/frame.server';
import { Button, OrderLines, Paragraph, SmallPrint } from '../mail/parts.server';
import { renderMail } from '../mail/render.server';
import { marketingHeaders, unsubscribeUrl } from '../marketing/unsubscribe.server';

export type AbandonedLine = {
  name: string;
  size: string;
  color: string;
  quantity: number;
  /** Today's unit price, kobo. */
  price: number;
  /** Units that can be bought now: 0 = sold out. */
  available: number;
  /** The product's first picture. */
  image: StoredImage | null;
};

type Customer = { email: string; firstName: string };

/** Under a line that cannot be bought as it is: "Sold out", "Only 1 left at ₦15,000". */
function lineNote(line: AbandonedLine): string | undefined {
  if (line.available === 0) return 'Sold out';
  if (line.available < line.quantity) return `Only ${line.available} left at ${formatNaira(line.price)}`;
  return undefined;
}

/** "Linen Shirt is still in your cart.", "Linen Shirt and 2 more are still in your cart." */
function previewLine(lines: readonly AbandonedLine[]): string {
  const [first] = lines;
  const more = lines.length - 1;
  return more === 0
    ? `${first.name} is still in your cart. Prices are today's.`
    : `${first.name} and ${more} more ${more === 1 ? 'piece is' : 'pieces are'} still in your cart.`;
}

/** The mail to `customer` about `lines` (never empty: a cart with no line gets no mail). */
export function abandonedCartMail(
  customer: Customer,
  lines: readonly AbandonedLine[],
  store: MailStore,
): Promise<Mail> {
  const cart = `${store.origin}/cart`;
  return renderMail(
    <MailFrame
      store={store}
      preview={previewLine(lines)}
      greeting={`Hello ${customer.firstName},`}
      signOff
      marketing={{
        reason: 'You get this email because you left items in your cart while signed in.',
        unsubscribeUrl: unsubscribeUrl(customer.email),
      }}
    >
      <Paragraph>{`You left ${lines.length === 1 ? 'this' : 'these'} in your cart at ${store.name}:`}</Paragraph>
      <OrderLines
        origin={store.origin}
        lines={lines.map((line) => ({ ...line, unitPrice: line.price, note: lineNote(line) }))}
      />
      <Button href={cart}>Back to your cart</Button>
      <SmallPrint>Prices are today&apos;s; nothing is held for you until you check out.</SmallPrint>
    </MailFrame>,
    {
      to: customer.email,
      subject: `Your cart at ${store.name} is waiting`,
      headers: marketingHeaders(customer.email),
    },
  );
}
