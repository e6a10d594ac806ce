/**
 * Texts of the account mails (plain text and a small HTML version). A mail that can reach an address nobody has
 * confirmed carries no text a stranger typed (a first name, a message): whoever registers an address can make the
 * store write to it, and must not choose what the mail says (docs/requirements.md#11-accounts-and-roles).
 */
import type { Mail } from '../mail.server';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `firstName` only for a confirmed address (the caller decides): an unconfirmed account's name may be a stranger's
 * words.
 */
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
 * Sent at sign-up and on request from /account, to an address nobody has confirmed yet: no name, nothing the
 * registrant typed. The link opens a page whose button confirms (a link scanner's visit changes nothing).
 */
export function verifyEmailMail({ to, link, hours }: { to: string; link: string; hours: number }): Mail {
  const text = [
    'Hello,',
    '',
    'Please confirm that this is your email address: open this link and press "Confirm my email".',
    '',
    link,
    '',
    `The link works for ${hours} hours.`,
    'If you did not create an account with this address, ignore this email: nothing happens without the button.',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Please confirm that this is your email address: open this link and press "Confirm my email".</p>
<p><a href="${escapeHtml(link)}">Confirm my email address</a></p>
<p>The link works for ${hours} hours.</p>
<p>If you did not create an account with this address, ignore this email: nothing happens without the button.</p>`;
  return { to, subject: 'Confirm your email address', text, html };
}

/**
 * Someone registered an address that already has an account: the page answered as for a new one
 * (docs/requirements.md#14-messages), and the owner is told here, with the way in.
 */
export function alreadyRegisteredMail({
  to,
  signInLink,
  resetLink,
}: {
  to: string;
  signInLink: string;
  resetLink: string;
}): Mail {
  const text = [
    'Hello,',
    '',
    'Someone tried to create an account with this email address, but it already has one.',
    '',
    `If it was you, sign in: ${signInLink}`,
    `Forgot your password? Choose a new one: ${resetLink}`,
    '',
    'If it was not you, you can ignore this email: nothing has changed on your account.',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Someone tried to create an account with this email address, but it already has one.</p>
<p>If it was you, <a href="${escapeHtml(signInLink)}">sign in</a>.
Forgot your password? <a href="${escapeHtml(resetLink)}">Choose a new one</a>.</p>
<p>If it was not you, you can ignore this email: nothing has changed on your account.</p>`;
  return { to, subject: 'You already have an account', text, html };
}

/** The invitation to be an admin (decision 0026): single use, expiring; it names nobody. */
export function adminInvitationMail({ to, link, hours }: { to: string; link: string; hours: number }): Mail {
  const text = [
    'Hello,',
    '',
    'You have been invited to be an admin of the store. Open this link to set your password and accept:',
    '',
    link,
    '',
    `The link works once, within ${hours} hours.`,
    'If you did not expect this, ignore this email: nothing changes until the link is used.',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>You have been invited to be an admin of the store.</p>
<p><a href="${escapeHtml(link)}">Set your password and accept</a></p>
<p>The link works once, within ${hours} hours.</p>
<p>If you did not expect this, ignore this email: nothing changes until the link is used.</p>`;
  return { to, subject: 'You are invited to be an admin', text, html };
}
