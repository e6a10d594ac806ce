/**
 * The admin catalog in Chromium: an admin creates a collection and a product in it with two uploaded
 * images and stock, sees both on the storefront, changes the price and sees the new one; deleting asks
 * first. Without JavaScript: the product form saves (files posted with it), refuses bad input keeping
 * what was typed, and delete asks on a page of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './fixtures';
import sharp from 'sharp';
import { createAdmin, holdScripts, hydrated } from './support';

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const admin = { email: `catalog.${stamp}@example.com`, password: 'catalog-lantern-pass' };
const pictures = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-catalog-e2e-'));

async function picture(name: string, color: { r: number; g: number; b: number }) {
  const file = path.join(pictures, name);
  await sharp({ create: { width: 800, height: 1000, channels: 3, background: color } })
    .png()
    .toFile(file);
  return file;
}

async function noisyPicture(name: string) {
  const file = path.join(pictures, name);
  await sharp({
    create: {
      width: 800,
      height: 1000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toFile(file);
  return file;
}

// As an operator makes an admin: admin:grant invites the address, and its owner accepts (decision 0026).
test.beforeAll(async ({ browser }) => createAdmin(browser, admin));

test.afterAll(() => fs.rmSync(pictures, { recursive: true, force: true }));

async function signedInPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto('/login?redirectTo=%2Fadmin');
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(admin.email);
  await main.getByLabel('Password').fill(admin.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/admin');
  return page;
}

const form = (page: Page, name: 'Product' | 'Collection') => page.getByRole('form', { name });
const productId = (page: Page) => /\/admin\/products\/edit\/([0-9a-z]{14})/.exec(page.url())?.[1] ?? '';

test('an admin creates a collection and a product (images, stock), sees them in the shop, changes the price', async ({
  browser,
}) => {
  const page = await signedInPage(browser);
  const collectionName = `Rainy Season ${stamp}`;
  const productName = `Storm Parka ${stamp}`;

  // On a slow link the form is filled before its scripts arrive: the chosen picture goes up once they do.
  const letScriptsThrough = await holdScripts(page);
  await page.goto('/admin/collections');
  await page.getByRole('link', { name: 'Add collection' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add collection' })).toBeVisible();
  const collectionForm = form(page, 'Collection');
  await collectionForm.getByLabel('Name').fill(collectionName);
  await collectionForm.getByLabel('Description').fill('Shells and layers for the long rains.');
  await collectionForm.getByLabel('Add an image').setInputFiles(await picture('cover.png', { r: 30, g: 60, b: 90 }));
  await letScriptsThrough();
  await expect(collectionForm.getByRole('img', { name: 'Collection image' })).toBeVisible();
  await expect(collectionForm.getByLabel('Name')).toHaveValue(collectionName);
  await collectionForm.getByRole('button', { name: 'Create collection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Collection saved.' })).toBeVisible();
  const collectionId = /\/admin\/collections\/edit\/([0-9a-z]{14})/.exec(page.url())?.[1] ?? '';
  expect(collectionId).not.toBe('');
  // A visitor without cookies gets the server's stored copy of a page (decision 0007): it must not go stale.
  const visitor = (await browser.newContext()).request;
  const visitorSees = async (url: string) => (await visitor.get(url)).text();
  expect(await visitorSees(`/collections/${collectionId}`)).not.toContain(productName);

  // Sizes and colours ticked before the scripts arrive stay ticked, and the stock grid then follows them.
  const letProductScriptsThrough = await holdScripts(page);
  await page.goto('/admin/products/new');
  const productForm = form(page, 'Product');
  await productForm.getByLabel('Name').fill(productName);
  await productForm.getByLabel('Price (₦)').fill('45000');
  await productForm.getByLabel('Description').fill('A waterproof parka with taped seams and a deep hood.');
  await productForm.getByLabel('Category').selectOption('Outerwear');
  await productForm.getByLabel('Collection (optional)').selectOption({ label: collectionName });
  await productForm.getByRole('checkbox', { name: 'M', exact: true }).check();
  await productForm.getByRole('checkbox', { name: 'Black' }).check();
  await letProductScriptsThrough();
  await expect(productForm.getByRole('checkbox', { name: 'M', exact: true })).toBeChecked();
  await expect(productForm.getByRole('checkbox', { name: 'Black' })).toBeChecked();
  // The grid follows the ticked sizes and colours at once.
  await productForm.getByRole('checkbox', { name: 'L', exact: true }).check();
  await productForm.getByLabel('Stock of M in Black').fill('4');
  await productForm.getByLabel('Stock of L in Black').fill('2');
  // A slow connection, so the upload's progress bar can be seen (a noisy picture of about 2MB).
  const network = await page.context().newCDPSession(page);
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await productForm
    .getByLabel('Add images')
    .setInputFiles([await noisyPicture('front.png'), await picture('back.png', { r: 200, g: 200, b: 200 })]);
  await expect(productForm.getByRole('progressbar', { name: 'Uploading front.png' })).toBeVisible();
  await expect(productForm.getByRole('button', { name: 'Uploading images…' })).toBeDisabled();
  await expect(productForm.getByRole('img', { name: 'Image 2' })).toBeVisible();
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(productForm.getByText('Thumbnail', { exact: true })).toBeVisible();
  // Reorder in place: the second picture becomes the thumbnail.
  const firstSrc = await productForm.getByRole('img', { name: 'Image 1' }).getAttribute('src');
  const secondSrc = await productForm.getByRole('img', { name: 'Image 2' }).getAttribute('src');
  await productForm.getByRole('button', { name: 'Move image 2 up' }).click();
  await expect(productForm.getByRole('img', { name: 'Image 2' })).toHaveAttribute('src', firstSrc!);
  await productForm.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible();
  const id = productId(page);
  await expect(form(page, 'Product').getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', secondSrc!);

  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByText('₦45,000', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Product images' }).getByRole('link', { name: /^Show image [12] of 2$/ }),
  ).toHaveCount(2);

  await page.goto(`/collections/${collectionId}`);
  await expect(page.getByRole('heading', { level: 1, name: collectionName })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(productName) }).first()).toBeVisible();
  expect(await visitorSees(`/collections/${collectionId}`)).toContain(productName);
  expect(await visitorSees(`/product/${id}`)).toContain('₦45,000');

  await page.goto(`/admin/products/edit/${id}`);
  await expect(form(page, 'Product').getByLabel('Stock of M in Black')).toHaveValue('4');
  await form(page, 'Product').getByLabel('Price (₦)').fill('39999.50');
  await form(page, 'Product').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible();
  await page.goto(`/product/${id}`);
  await expect(page.getByText('₦39,999.50', { exact: true })).toBeVisible();
  expect(await visitorSees(`/product/${id}`)).toContain('₦39,999.50');

  // The list finds it, and deleting asks the SPEC's question first.
  await page.goto(`/admin/products?q=${encodeURIComponent(productName)}`);
  await hydrated(page); // the question is a dialog with JavaScript; before that, Delete opens a confirmation page
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: '6 in stock across 2 variants' })).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this product?');
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: `Delete ${productName}` }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Delete ${productName}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product deleted.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No products match' })).toBeVisible();
  expect((await page.request.get(`/product/${id}`, { maxRedirects: 0 })).status()).toBe(302);
  await page.context().close();
});

test('without JavaScript the product form saves images, keeps typed values on errors; delete asks on a page', async ({
  browser,
}) => {
  const page = await signedInPage(browser, false);
  const productName = `Plain Form Tee ${stamp}`;
  await page.goto('/admin/products/new');
  let productForm = form(page, 'Product');
  await productForm.getByLabel('Name').fill(productName);
  await productForm.getByLabel('Price (₦)').fill('12000');
  await productForm.getByLabel('Category').selectOption('Shirts');
  await productForm.getByLabel('Add images').setInputFiles(await picture('plain.png', { r: 120, g: 40, b: 40 }));
  // No description: refused, with the SPEC text, and nothing typed is lost (the image was kept too).
  await productForm.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error saving product. Please try again.' })).toBeVisible();
  productForm = form(page, 'Product');
  await expect(productForm.getByText('Please enter a description.')).toBeVisible();
  await expect(productForm.getByLabel('Name')).toHaveValue(productName);
  await expect(productForm.getByLabel('Price (₦)')).toHaveValue('12000');
  await expect(productForm.getByRole('img', { name: 'Image 1' })).toBeVisible();

  await productForm.getByLabel('Description').fill('Heavy cotton, boxy fit.');
  await productForm.getByRole('checkbox', { name: 'S', exact: true }).check();
  // Without JavaScript the grid follows the sizes after a round trip.
  await productForm.getByRole('button', { name: 'Update stock grid' }).click();
  productForm = form(page, 'Product');
  await productForm.getByLabel('Stock of S in Any colour').fill('9');
  await productForm.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible();
  const id = productId(page);
  await expect(form(page, 'Product').getByLabel('Stock of S in Any colour')).toHaveValue('9');
  await expect(form(page, 'Product').getByRole('img', { name: 'Image 1' })).toBeVisible();

  await page.goto(`/product/${id}`);
  await expect(page.getByText('₦12,000', { exact: true })).toBeVisible();

  await page.goto(`/admin/products?q=${encodeURIComponent(productName)}`);
  await page.getByRole('button', { name: `Delete ${productName}` }).click();
  const confirmation = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this product?' });
  await expect(confirmation).toContainText(productName);
  await confirmation.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product deleted.' })).toBeVisible();
  await page.context().close();
});
