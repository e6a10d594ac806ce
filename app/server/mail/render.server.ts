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

const headingsAsWritten = ['h1', 'h2', 'h3'].map((selector) => ({
  selector,
  options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
}));

/** The text part of a rendered mail. */
export function mailText(html: string): string {
  return toPlainText(html, { selectors: headingsAsWritten })
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
