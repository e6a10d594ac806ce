/**
 * The admin's size guides in Chromium (decision 0034). Without JavaScript: Add asks what the guide is for, the table
 * that follows has the set's sizes as rows; a value out of range comes back on the page with what was typed, and the
 * guide saved shows in the list. With JavaScript: a value out of range is refused, and an edit saves.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { adminPageAt, createAdmin, hydrated, storeDatabase, uniqueEmail } from './support';
import { newId } from '../../app/lib/ids';

const admin = { email: uniqueEmail('guide-admin'), password: 'guide-lantern-pass' };
const SET = `Rings ${Date.now()}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const sql = storeDatabase();
  try {
    await sql`insert into size_sets (id, name, sizes, position) values (${newId()}, ${SET}, '{S,M,L}', 98)`;
  } finally {
    await sql.end();
  }
  await createAdmin(browser, admin);
});

const adminPage = (browser: Browser, javaScriptEnabled: boolean): Promise<Page> =>
  adminPageAt(browser, admin, '/admin', javaScriptEnabled);
const cell = (page: Page, size: string, column: number) =>
  page.getByRole('textbox', { name: `${size}, measurement ${column}, in cm` });

test('without JavaScript, a guide is written for a size set, refused once, then saved and listed', async ({
  browser,
}) => {
  const page = await adminPage(browser, false);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Size guides' }).click();
  await page.getByRole('link', { name: 'Add size guide' }).first().click();
  await page.getByLabel('What is the guide for?').selectOption({ label: `${SET} (S, M, L)` });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/size-guides\/new\?for=set%3A/);
  const form = page.getByRole('form', { name: 'Size guide' });
  await expect(form.getByText(`${SET} (size set)`)).toBeVisible();
  await expect(form.getByRole('rowheader')).toHaveText(['S', 'M', 'L']);
  await form.getByLabel('Measurement 1 name').fill('Finger');
  await cell(page, 'S', 1).fill('5.2');
  await cell(page, 'M', 1).fill('301');
  await form.getByRole('button', { name: 'Create size guide' }).click();
  await expect(form.getByText('Finger for M: please enter centimetres from 0 to 300')).toBeVisible();
  await expect(cell(page, 'S', 1)).toHaveValue('5.2');
  await expect(cell(page, 'M', 1)).toHaveAttribute('aria-invalid', 'true');
  await cell(page, 'M', 1).fill('5,7');
  await form.getByRole('button', { name: 'Create size guide' }).click();
  await expect(page.getByText('Size guide saved.')).toBeVisible();
  await expect(cell(page, 'M', 1)).toHaveValue('5.7');

  await page.goto('/admin/size-guides');
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${SET} (size set)` }) });
  await expect(row.getByRole('cell')).toHaveText(['Finger', 'S, M', /Edit/]);
  await page.context().close();
});

test('with JavaScript, a value out of range is refused, and an edit saves', async ({ browser }) => {
  const page = await adminPage(browser, true);
  await page.goto('/admin/size-guides');
  await page.getByRole('link', { name: `${SET} (size set)`, exact: true }).click();
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Size guide' });
  await cell(page, 'L', 1).fill('6.25');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Finger for L: please enter centimetres')).toBeVisible();
  await cell(page, 'L', 1).fill('6.3');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Size guide saved.')).toBeVisible();
  await page.reload();
  await expect(cell(page, 'L', 1)).toHaveValue('6.3');
  await page.context().close();
});
