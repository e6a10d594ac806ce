/**
 * The catalog CSV import in Chromium (decision 0041): an admin uploads a small CSV with one bad row, sees the preview
 * with that row's line and reason and nothing imported, uploads the corrected file, applies it, watches it finish,
 * and finds the products on the storefront and in the export.
 */
import { expect, test } from './fixtures';
import { adminPageAt, createAdmin, storeDatabase, uniqueEmail } from './support';
import { newId } from '../../app/lib/ids';

const admin = { email: uniqueEmail('import-admin'), password: 'import-lantern-pass' };
const stamp = Date.now();
const TEE = `Harmattan Import Tee ${stamp}`;
const DRESS = `Harmattan Import Dress ${stamp}`;
const HEADER = 'Code,Name,Description,Category,Collection,Price (NGN),Size set,Sizes,Colours,Stock';
const csv = (collection: string) =>
  [
    HEADER,
    `,${TEE},A tee from the import.,Shirts,,12500,Clothing,S | M,Black,S/Black=4 | M/Black=2`,
    `,${DRESS},A dress from the import.,Dresses,${collection},30000,Clothing,M,Black,M/Black=1`,
  ].join('\n');
const file = (text: string) => ({ name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

test.beforeAll(async ({ browser }) => {
  await createAdmin(browser, admin);
});

test('an admin imports a CSV: the bad row shown by line, fixed, applied, on the storefront', async ({ browser }) => {
  const page = await adminPageAt(browser, admin, '/admin/products');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import CSV' })).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles(file(csv('No Such Collection')));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { name: 'Import preview' })).toBeVisible();
  await expect(page.getByText('Line 3: unknown collection "No Such Collection"')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply import' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Upload a corrected file' }).click();
  await page.getByLabel('CSV file').setInputFiles(file(csv('')));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('Rows to create (2)')).toBeVisible();
  await expect(page.getByText(/^Line \d+: unknown/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply import' }).click();
  // The page follows the job by itself until it is done.
  await expect(page.getByText('Imported: 2 products added, 0 products updated.')).toBeVisible({ timeout: 20_000 });

  const sql = storeDatabase();
  let teeId = '';
  try {
    [{ id: teeId }] = await sql<{ id: string }[]>`select id from products where name = ${TEE}`;
  } finally {
    await sql.end();
  }
  await page.goto(`/product/${teeId}`);
  await expect(page.getByRole('heading', { name: TEE })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('₦12,500');

  const exported = await page.request.get('/admin/products/export');
  expect(exported.headers()['content-type']).toContain('text/csv');
  expect(await exported.text()).toContain(`${teeId},${TEE},`);
  await page.context().close();
});

test('without JavaScript: the same pages post, redirect and reload by themselves until the import is done', async ({
  browser,
}) => {
  const name = `Harmattan No-Script Cap ${stamp}`;
  const page = await adminPageAt(browser, admin, '/admin/products/import', false);
  await page
    .getByLabel('CSV file')
    .setInputFiles(file(`Name,Description,Category,Price (NGN)\n${name},A cap.,Accessories,-1\n`));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('Line 2: the price cannot be negative')).toBeVisible();
  await page.getByRole('link', { name: 'Upload a corrected file' }).click();
  await page
    .getByLabel('CSV file')
    .setInputFiles(file(`Name,Description,Category,Price (NGN)\n${name},A cap.,Accessories,4000\n`));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText('Imported: 1 product added, 0 products updated.')).toBeVisible({ timeout: 20_000 });
  await page.context().close();
});

test('a running import shows its progress bar, which follows the job by itself', async ({ browser }) => {
  const sql = storeDatabase();
  const id = newId();
  const summary = { create: 10, update: 0, creating: [], updating: [], errors: [] };
  try {
    await sql`insert into catalog_imports (id, created_by, file_name, csv, status, total_rows, done_rows, summary)
      values (${id}, 'e2e', 'running.csv', '', 'applying', 10, 3, ${sql.json(summary)})`;
    // Without JavaScript: the bar, a Refresh link, and the page's own reload.
    const still = await adminPageAt(browser, admin, `/admin/products/import/${id}`, false);
    await expect(still.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '30');
    await expect(still.getByText('Writing products: 3 of 10 (30%).')).toBeVisible();
    await expect(still.getByRole('link', { name: 'Refresh' })).toBeVisible();
    expect(await still.content()).toContain('<meta http-equiv="refresh" content="2">');
    await still.context().close();

    // With JavaScript: the page asks again every second and shows the job's progress, then its end.
    const page = await adminPageAt(browser, admin, `/admin/products/import/${id}`);
    await expect(page.getByText('Writing products: 3 of 10 (30%).')).toBeVisible();
    await sql`update catalog_imports set done_rows = 7 where id = ${id}`;
    await expect(page.getByText('Writing products: 7 of 10 (70%).')).toBeVisible();
    await sql`update catalog_imports set done_rows = 10, status = 'applied', finished_at = now() where id = ${id}`;
    await expect(page.getByText('Imported: 10 products added, 0 products updated.')).toBeVisible();
    await page.context().close();
  } finally {
    await sql.end();
  }
});
