/**
 * The account mails in the store's frame (mail/frame.server.tsx, docs/decisions/0046-mail-frame.md): confirming an
 * address, resetting a password, an address that already has an account, an admin invitation. A mail that can reach
 * an address nobody has confirmed carries no text a stranger typed (a first name, a message): whoever registers an
 * address can make the store write to it, and must not choose what the mail says
 * (docs/requirements.md#11-accounts-and-roles).
 */
import { MailFrame, type MailStore } from '../mail/frame.server';
import { Button, Paragraph, SmallPrint, TextLink } from '../mail/parts.server';
import { renderMail } from '../mail/render.server';
import type { Mail } from '../mail.server';

/**
 * The account mails about one link: what it is for, the link as a button (its address written after its words in the
 * text part), how long it works, and what to do when the mail was not expected. Every word is the store's own.
 */
function linkMail(
  store: MailStore,
  mail: {
    to: string;
    subject: string;
    preview: string;
    greeting: string;
    about: string;
    link: string;
    label: string;
    expiry: string;
    ignore: string;
  },
): Promise<Mail> {
  return renderMail(
    <MailFrame store={store} preview={mail.preview} greeting={mail.greeting}>
      <Paragraph>{mail.about}</Paragraph>
      <Button href={mail.link}>{mail.label}</Button>
      <Paragraph>{mail.expiry}</Paragraph>
      <SmallPrint>{mail.ignore}</SmallPrint>
    </MailFrame>,
    { to: mail.to, subject: mail.subject },
  );
}

/**
 * `firstName` only for a confirmed address (the caller decides): an unconfirmed account's name may be a stranger's
 * words.
 */
export function passwordResetMail(
  { to, firstName, link }: { to: string; firstName: string; link: string },
  store: MailStore,
): Promise<Mail> {
  return linkMail(store, {
    to,
    subject: 'Reset your password',
    preview: 'Choose a new password: the link works for 1 hour.',
    greeting: firstName ? `Hello ${firstName},` : 'Hello,',
    about: `We received a request to reset the password of your account at ${store.name}.`,
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
export function verifyEmailMail(
  { to, link, hours }: { to: string; link: string; hours: number },
  store: MailStore,
): Promise<Mail> {
  return linkMail(store, {
    to,
    subject: 'Confirm your email address',
    preview: `One tap to confirm this address for your account at ${store.name}.`,
    greeting: 'Hello,',
    about: 'Please confirm that this is your email address: open the link and press "Confirm my email".',
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
export function alreadyRegisteredMail(
  { to, signInLink, resetLink }: { to: string; signInLink: string; resetLink: string },
  store: MailStore,
): Promise<Mail> {
  return renderMail(
    <MailFrame store={store} preview="Someone tried to sign up with this address. Sign in instead." greeting="Hello,">
      <Paragraph>Someone tried to create an account with this email address, but it already has one.</Paragraph>
      <Paragraph>If it was you, sign in:</Paragraph>
      <Button href={signInLink}>Sign in</Button>
      <Paragraph>
        Forgot your password? <TextLink href={resetLink}>Choose a new one</TextLink>
      </Paragraph>
      <SmallPrint>If it was not you, you can ignore this email: nothing has changed on your account.</SmallPrint>
    </MailFrame>,
    { to, subject: 'You already have an account' },
  );
}

/** The invitation to be an admin (decision 0026): single use, expiring; it names nobody. */
export function adminInvitationMail(
  { to, link, hours }: { to: string; link: string; hours: number },
  store: MailStore,
): Promise<Mail> {
  return linkMail(store, {
    to,
    subject: 'You are invited to be an admin',
    preview: `Set your password to manage ${store.name}. The link works for ${hours} hours.`,
    greeting: 'Hello,',
    about: `You have been invited to be an admin of ${store.name}. Set your password to accept.`,
    link,
    label: 'Set your password and accept',
    expiry: `The link works once, within ${hours} hours.`,
    ignore: 'If you did not expect this, ignore this email: nothing changes until the link is used.',
  });
}
