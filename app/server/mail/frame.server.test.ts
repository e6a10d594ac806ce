import { createElement as h, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import { MailFrame, type MailStore } from './frame.server';
import { Address, Button, OrderLines, Paragraph, Totals } from './parts.server';
import { MAIL_HTML_BUDGET, renderMail } from './render.server';

const hostile = '<script>alert(1)</script> & "quotes"';

const sampleStore: MailStore = {
  name: 'Maison <b>Placeholder</b>',
  origin: 'https://shop.example',
  logo: { key: 'brand/logo', width: 400, height: 100, widths: [320, 640] },
  supportEmail: 'help@shop.example',
  supportPhone: '0803 123 4567',
  whatsappNumber: '2348031234567',
  address: '12 Admiralty Way, Lekki',
};

const frame = (store: MailStore, extra: Partial<Parameters<typeof MailFrame>[0]> = {}) =>
  h(MailFrame, {
    store,
    preview: 'Your parcel is on its way',
    greeting: `Hello ${hostile},`,
    signOff: true,
    ...extra,
    children: h(
      Fragment,
      null,
      h(Paragraph, { children: `A line about ${hostile}.` }),
      h(Button, { href: 'https://shop.example/orders/1', children: 'Follow your order' }),
      h(OrderLines, {
        origin: store.origin,
        lines: [
          {
            name: `Shirt ${hostile}`,
            size: 'M',
            color: 'Black',
            quantity: 2,
            unitPrice: 2_000_000,
            image: { key: 'products/1_shirt', width: 800, height: 1000, widths: [320, 640] },
          },
          { name: 'Cap', size: '', color: '', quantity: 1, unitPrice: 500_000, image: null },
        ],
      }),
      h(Totals, { rows: [{ label: 'Subtotal', value: '₦45,000' }], total: { label: 'Total paid', value: '₦45,000' } }),
      h(Address, { title: 'Delivering to', lines: ['Ada Obi', '1 Marina', '', 'Lagos'] }),
    ),
  });

describe('the mail frame', () => {
  it('renders the store, the content and the footer in HTML and in text, shop data as text', async () => {
    const mail = await renderMail(frame(sampleStore), { to: 'ada@example.com', subject: 'Order shipped' });
    const html = mail.html ?? '';
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Order shipped' });
    expect(mail.headers).toBeUndefined();
    // The logo and each line's picture: absolute links to the smallest stored variant wide enough.
    expect(html).toContain('src="https://shop.example/media/brand/logo-320.webp"');
    expect(html).toContain('src="https://shop.example/media/products/1_shirt-320.webp"');
    expect(html).toContain('alt="Maison &lt;b&gt;Placeholder&lt;/b&gt;"');
    expect(html).toContain('Your parcel is on its way');
    expect(html).toContain('href="https://shop.example/orders/1"');
    expect(html).toContain('href="https://wa.me/2348031234567?text=');
    expect(html).toContain('href="mailto:help@shop.example"');
    expect(html).not.toMatch(/<script|<b>Placeholder/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.length).toBeLessThan(MAIL_HTML_BUDGET);
    expect(html).toContain('prefers-color-scheme: dark');

    const text = mail.text;
    expect(text).toContain(`Hello ${hostile},`);
    expect(text).toContain(`A line about ${hostile}.`);
    expect(text).toContain('Follow your order https://shop.example/orders/1');
    expect(text).toMatch(
      /Shirt <script>alert\(1\)<\/script> & "quotes"\s+Size M · Colour Black · Qty 2\s+₦40,000 \(₦20,000 each\)/,
    );
    expect(text).toContain('Subtotal: ₦45,000\nTotal paid: ₦45,000');
    expect(text).toContain('Ada Obi\n1 Marina\nLagos');
    expect(text).toContain('Questions? Reply to this email or write to help@shop.example');
    expect(text).toContain('Call 0803 123 4567');
    expect(text).toContain('12 Admiralty Way, Lekki');
    // The preview line is for the inbox only; pictures are not text.
    expect(text).not.toContain('Your parcel is on its way');
    expect(text).not.toContain('.webp');
    expect(text).not.toContain('Unsubscribe');
  });

  it('names the store without a logo, and leaves out the contacts and address it does not have', async () => {
    const store = { ...sampleStore, logo: null, supportPhone: '', whatsappNumber: '', address: '' };
    const mail = await renderMail(frame(store, { signOff: false }), { to: 'a@example.com', subject: 'S' });
    expect(mail.html).not.toContain('/media/brand/');
    expect(mail.html).not.toContain('wa.me');
    expect(mail.text).toContain('Maison <b>Placeholder</b>');
    expect(mail.text).not.toMatch(/Call |WhatsApp|Admiralty/);
  });

  it('ends a marketing mail with why it came and its unsubscribe link, and keeps its headers', async () => {
    const marketing = {
      reason: 'You left items in your cart.',
      unsubscribeUrl: 'https://shop.example/unsubscribe?t=x',
    };
    const headers = { 'List-Unsubscribe': '<https://shop.example/unsubscribe?t=x>' };
    const mail = await renderMail(frame(sampleStore, { marketing }), { to: 'a@example.com', subject: 'S', headers });
    expect(mail.headers).toEqual(headers);
    expect(mail.html).toContain('href="https://shop.example/unsubscribe?t=x"');
    expect(mail.text).toContain('You left items in your cart. Unsubscribe https://shop.example/unsubscribe?t=x');
  });
});
