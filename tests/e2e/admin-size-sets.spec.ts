/**
 * Size sets in Chromium (decision 0034). Without JavaScript an admin creates a size set, then a product that uses it:
 * the Choose button shows the set's sizes, the grid follows them with a SKU per size, and the shop sells the product in
 * those sizes only. With JavaScript a new set in the product form shows its sizes at once, all ticked.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { adminPageAt, createAdmin, hydrated, uniqueEmail } from './support';

const admin = { email: uniqueEmail('sets-admin'), password: 'sets-lantern-pass' };
const stamp = `${Date.now()}`.slice(-6);
const SET = `Rings ${stamp}`;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => createAdmin(browser, admin));

const adminPage = (browser: Browser, javaScriptEnabled: boolean): Promise<Page> =>
  adminPageAt(browser, admin, '/admin', javaScriptEnabled);

test('without JavaScript, an admin creates a size set and a product that uses it', async ({ browser }) => {
  const page = await adminPage(browser, false);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Size sets' }).click();
  await page.getByRole('link', { name: 'Add size set' }).first().click();
  const setForm = page.getByRole('form', { name: 'Size set' });
  await setForm.getByLabel('Name').fill(SET);
  await setForm.getByLabel('Sizes, in order').fill('5\n6, 7\n7');
  await setForm.getByRole('button', { name: 'Create size set' }).click();
  await expect(setForm.getByText('7 is in the list twice. Please enter each size once.')).toBeVisible();
  await setForm.getByLabel('Sizes, in order').fill('5\n6\n7');
  await setForm.getByRole('button', { name: 'Create size set' }).click();
  await expect(page.getByText('Size set saved.')).toBeVisible();

  await page.goto('/admin/products/new');
  const form = page.getByRole('form', { name: 'Product' });
  await form.getByLabel('Name').fill(`Silver ring ${stamp}`);
  await form.getByLabel('Price (₦)').fill('18000');
  await form.getByLabel('Description').fill('A plain band in sterling silver.');
  await form.getByLabel('Category').selectOption('Accessories');
  await expect(form.getByLabel('Size set')).toHaveValue(/.+/);
  await form.getByLabel('Size set').selectOption({ label: SET });
  await form.getByRole('button', { name: 'Choose' }).click();
  await expect(form.getByRole('group', { name: `Sizes of ${SET} it is sold in` })).toBeVisible();
  await form.getByRole('checkbox', { name: '6', exact: true }).check();
  await form.getByRole('checkbox', { name: '7', exact: true }).check();
  await form.getByRole('checkbox', { name: 'Black' }).check();
  await form.getByRole('button', { name: 'Update stock grid' }).click();
  await form.getByLabel('Stock of 6 in Black').fill('3');
  await form.getByLabel('SKU of 7 in Black').fill(`RING-7-${stamp}`);
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product saved', { exact: false })).toBeVisible();
  await expect(form.getByLabel('SKU of 7 in Black')).toHaveValue(`RING-7-${stamp}`);
  await expect(form.getByLabel('SKU of 6 in Black')).toHaveValue(/-6-BLACK$/);

  const id = /\/admin\/products\/edit\/([0-9a-z]{14})/.exec(page.url())?.[1];
  await page.goto(`/product/${id}`);
  const sizes = page.getByRole('group', { name: /^Size/ });
  await expect(sizes.getByRole('radio')).toHaveCount(2);
  await expect(sizes.getByText('6', { exact: true })).toBeVisible();
  await page.context().close();
});

test('with JavaScript, choosing another set shows its sizes at once, all ticked', async ({ browser }) => {
  const page = await adminPage(browser, true);
  await page.goto('/admin/products/new');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Product' });
  await expect(form.getByRole('button', { name: 'Choose' })).toHaveCount(0);
  await form.getByLabel('Size set').selectOption({ label: SET });
  for (const size of ['5', '6', '7'])
    await expect(form.getByRole('checkbox', { name: size, exact: true })).toBeChecked();
  await form.getByRole('checkbox', { name: '5', exact: true }).uncheck();
  await form.getByRole('checkbox', { name: 'White' }).check();
  await expect(form.getByLabel('Stock of 6 in White')).toBeVisible();
  await expect(form.getByLabel('Stock of 5 in White')).toHaveCount(0);
  await page.context().close();
});
