/**
 * The store's one mail frame. Every mail opens with its greeting, then says its own paragraphs, then signs off with
 * the store's name (the account mails and the order confirmation do not); a marketing mail ends with why it came and
 * how to stop it (marketing/unsubscribe.server.ts). The text part puts a blank line between those blocks; the HTML
 * part is one `<p>` a block. Names, codes and links are shop data or a shopper's words: the frame escapes what it
 * writes, and each mail escapes its own HTML blocks with escapeHtml.
 */
import type { Mail } from './mail.server';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One HTML paragraph of plain words. */
export const htmlParagraph = (words: string) => `<p>${escapeHtml(words)}</p>`;

export type MailContent = {
  to: string;
  subject: string;
  /** "Hello Ada," or "Hello," where the name may be a stranger's words. */
  greeting: string;
  /** The mail's own lines in the text part (blank lines included) and its HTML blocks, already escaped. */
  text: string[];
  html: string[];
  /** The store's name, to sign off with; none for the account mails and the order confirmation. */
  signOff?: string;
  /** After the sign-off, in small print: why a marketing mail came, with its unsubscribe link and headers. */
  footer?: { text: string; html: string; headers: Record<string, string> };
};

export function framedMail({ to, subject, greeting, text, html, signOff, footer }: MailContent): Mail {
  const signed = signOff === undefined ? [] : ['', signOff];
  const mail: Mail = {
    to,
    subject,
    text: [greeting, '', ...text, ...signed, ...(footer ? ['', footer.text] : [])].join('\n'),
    html: [
      htmlParagraph(greeting),
      ...html,
      ...(signOff === undefined ? [] : [htmlParagraph(signOff)]),
      ...(footer ? [footer.html] : []),
    ].join('\n'),
  };
  return footer ? { ...mail, headers: footer.headers } : mail;
}
