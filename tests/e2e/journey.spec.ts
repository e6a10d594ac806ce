/**
 * The visitor's whole journey (docs/requirements.md#4-what-each-page-shows) in one go, as a shopper clicks it: home →
 * shop → filter and sort → product → size and colour → add → cart → quantity → reload keeps the cart. Once with
 * JavaScript and once without. The page-level specs cover each step's details.
 */
import { expect, test, type Page } from './fixtures';

const cartLink = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });
const addButton = (page: Page) =>
  page.locator('#add-to-cart').getByRole('button', { name: /^(Add to cart|Sold out|Out of stock)$/ });

/** With JavaScript: tries the offered colours and sizes (labels are what a shopper clicks) until one can be added. */
async function chooseBuyable(page: Page): Promise<boolean> {
  const colors = page.getByRole('group', { name: /^Color/ }).locator('label');
  const sizes = page.getByRole('group', { name: /^Size/ }).locator('label');
  for (let c = 0; c < Math.max(1, await colors.count()); c++) {
    if (await colors.count()) await colors.nth(c).click();
    for (let s = 0; s < Math.max(1, await sizes.count()); s++) {
      if (await sizes.count()) await sizes.nth(s).click();
      // "Only 1 left" would stop the + step on /cart, so buyable means at least 2 in stock.
      const scarce = await page
        .locator('#add-to-cart')
        .getByText(/^Only 1 left/)
        .count();
      if ((await addButton(page).textContent()) === 'Add to cart' && !scarce) return true;
    }
  }
  return false;
}

async function shopToProduct(page: Page, js: boolean) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  if (js) await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();

  await page.getByRole('radio', { name: /^Shirts/ }).check();
  await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
  if (!js) await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/category=shirts/);
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Showing \d+ of \d+ products$/);

  const cards = page.getByRole('list', { name: 'Shop', exact: true }).getByRole('listitem');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  return { cards, count };
}

test('with JavaScript: home to a reloaded cart', async ({ page }) => {
  const { cards, count } = await shopToProduct(page, true);
  let name = '';
  for (let i = 0; i < count && !name; i++) {
    await cards.nth(i).getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('button', { name: /to wishlist$/ })).toBeEnabled();
    if (await chooseBuyable(page)) name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    else await page.goBack();
  }
  expect(name).not.toBe('');
  await addButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product added to cart!' })).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();

  await cartLink(page, 1).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: `Increase quantity of ${name}` }).click();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${name}` })).toHaveValue('2');
  // The stepper is optimistic; the header count changes only once the server has saved the change.
  await expect(cartLink(page, 2)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${name}` })).toHaveValue('2');
  await expect(cartLink(page, 2)).toBeVisible();
});

test('without JavaScript: the same journey with links and plain forms', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const { cards, count } = await shopToProduct(page, false);
  let name = '';
  for (let i = 0; i < count && !name; i++) {
    const listing = page.url();
    await cards.nth(i).getByRole('heading').getByRole('link').click();
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    for (let attempt = 0; attempt < 12 && !name; attempt++) {
      if ((await addButton(page).textContent()) !== 'Add to cart') break;
      const colors = page.getByRole('group', { name: /^Color/ }).locator('label');
      const sizes = page.getByRole('group', { name: /^Size/ }).locator('label');
      const colorCount = await colors.count();
      const sizeCount = await sizes.count();
      if (colorCount) await colors.nth(attempt % colorCount).click();
      if (sizeCount) await sizes.nth(Math.floor(attempt / Math.max(1, colorCount)) % sizeCount).click();
      await addButton(page).click();
      if (await page.getByRole('status').filter({ hasText: 'Product added to cart!' }).count()) name = title;
    }
    if (!name) await page.goto(listing);
  }
  expect(name).not.toBe('');
  await expect(cartLink(page, 1)).toBeVisible();

  await cartLink(page, 1).click();
  await page.getByRole('button', { name: `Increase quantity of ${name}` }).click();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${name}` })).toHaveValue('2');
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${name}` })).toHaveValue('2');
  await expect(cartLink(page, 2)).toBeVisible();
  await context.close();
});

test('an unknown product lands on /404 and an unknown collection says so', async ({ page }) => {
  await page.goto('/product/doesnotexist00');
  await expect(page).toHaveURL(/\/404$/);
  const response = await page.goto('/collections/doesnotexist00');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Collection Not Found' })).toBeVisible();
  await expect(page.getByText('This collection could not be found.')).toBeVisible();
  await expect(page.getByRole('link', { name: /collections/i }).first()).toBeVisible();
});
