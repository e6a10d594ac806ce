/** Texts of the account mails (plain text and a small HTML version). */
import type { Mail } from '../mail.server';

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

/**
 * Sent at sign-up and on request from /account. Whoever registered the address may not be its owner (that is
 * why admin rights wait for this link), so the mail tells the owner plainly not to open it if it was not them.
 */
export function verifyEmailMail({
  to,
  firstName,
  link,
  hours,
}: {
  to: string;
  firstName: string;
  link: string;
  hours: number;
}): Mail {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    'Please confirm that this is your email address by opening this link:',
    '',
    link,
    '',
    `The link works for ${hours} hours.`,
    'If you did not create an account with this address, do not open the link: ignore this email.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Please confirm that this is your email address.</p>
<p><a href="${escapeHtml(link)}">Confirm my email address</a></p>
<p>The link works for ${hours} hours.</p>
<p>If you did not create an account with this address, do not open the link: ignore this email.</p>`;
  return { to, subject: 'Confirm your email address', text, html };
}
