/**
 * The account mails in the store's frame (docs/decisions/0046-mail-frame.md), in HTML and in text: each link as a
 * button whose address the text part writes out, and a name only where the caller gives one.
 */
import { describe, expect, it } from 'vitest';
import { HOSTILE, HOSTILE_ESCAPED, expectFramedMail, testMailStore } from '../../../tests/mail-helpers';
import { adminInvitationMail, alreadyRegisteredMail, passwordResetMail, verifyEmailMail } from './account-mails.server';

const link = 'https://shop.example/reset-password?token=a.b-c';

describe('the account mails', () => {
  it('password reset: the name as text, the link as a button, how long it works', async () => {
    const mail = await passwordResetMail({ to: 'ada@example.com', firstName: HOSTILE, link }, testMailStore);
    expectFramedMail(mail, testMailStore, [
      `Hello ${HOSTILE},`,
      'The link works once and expires in 1 hour.',
      'your password stays as it is',
    ]);
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Reset your password' });
    expect(mail.html).toContain(`Hello ${HOSTILE_ESCAPED},`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(`Choose a new password ${link}`);
    expect(mail.html).toContain('Choose a new password: the link works for 1 hour.');
    // Without a confirmed name (the caller decides), no name at all.
    const unnamed = await passwordResetMail({ to: 'ada@example.com', firstName: '', link }, testMailStore);
    expect(unnamed.text).toContain('Hello,\n');
  });

  it('email confirmation: nobody’s name, the button, the hours', async () => {
    const verify = 'https://shop.example/verify-email?token=x';
    const mail = await verifyEmailMail({ to: 'new@example.com', link: verify, hours: 24 }, testMailStore);
    expectFramedMail(mail, testMailStore, ['Hello,', 'The link works for 24 hours.', 'nothing happens without']);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain(`Confirm my email address ${verify}`);
  });

  it('already registered: sign in, or choose a new password', async () => {
    const links = { signInLink: 'https://shop.example/login', resetLink: 'https://shop.example/forgot-password' };
    const mail = await alreadyRegisteredMail({ to: 'known@example.com', ...links }, testMailStore);
    expectFramedMail(mail, testMailStore, ['but it already has one', 'nothing has changed on your account']);
    expect(mail.subject).toBe('You already have an account');
    expect(mail.text).toContain('Sign in https://shop.example/login');
    expect(mail.text).toContain('Choose a new one https://shop.example/forgot-password');
  });

  it('admin invitation: the store’s name, the button, the hours', async () => {
    const invite = 'https://shop.example/admin-invitation?token=t';
    const store = { ...testMailStore, name: HOSTILE };
    const mail = await adminInvitationMail({ to: 'new.admin@example.com', link: invite, hours: 72 }, store);
    expectFramedMail(mail, store, [`You have been invited to be an admin of ${HOSTILE}.`, 'within 72 hours']);
    expect(mail.subject).toBe('You are invited to be an admin');
    expect(mail.text).toContain(`Set your password and accept ${invite}`);
  });
});
