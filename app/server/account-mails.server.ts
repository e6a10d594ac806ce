/** Texts of the account mails (plain text and a small HTML version). */
import type { Mail } from './mail.server';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordResetMail({ to, firstName, link }: { to: string; firstName: string; link: string }): Mail {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    'We received a request to reset the password of your account. Open this link to choose a new password:',
    '',
    link,
    '',
    'The link works once and expires in 1 hour. Resetting your password signs you out everywhere else.',
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>We received a request to reset the password of your account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once and expires in 1 hour. Resetting your password signs you out everywhere else.</p>
<p>If you did not ask for this, you can ignore this email: your password stays as it is.</p>`;
  return { to, subject: 'Reset your password', text, html };
}
