/**
 * The mails of an "Email me when …" request in the store's frame (docs/decisions/0046-mail-frame.md): the
 * confirmation and the one alert, back in stock or dropped, in HTML and in text, catalog words kept as text.
 */
import { describe, expect, it } from 'vitest';
import { HOSTILE, HOSTILE_ESCAPED, expectFramedMail, testMailStore } from '../../../tests/mail-helpers';
import { alertConfirmationMail, alertMail, type ReadyAlert } from './alert-mails.server';

const image = { key: 'products/kaftan', width: 800, height: 1000, widths: [320, 640] };
const restock: ReadyAlert = {
  email: 'ada@example.com',
  productId: 'kaftan-01',
  name: `Kaftan ${HOSTILE}`,
  price: 45_000_00,
  size: 'M',
  color: 'Black',
  image,
  reason: 'restock',
};

describe('the alert mail', () => {
  it('back in stock: the piece, its size and colour, picture, price and a button to its page', async () => {
    const mail = await alertMail(restock, testMailStore);
    expectFramedMail(mail, testMailStore, [
      `Good news: Kaftan ${HOSTILE} (size M, colour Black) is back in stock at Maison Test.`,
      'Price now: ₦45,000',
      'this is the only email we send about it',
    ]);
    expect(mail.subject).toBe(`Back in stock: Kaftan ${HOSTILE}`);
    expect(mail.html).toContain(`Kaftan ${HOSTILE_ESCAPED} (size M, colour Black) is back at ₦45,000.`);
    expect(mail.html).toContain('src="https://shop.example/media/products/kaftan-640.webp"');
    expect(mail.html).toContain(`alt="Kaftan ${HOSTILE_ESCAPED}"`);
    expect(mail.text).toContain('See it and order https://shop.example/product/kaftan-01');
    expect(mail.text).not.toContain('.webp');
    expect(mail.headers).toBeUndefined();
  });

  it('dropped: the same mail with the drop’s words, and no picture when the product has none', async () => {
    const mail = await alertMail({ ...restock, size: '', color: '', image: null, reason: 'drop' }, testMailStore);
    expectFramedMail(mail, testMailStore, [
      `It has dropped: Kaftan ${HOSTILE} is on sale now at Maison Test.`,
      'Price: ₦45,000',
      'Drops sell out fast, so we cannot hold one for you.',
    ]);
    expect(mail.subject).toBe(`It has dropped: Kaftan ${HOSTILE}`);
    expect(mail.html).not.toContain('/media/products/');
  });

  it('keeps the subject on one line whatever the name holds', async () => {
    const mail = await alertMail({ ...restock, name: 'Two\r\nlines' }, testMailStore);
    expect(mail.subject).toBe('Back in stock: Two lines');
  });
});

describe('the confirmation mail', () => {
  it('says what is asked in the catalog’s words, with the confirming link as a button', async () => {
    const link = 'https://shop.example/back-in-stock/confirm?token=abc';
    const alert = { email: 'a@example.com', productName: HOSTILE, size: 'M', color: '', link };
    const mail = await alertConfirmationMail({ ...alert, reason: 'drop' }, testMailStore, 48);
    expectFramedMail(mail, testMailStore, [
      `asked Maison Test to email this address once when ${HOSTILE} (size M) drops (opens for sale).`,
      'The link works for 48 hours.',
    ]);
    expect(mail.subject).toBe(`Confirm your alert: ${HOSTILE}`);
    expect(mail.text).toContain(`Confirm the alert ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
  });
});
