/**
 * What the mail tests share (docs/decisions/0046-mail-frame.md): a store as the frame shows it, words that would be
 * markup if a mail wrote them as HTML, and the checks every mail must pass: its text and HTML say the same thing, shop
 * data stays text, and the HTML fits Gmail's limit.
 */
import { expect } from 'vitest';
import type { Mail } from '~/server/mail.server';
import type { MailStore } from '~/server/mail/frame.server';
import { MAIL_HTML_BUDGET } from '~/server/mail/render.server';

export const testMailStore: MailStore = {
  name: 'Maison Test',
  origin: 'https://shop.example',
  logo: { key: 'brand/logo', width: 400, height: 100, widths: [320, 640] },
  supportEmail: 'help@shop.example',
  supportPhone: '0803 123 4567',
  whatsappNumber: '2348031234567',
  address: '',
};

/** A name or product text that would run a script or draw an image if a mail let it through as markup. */
export const HOSTILE = '<img src=x onerror=alert(1)> & "quoted"';

/** The hostile text as the HTML part must show it: escaped, never as a tag. */
export const HOSTILE_ESCAPED = '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot;';

/**
 * The checks every rendered mail must pass: both parts, the store's frame (its name and support address), no tag from
 * shop data, under the size budget, and `words` in the text part and (escaped as React does) in the HTML.
 */
export function expectFramedMail(mail: Mail, store: MailStore, words: readonly string[] = []) {
  const html = mail.html ?? '';
  expect(html.length).toBeGreaterThan(0);
  expect(html.length).toBeLessThan(MAIL_HTML_BUDGET);
  expect(html).not.toMatch(/<script|<img src=x/i);
  expect(mail.text).toContain(store.name);
  expect(mail.text).toContain(store.supportEmail);
  for (const word of words) {
    expect(mail.text).toContain(word);
    expect(html).toContain(escapeLikeReact(word));
  }
}

/** How React writes text into HTML. */
export const escapeLikeReact = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
