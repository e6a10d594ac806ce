/**
 * Each order mail rendered from a fixture (docs/decisions/0046-mail-frame.md): what it says in its text and HTML parts,
 * each line with its picture (an absolute PUBLIC_URL link to a small variant), size, colour, quantity and price, then
 * the totals and the address; hostile names and product text stay text in both parts; every mail under the budget.
 */
import { describe, expect, it } from 'vitest';
import { escapeLikeReact } from '../../../tests/mail-helpers';
import { fixtureOrder, fixtureStore, HOSTILE_HTML, HOSTILE_TEXT } from '../../../tests/order-mail-fixtures';
import type { Mail } from '../mail.server';
import { MAIL_HTML_BUDGET } from '../mail/render.server';
import { confirmationMail, newOrderNotice, supportNotice } from './order-mails.server';
import { awaitingTransferMail, refundProcessedMail } from './money-mails.server';
import { cancelledMail, deliveredMail, shippedMail } from './status-mails.server';
import { unpaidReminderMail, type ReminderOrder } from './unpaid-reminder.server';

const PICTURE = 'https://shop.example/media/products/p1_linen-320.webp';
const order = fixtureOrder();
const number = order.id.slice(-8).toUpperCase();

/** Both parts, the frame, hostile text kept as text, the size budget; `words` in the text and the HTML. */
function expectMail(mail: Mail, words: readonly string[]) {
  const html = mail.html ?? '';
  expect(html.length).toBeLessThan(MAIL_HTML_BUDGET);
  expect(html).not.toContain('<img src=x');
  expect(mail.text).toContain(fixtureStore.supportEmail);
  for (const word of words) {
    expect(mail.text).toContain(word);
    expect(html).toContain(escapeLikeReact(word));
  }
}

/** The order's lines (picture, name, size, colour, quantity, price) and sums, in both parts. */
function expectLines(mail: Mail, note = '') {
  expect(mail.html).toContain(`src="${PICTURE}"`);
  expect(mail.html).toContain(`alt="Linen Shirt ${HOSTILE_HTML}"`);
  expect(mail.html).toContain(`Linen Shirt ${HOSTILE_HTML}`);
  expect(mail.text).toContain(
    `Linen Shirt ${HOSTILE_TEXT}\nSize M · Colour Black · Qty 2\n${note}₦40,000 (₦20,000 each)`,
  );
  expect(mail.text).toContain(`Silk Cap\nColour Ivory · Qty 1\n${note}₦5,000`);
  expect(mail.text).not.toContain('.webp');
}

describe('the order confirmation', () => {
  it('thanks, links the order and shows it in full: lines with pictures, totals, delivery, address', async () => {
    const mail = await confirmationMail(order, fixtureStore);
    expect(mail).toMatchObject({ to: order.address.email, subject: `Order ${number} confirmed` });
    expectMail(
      mail,
      [
        `Your payment was received and order ${number} is confirmed.`,
        'Thank you! 3 items, ₦47,500 paid. We will write again when it ships.',
      ].slice(0, 1),
    );
    expect(mail.html).toContain('Thank you! 3 items, ₦47,500 paid.');
    expect(mail.text).not.toContain('Thank you! 3 items');
    expect(mail.text).toContain(`Hello Ada ${HOSTILE_TEXT},`);
    expect(mail.html).toContain(`Hello Ada ${HOSTILE_HTML},`);
    expectLines(mail);
    expect(mail.text).toContain(
      'Subtotal: ₦45,000\nDelivery (Lagos Island: 1–3 working days): ₦2,500\nTotal paid: ₦47,500',
    );
    expect(mail.text).toContain(`Follow your order https://shop.example/orders/${order.id}`);
    expect(mail.text).toMatch(
      /Delivering to\n\nAda .*\n12 Admiralty Way\nFlat 3\nLekki, Lagos\nNigeria\n\+234 803 123 4567/,
    );
    expect(mail.text).toContain('Payment reference: pj-1700000000000-abc');
  });

  it('for pay on delivery: what to pay at the door, and no payment reference', async () => {
    const mail = await confirmationMail(fixtureOrder({ paymentStatus: 'due', reference: '' }), fixtureStore);
    expectMail(mail, [`Order ${number} is confirmed. You pay on delivery, when it arrives.`]);
    expect(mail.text).toContain('Total: ₦47,500\n\nPay on delivery: ₦47,500 due');
    expect(mail.html).toContain('₦47,500 to pay on delivery');
    expect(mail.text).not.toContain('Payment reference');
  });

  it('for pickup: where to collect it, and the customer details under it', async () => {
    const pickup = {
      method: 'pickup',
      zone: null,
      minDays: 1,
      maxDays: 2,
      pickupAddress: `<b>Studio</b> 4`,
      pickupHours: '9–5',
    } as const;
    const mail = await confirmationMail(fixtureOrder({ delivery: pickup }), fixtureStore);
    expectMail(mail, ['Collect your order at', '<b>Studio</b> 4', 'Open 9–5', 'Your details']);
    expect(mail.html).not.toContain('<b>Studio</b>');
  });

  it('stays under the size budget with many long lines: the first are shown, the rest counted', async () => {
    const line = { ...order.items[0], name: `${'Very long product name '.repeat(8)}${HOSTILE_TEXT}` };
    const mail = await confirmationMail(fixtureOrder({ items: Array.from({ length: 80 }, () => line) }), fixtureStore);
    expect(mail.html!.length).toBeLessThan(MAIL_HTML_BUDGET);
    expect(mail.html!.match(/<img /g)).toHaveLength(26);
    expect(mail.text).toContain("And 55 more lines, in the totals below and on the order's page.");
  });

  it('with a promo code: the discount and its code, markup in the code as text', async () => {
    const mail = await confirmationMail(
      fixtureOrder({ discount: 100_000, promoCode: '<b>CODE</b>', total: 4_650_000 }),
      fixtureStore,
    );
    expect(mail.text).toContain('Discount (<b>CODE</b>): -₦1,000\nTotal paid: ₦46,500');
    expect(mail.html).toContain('Discount (&lt;b&gt;CODE&lt;/b&gt;)');
    expect(mail.html).not.toContain('<b>CODE</b>');
  });
});

describe("the admin's notices", () => {
  it('a new order: the customer, the order in full and a button to its admin page', async () => {
    const mail = await newOrderNotice(order, fixtureStore);
    expect(mail).toMatchObject({ to: fixtureStore.supportEmail, subject: `New order ${number}: ₦47,500` });
    expectMail(mail, [`New paid order ${number} (${order.id}), reference ${order.reference}.`, 'Customer']);
    expectLines(mail);
    expect(mail.text).toContain(`Open the order https://shop.example/admin/orders/${order.id}`);
    expect(mail.text).toContain(order.address.email);
  });

  it('a problem with the money (a dispute): what happened and the order button', async () => {
    const body = `The customer's bank disputes payment ${HOSTILE_TEXT}.`;
    const mail = await supportNotice(fixtureStore, order.id, 'Chargeback opened on order x', body);
    expect(mail).toMatchObject({ to: fixtureStore.supportEmail, subject: 'Chargeback opened on order x' });
    expectMail(mail, [body]);
    expect(mail.text).toContain(`Open the order https://shop.example/admin/orders/${order.id}`);
  });
});

describe('the status mails', () => {
  it('shipped: the carrier, the tracking number, a tracking button, the order and the address', async () => {
    const shipment = {
      carrier: `GIG ${HOSTILE_TEXT}`,
      trackingNumber: 'GIG-1',
      trackingUrl: 'https://gig.example/t/1',
    };
    const mail = await shippedMail(order, shipment, fixtureStore);
    expect(mail.subject).toBe(`Order ${number} has shipped`);
    expectMail(mail, [`is on its way with GIG ${HOSTILE_TEXT}.`, 'Tracking number: GIG-1']);
    expect(mail.text).toContain('Track your parcel https://gig.example/t/1');
    expect(mail.text).toContain(`Follow your order https://shop.example/orders/${order.id}`);
    expect(mail.html).toContain(`With GIG ${HOSTILE_HTML}. Track your parcel.`);
    expectLines(mail);
    expect(mail.text).toContain('Delivering to');
  });

  it('shipped without a usable tracking link: the order button instead', async () => {
    const mail = await shippedMail(
      order,
      { carrier: 'Kwik', trackingNumber: null, trackingUrl: 'javascript:x' },
      fixtureStore,
    );
    expect(mail.text).not.toContain('javascript:');
    expect(mail.text).toContain(`Follow your order https://shop.example/orders/${order.id}`);
  });

  it('delivered: thanks and the invitation to review, with the order', async () => {
    const mail = await deliveredMail(order, fixtureStore);
    expect(mail.subject).toBe(`Order ${number} was delivered`);
    expectMail(mail, ['How does it fit and feel? Review your pieces for other buyers.']);
    expect(mail.text).toContain(`Write a review https://shop.example/orders/${order.id}`);
    expectLines(mail);
  });

  it('cancelled: what happens to the money', async () => {
    const money = { paymentStatus: 'paid' as const, paid: 4_750_000, refunding: 4_750_000, refunded: 0 };
    const mail = await cancelledMail(order, money, fixtureStore);
    expect(mail.subject).toBe(`Order ${number} cancelled`);
    expectMail(mail, [`Order ${number} has been cancelled.`, 'A refund of ₦47,500 is on its way']);
    expectLines(mail);
  });
});

describe('the reminder to pay', () => {
  const reminder = (available: boolean, payable = true): ReminderOrder => ({
    id: order.id,
    total: order.total,
    payable,
    stillHeld: true,
    address: order.address,
    items: order.items.map((item) => ({ ...item, productId: 'p1', available })),
  });

  it('offers to pay the same order with a button', async () => {
    const mail = await unpaidReminderMail(reminder(true), fixtureStore);
    expect(mail.subject).toBe(`Your order ${number} is waiting for payment`);
    expectMail(mail, ['We are still holding these items for you', 'nothing is ordered or charged twice']);
    expect(mail.text).toContain(`Complete your payment https://shop.example/orders/${order.id}`);
    expect(mail.text).toContain('Total: ₦47,500');
    expectLines(mail);
  });

  it('says what sold out, each line with its product link, and offers no payment', async () => {
    const mail = await unpaidReminderMail(reminder(false), fixtureStore);
    expect(mail.subject).toBe(`Order ${number}: an item sold out`);
    expectMail(mail, ['Here is what became of them:']);
    expect(mail.text).toContain('See the product https://shop.example/product/p1');
    expect(mail.text).not.toContain('Complete your payment');
    expectLines(mail, 'Sold out\nSee the product https://shop.example/product/p1\n');
  });
});

describe("the mails about the order's money", () => {
  it('a transfer on its way: the items held for the window, no need to pay again, the order in full', async () => {
    const mail = await awaitingTransferMail(fixtureOrder({ paymentStatus: 'awaiting' }), fixtureStore, 45);
    expect(mail).toMatchObject({ to: order.address.email, subject: `Order ${number}: waiting for your transfer` });
    expectMail(mail, [`Your transfer for order ${number} is on its way to us.`, 'We hold your items for 45 minutes']);
    expect(mail.text).toContain('There is no need to pay again.');
    expect(mail.text).toContain(`Follow your order https://shop.example/orders/${order.id}`);
    expectLines(mail);
  });

  it('a refund sent: how much, where to, and when the bank shows it', async () => {
    const mail = await refundProcessedMail(order, 500_000, fixtureStore);
    expect(mail.subject).toBe(`Refund of ₦5,000 sent for order ${number}`);
    expectMail(mail, [
      `We have sent a refund of ₦5,000 for order ${number} to the card or account you paid with.`,
      'Your bank may take a few working days to show it.',
    ]);
    expectLines(mail);
  });
});
