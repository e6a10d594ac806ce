/**
 * Admin by invitation only in Chromium (decision 0026): an admin adds an address on /admin/admins, which lists it as
 * invited; its owner opens the link from the mail (read from the store's outbox) in a browser without JavaScript,
 * sets a name and a password, and lands signed in on /admin; the first admin then sees the address as accepted. The
 * spent link no longer works.
 */
import { expect, test } from './fixtures';
import { auditPage } from './page-audit';
import { adminPageAt, createAdmin, mailTo, uniqueEmail } from './support';

const admin = { email: uniqueEmail('inviting-admin'), password: 'inviting-lantern-pass' };

test.beforeAll(async ({ browser }) => createAdmin(browser, admin));

test('an admin invites another, who accepts from the mailed link and reaches /admin', async ({ browser }) => {
  const invitee = uniqueEmail('invited-admin');
  const page = await adminPageAt(browser, admin, '/admin/admins');
  await page.getByLabel('Add an admin by email').fill(invitee);
  await page.getByRole('button', { name: 'Add admin' }).click();
  await expect(page.getByRole('status')).toContainText(`${invitee} is listed. We have emailed them an invitation`);
  const row = page.getByRole('listitem').filter({ hasText: invitee });
  await expect(row).toContainText('Invited, not accepted yet');
  await expect(row.getByRole('button', { name: `Resend invitation to ${invitee}` })).toBeVisible();
  // The every-route audit may see no invitation waiting: the list with one is audited here (its buttons' names).
  await auditPage(page, 'admins with an invitation waiting');

  const mail = await mailTo(invitee, /Subject: You are invited to be an admin/);
  const link = new URL(/https?:\/\/\S+\/admin-invitation\?token=[\w-]+/.exec(mail)![0]);
  const path = `${link.pathname}${link.search}`;

  const owner = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await owner.goto(path);
  const main = owner.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Accept Your Admin Invitation' })).toBeVisible();
  await expect(main).toContainText(invitee);
  await main.getByLabel('First name').fill('Chidi');
  await main.getByLabel('Last name').fill('Nwosu');
  await main.getByLabel('Password', { exact: true }).fill('password123');
  await main.getByLabel('Confirm password').fill('password123');
  await main.getByRole('button', { name: 'Set Password and Accept' }).click();
  await expect(main.getByText(/^This password is too easy to guess\./)).toBeVisible();
  await main.getByLabel('Password', { exact: true }).fill('quiet-harbour-lantern');
  await main.getByLabel('Confirm password').fill('quiet-harbour-lantern');
  await main.getByRole('button', { name: 'Set Password and Accept' }).click();
  await expect(owner).toHaveURL('/admin');
  await expect(owner.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: invitee })).toContainText(
    'Chidi Nwosu · Accepted: has admin rights',
  );

  // The link worked once.
  const other = await (await browser.newContext()).newPage();
  await other.goto(path);
  await expect(other.getByRole('heading', { level: 1, name: 'Invitation Not Valid' })).toBeVisible();
});
