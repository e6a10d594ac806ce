/**
 * A collection put on sale in one step, and its sale ended, in Chromium (decision 0034): with JavaScript the page
 * checks the percentage before posting, with the server's words; the shop then shows the collection's product at the
 * sale price with its old price struck through; without JavaScript, ending the sale is a plain post that comes back
 * to the collection's page saying how many products changed.
 */
import { expect, test, type Page } from './fixtures';
import { adminPageAt, createAdmin, hydrated, storeDatabase, uniqueEmail } from './support';
import { newId } from '../../app/lib/ids';

const admin = { email: uniqueEmail('sale-admin'), password: 'sale-lantern-pass' };
const NAME = `Harmattan Sale Shirt ${Date.now()}`;
let collectionId = '';
let productId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await createAdmin(browser, admin);
  const sql = storeDatabase();
  try {
    const [collection] = await sql<{ id: string }[]>`
      insert into collections (id, name, description) values (${newId()}, ${`Harmattan ${Date.now()}`},
        'Dry season pieces.') returning id`;
    const [product] = await sql<{ id: string }[]>`
      insert into products (id, name, description, price, category, sizes, colors, collection_id)
      values (${newId()}, ${NAME}, 'A shirt for the dry season.', 2000000, 'Shirts', '{M}', '{Black}',
        ${collection.id})
      returning id`;
    collectionId = collection.id;
    productId = product.id;
  } finally {
    await sql.end();
  }
});

const salePanel = (page: Page) => page.getByRole('form', { name: 'Collection sale' });

test('with JavaScript: the percentage checked first, then every product put on sale', async ({ browser }) => {
  const page = await adminPageAt(browser, admin, `/admin/collections/edit/${collectionId}`);
  await hydrated(page);
  const form = salePanel(page);
  await form.getByLabel('Percentage off (%)').fill('95');
  await form.getByRole('button', { name: 'Put on sale' }).click();
  await expect(form.getByText('Please enter a whole percentage from 1 to 90.')).toBeVisible();
  await expect(page).toHaveURL(`/admin/collections/edit/${collectionId}`);
  await form.getByLabel('Percentage off (%)').fill('25');
  await form.getByRole('button', { name: 'Put on sale' }).click();
  await expect(form.getByRole('status')).toHaveText(
    '1 product put on sale at 25% off. Its price before the sale is shown struck through.',
  );
  await expect(page.getByText('1 of its 1 product is on sale.', { exact: false })).toBeVisible();

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('main').locator('s').first()).toHaveText('Was ₦20,000');
  await expect(page.getByRole('main')).toContainText('₦15,000');
  await expect(page.getByRole('main')).toContainText('−25%');
  await page.context().close();
});

test('without JavaScript: ending the sale puts the price back', async ({ browser }) => {
  const page = await adminPageAt(browser, admin, `/admin/collections/edit/${collectionId}`, false);
  await salePanel(page).getByRole('button', { name: 'End the sale' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/collections/edit/${collectionId}\\?sale=ended-1`));
  await expect(salePanel(page).getByRole('status')).toHaveText(
    'Sale ended for 1 product: back to the price before the sale.',
  );
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('main').locator('s')).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText('₦20,000');
  await page.context().close();
});
