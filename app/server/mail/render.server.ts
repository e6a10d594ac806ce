/**
 * A mail element (MailFrame and its content, frame.server.tsx) to the Mail the queue sends (mail.server.ts): the HTML
 * from React Email's render, and its plain-text twin read from that same HTML (pictures and the preview line left out,
 * each link's address written after its words), so both parts always say the same thing.
 */
import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import type { Mail } from '../mail.server';

/** No mail's HTML may be larger (docs/decisions/0046-mail-frame.md): Gmail clips a message past about 102 KB. */
export const MAIL_HTML_BUDGET = 100 * 1024;

/**
 * How the parts (parts.server.tsx) read as text, by the classes they mark their elements with: `mail-compact` lines
 * follow one another with no blank line (a line's name, details and price), and a `mail-inline` cell is part of its
 * row's one line (a `mail-row` table: rows with no blank line between), its `mail-label` followed by ": "
 * ("Subtotal: ₦45,000").
 */
/** html-to-text's formatter signature, as much of it as `labelled` uses (the package ships no types). */
type Builder = { addInline: (text: string) => void };
type Formatter = (
  elem: { children: unknown[] },
  walk: (nodes: unknown[], builder: Builder) => void,
  builder: Builder,
) => void;

const labelled: Formatter = (elem, walk, builder) => {
  walk(elem.children, builder);
  builder.addInline(': ');
};

const textOptions: Parameters<typeof toPlainText>[1] = {
  formatters: { labelled },
  selectors: [
    { selector: 'p.mail-compact', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'table.mail-row', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'td.mail-inline', format: 'inline' },
    { selector: 'p.mail-inline', format: 'inline' },
    { selector: 'p.mail-label', format: 'labelled' },
  ],
};

/** The text part of a rendered mail. */
export function mailText(html: string): string {
  return toPlainText(html, textOptions)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export async function renderMail(
  element: ReactElement,
  { to, subject, headers }: { to: string; subject: string; headers?: Record<string, string> },
): Promise<Mail> {
  const html = await render(element);
  const mail: Mail = { to, subject, text: mailText(html), html };
  return headers ? { ...mail, headers } : mail;
}
