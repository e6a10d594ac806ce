/**
 * The launch checklist on /admin in Chromium (docs/decisions/0042-launch-checklist.md): its items turn done as the
 * settings are saved and the delivery zones are marked as reviewed. The store name and support email are put back
 * as they were at the end, for the specs after this one; the demo catalog is left alone.
 */
import { expect, test, type Page } from './fixtures';
import { adminPageAt, createAdmin, hydrated, uniqueEmail } from './support';

const admin = { email: uniqueEmail('launch-admin'), password: 'launch-lantern-pass' };

test.beforeAll(async ({ browser }) => createAdmin(browser, admin));

const item = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Launch checklist' }).getByRole('listitem').filter({ hasText: label });

/** Saves the store section's name and email on /admin/settings and waits for the saved page. */
async function saveSettings(page: Page, values: { storeName: string; supportEmail: string }) {
  await page.goto('/admin/settings');
  await hydrated(page);
  await page.getByLabel('Store name').fill(values.storeName);
  await page.getByLabel('Support email').fill(values.supportEmail);
  await page.getByRole('button', { name: 'Save settings' }).first().click();
  await expect(page.getByText('Settings saved. The store uses them from now on.')).toBeVisible();
}

test('the checklist items turn done as the settings are saved', async ({ browser }) => {
  const page = await adminPageAt(browser, admin, '/admin/settings');
  await hydrated(page);
  const original = {
    storeName: await page.getByLabel('Store name').inputValue(),
    supportEmail: await page.getByLabel('Support email').inputValue(),
  };
  try {
    await saveSettings(page, { storeName: 'Maison Placeholder', supportEmail: 'support@example.com' });
    await page.goto('/admin');
    await expect(item(page, 'Store name')).toContainText('To do');
    await expect(item(page, 'Store name')).toContainText('Still "Maison Placeholder".');
    await expect(item(page, 'Support email, phone and WhatsApp')).toContainText('support email');
    // Each item links to where it is done.
    await item(page, 'Store name').getByRole('link', { name: 'Store name' }).click();
    await expect(page).toHaveURL(/\/admin\/settings#storeName$/);

    await saveSettings(page, { storeName: 'Adire House Lagos', supportEmail: 'care@adire-house.ng' });
    await page.goto('/admin');
    await expect(item(page, 'Store name')).toContainText('Done');
    await expect(item(page, 'Store name')).toContainText('Adire House Lagos');
    await expect(item(page, 'Support email, phone and WhatsApp')).not.toContainText('support email');
    // The header shows the saved name (no logo uploaded here).
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Adire House Lagos' })).toBeVisible();
  } finally {
    await saveSettings(page, original);
  }
  await page.close();
});

test('marking the delivery zones as reviewed turns its item done', async ({ browser }) => {
  const page = await adminPageAt(browser, admin, '/admin/delivery');
  await page.getByRole('button', { name: 'Mark zones as reviewed' }).click();
  await expect(page.getByText('Delivery zones marked as reviewed.')).toBeVisible();
  await expect(page.getByText(/Zones last marked as reviewed on/)).toBeVisible();
  await page.goto('/admin');
  await expect(item(page, 'Delivery zones reviewed')).toContainText('Done');
  await expect(item(page, 'A backup made')).toContainText('npm run db:backup');
  await page.close();
});
