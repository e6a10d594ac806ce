/**
 * Accounts in Chromium: register (the same answer for a known address) → sign in → sign out → sign in → password
 * reset through the mailed link (read from the store's outbox) → sign in with the new password; the header's links in
 * each state; the admin guard, and admin rights only through the invitation (decision 0026).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { acceptInvitation, confirmEmail, grantAdmin, mailTo, submitRegistration, submitSignIn } from './support';

const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'store-e2e');
const outbox = path.join(dataDir, 'outbox');
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The reset link of the newest mail to `email` in the outbox (mails go out just after the page answers). */
async function resetLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
      for (const file of files) {
        const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
        if (!text.includes(`To: ${email}`)) continue;
        link = text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0] ?? '';
        return link;
      }
      return '';
    })
    .not.toBe('');
  return link;
}

const header = (page: Page) => page.getByRole('banner');

async function expectVisitorLinks(page: Page) {
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
}

async function expectCustomerLinks(page: Page, { admin = false } = {}) {
  await expect(header(page).getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: 'Admin Panel' })).toHaveCount(admin ? 1 : 0);
}

async function register(page: Page, email: string, password: string) {
  // The same page whether the address is new or already has an account (docs/requirements.md#14-messages).
  await submitRegistration(page, email, password, ['Amaka', 'Okafor']);
  await expect(page.getByRole('status')).toContainText('Check your email.');
}

/** From the "Check Your Email" page: its Sign In link, then the password. */
async function signInAfterRegistering(page: Page, email: string, password: string) {
  await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL('/');
}

test('register, sign out, sign in, reset the password from the mailed link, sign in with the new one', async ({
  page,
}) => {
  const email = `amaka.${stamp}@example.com`;
  await page.goto('/');
  await expectVisitorLinks(page);

  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('shorter');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await register(page, email, 'first-lantern-pass');
  await expectVisitorLinks(page);
  // Registering the address again: the very same page; its owner is mailed instead.
  await register(page, email, 'other-lantern-pass');
  await expectVisitorLinks(page);
  expect(await mailTo(email, /Subject: You already have an account/)).toContain('/forgot-password');
  await signInAfterRegistering(page, email, 'first-lantern-pass');
  await expectCustomerLinks(page);
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name.endsWith('session_token'));
  // The end-to-end server runs in production mode, where the session cookie is also Secure.
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });

  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expectVisitorLinks(page);

  await header(page).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/login');
  await submitSignIn(page, email, 'wrong-pass');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await submitSignIn(page, `nobody.${stamp}@example.com`, 'wrong-pass');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await submitSignIn(page, email, 'first-lantern-pass');
  await expect(page).toHaveURL('/');
  await expectCustomerLinks(page);
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expectVisitorLinks(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');
  const link = await resetLinkFor(email);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('second-lantern-pass');
  await page.getByLabel('Confirm new password').fill('second-lantern-pass');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Please sign in with your new password.',
  );

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-lantern-pass');
  await page.getByLabel('Confirm new password').fill('third-lantern-pass');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid, has expired or has already been used');

  await page.goto('/login');
  await submitSignIn(page, email, 'first-lantern-pass');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await submitSignIn(page, email, 'second-lantern-pass');
  await expect(page).toHaveURL('/');
  await expectCustomerLinks(page);
});

test('a visitor opening /admin signs in as an admin and comes back; a customer is sent home', async ({
  page,
  browser,
}) => {
  const adminEmail = `boss.${stamp}@example.com`;
  const customerEmail = `shopper.${stamp}@example.com`;
  // admin:grant as an operator runs it, against the store's running database: it lists and invites the address.
  const invitation = await grantAdmin(adminEmail);
  // Whoever registers the listed address, even confirming it, gets no admin rights.
  await register(page, adminEmail, 'first-comer-lantern');
  await signInAfterRegistering(page, adminEmail, 'first-comer-lantern');
  await confirmEmail(page, adminEmail);
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await expectCustomerLinks(page);
  // The invitation, answered with a new password, makes the admin and signs in.
  await acceptInvitation(page, invitation, 'admin-lantern-pass');
  await expectCustomerLinks(page, { admin: true });
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expectVisitorLinks(page);

  await page.goto('/admin');
  await expect(page).toHaveURL('/login?redirectTo=%2Fadmin');
  await submitSignIn(page, adminEmail, 'admin-lantern-pass');
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expectCustomerLinks(page, { admin: true });

  const customer = await browser.newPage();
  await register(customer, customerEmail, 'market-lantern-pass');
  await signInAfterRegistering(customer, customerEmail, 'market-lantern-pass');
  await customer.goto('/admin');
  await expect(customer).toHaveURL('/');
  await expectCustomerLinks(customer);
  await customer.close();
});
