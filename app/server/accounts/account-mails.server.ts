/**
 * Texts of the account mails (plain text and a small HTML version). A mail that can reach an address nobody has
 * confirmed carries no text a stranger typed (a first name, a message): whoever registers an address can make the
 * store write to it, and must not choose what the mail says (docs/requirements.md#11-accounts-and-roles).
 */
import type { Mail } from '../mail.server';
import { escapeHtml, framedMail } from '../mail-frame.server';

/**
 * The account mails about one link: what it is for (`open`: how to use it, in the text part only, where the link
 * stands alone on its line), the link, how long it works, and what to do when the mail was not expected. Every word
 * is the store's own; only the link is escaped.
 */
function linkMail(mail: {
  to: string;
  subject: string;
  greeting: string;
  about: string;
  open?: string;
  link: string;
  label: string;
  expiry: string;
  ignore: string;
}): Mail {
  const { about, open, link, expiry, ignore } = mail;
  return framedMail({
    ...mail,
    text: [open ? `${about} ${open}` : about, '', link, '', expiry, ignore],
    html: [
      `<p>${about}</p>`,
      `<p><a href="${escapeHtml(link)}">${mail.label}</a></p>`,
      `<p>${expiry}</p>`,
      `<p>${ignore}</p>`,
    ],
  });
}

/**
 * `firstName` only for a confirmed address (the caller decides): an unconfirmed account's name may be a stranger's
 * words.
 */
export function passwordResetMail({ to, firstName, link }: { to: string; firstName: string; link: string }): Mail {
  return linkMail({
    to,
    subject: 'Reset your password',
    greeting: firstName ? `Hello ${firstName},` : 'Hello,',
    about: 'We received a request to reset the password of your account.',
    open: 'Open this link to choose a new password:',
    link,
    label: 'Choose a new password',
    expiry: 'The link works once and expires in 1 hour. Resetting your password signs you out everywhere else.',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
  });
}

/**
 * Sent at sign-up and on request from /account, to an address nobody has confirmed yet: no name, nothing the
 * registrant typed. The link opens a page whose button confirms (a link scanner's visit changes nothing).
 */
export function verifyEmailMail({ to, link, hours }: { to: string; link: string; hours: number }): Mail {
  return linkMail({
    to,
    subject: 'Confirm your email address',
    greeting: 'Hello,',
    about: 'Please confirm that this is your email address: open this link and press "Confirm my email".',
    link,
    label: 'Confirm my email address',
    expiry: `The link works for ${hours} hours.`,
    ignore:
      'If you did not create an account with this address, ignore this email: nothing happens without the button.',
  });
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
  const tried = 'Someone tried to create an account with this email address, but it already has one.';
  const ignore = 'If it was not you, you can ignore this email: nothing has changed on your account.';
  return framedMail({
    to,
    subject: 'You already have an account',
    greeting: 'Hello,',
    text: [
      tried,
      '',
      `If it was you, sign in: ${signInLink}`,
      `Forgot your password? Choose a new one: ${resetLink}`,
      '',
      ignore,
    ],
    html: [
      `<p>${tried}</p>`,
      `<p>If it was you, <a href="${escapeHtml(signInLink)}">sign in</a>.\n` +
        `Forgot your password? <a href="${escapeHtml(resetLink)}">Choose a new one</a>.</p>`,
      `<p>${ignore}</p>`,
    ],
  });
}

/** The invitation to be an admin (decision 0026): single use, expiring; it names nobody. */
export function adminInvitationMail({ to, link, hours }: { to: string; link: string; hours: number }): Mail {
  return linkMail({
    to,
    subject: 'You are invited to be an admin',
    greeting: 'Hello,',
    about: 'You have been invited to be an admin of the store.',
    open: 'Open this link to set your password and accept:',
    link,
    label: 'Set your password and accept',
    expiry: `The link works once, within ${hours} hours.`,
    ignore: 'If you did not expect this, ignore this email: nothing changes until the link is used.',
  });
}
