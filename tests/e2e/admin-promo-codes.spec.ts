/**
 * The admin's promo codes in Chromium (decision 0023): a code created through the form (the page checks it
 * before posting; only the chosen kind's amount box shows) appears in the list with what it gives and its limits, and
 * is switched off from its edit page. Without JavaScript, a code another has in another case is refused on its field,
 * keeping what was typed. The admin is made one with admin:grant, as an operator would.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { adminPageAt, createAdmin, hydrated, uniqueEmail } from './support';

const admin = { email: uniqueEmail('promo-admin'), password: 'promo-lantern-pass' };
const code = `Lagos-${Date.now().toString(36).toUpperCase()}`;

test.beforeAll(async ({ browser }) => createAdmin(browser, admin));

const adminPage = (browser: Browser, javaScriptEnabled: boolean): Promise<Page> =>
  adminPageAt(browser, admin, '/admin', javaScriptEnabled);

/** The list's row of `text`, found through the list's search. */
async function listRow(page: Page, text: string) {
  await page.goto('/admin/promo-codes');
  const search = page.getByRole('search', { name: 'Find promo codes' });
  await search.getByLabel('Search by code').fill(text);
  await search.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(`/admin/promo-codes?q=${encodeURIComponent(text)}`);
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: text, exact: true }) });
}

test('a code created through the form is listed, then switched off from its edit page', async ({ browser }) => {
  const page = await adminPage(browser, true);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Promo codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();
  await page.getByRole('link', { name: 'Add promo code' }).click();
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Promo code' });
  await form.getByLabel('Code').fill(code);
  // Only the chosen kind's amount box shows.
  await form.getByLabel('Fixed amount off').check();
  await expect(form.getByLabel('Amount off (naira)')).toBeVisible();
  await expect(form.getByLabel('Percent off (%)')).toBeHidden();
  await form.getByLabel('Percentage off').check();
  await expect(form.getByLabel('Amount off (naira)')).toBeHidden();
  // The page checks the form before posting, with the server's words.
  await form.getByLabel('Percent off (%)').fill('0');
  await form.getByRole('button', { name: 'Create promo code' }).click();
  await expect(form.getByText('Please enter a whole percentage from 1 to 100.')).toBeVisible();
  await form.getByLabel('Percent off (%)').fill('15');
  await form.getByLabel('Minimum subtotal (naira)').fill('20,000');
  await form.getByLabel('Starts (Lagos time)').fill('2026-01-01T09:00');
  await form.getByLabel('Ends (Lagos time)').fill('2099-12-31T23:30');
  await form.getByLabel('Total uses allowed').fill('50');
  await form.getByLabel('Uses per customer').fill('1');
  await form.getByLabel('Dresses').check();
  await form.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.getByText('Promo code saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit promo code' })).toBeVisible();
  await expect(form.getByLabel('Starts (Lagos time)')).toHaveValue('2026-01-01T09:00');

  const row = await listRow(page, code);
  await expect(row.getByRole('cell')).toHaveText([
    '15% off',
    '1 January 2026 at 09:00 to 31 December 2099 at 23:30',
    '0 / 50',
    '₦0',
    'Active',
    /Edit.*Delete/,
  ]);

  await row.getByRole('link', { name: `Edit ${code}` }).click();
  await hydrated(page);
  await form.getByLabel('Active').uncheck();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Promo code saved.')).toBeVisible();
  await expect((await listRow(page, code)).getByRole('cell').nth(4)).toHaveText('Switched off');
  await page.context().close();
});

test('without JavaScript, a code taken in another case is refused on its field, keeping what was typed', async ({
  browser,
}) => {
  const page = await adminPage(browser, false);
  const taken = `Taken_${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Promo code' });
  for (const typed of [taken, taken.toUpperCase()]) {
    await page.goto('/admin/promo-codes/new');
    await form.getByLabel('Code').fill(typed);
    await form.getByLabel('Free delivery').check();
    await form.getByLabel('Total uses allowed').fill('10');
    await form.getByRole('button', { name: 'Create promo code' }).click();
  }
  await expect(form.getByRole('alert')).toHaveText('Error saving the promo code. Please try again.');
  await expect(form.getByText(/^There is already a promo code .* Please choose another code\.$/)).toBeVisible();
  await expect(form.getByLabel('Code')).toHaveValue(taken.toUpperCase());
  await expect(form.getByLabel('Free delivery')).toBeChecked();
  await expect(form.getByLabel('Total uses allowed')).toHaveValue('10');
  await expect((await listRow(page, taken)).getByRole('cell').first()).toHaveText('Free delivery');
  await page.context().close();
});
