/**
 * The wishlist in Chromium: a visitor's hearts stay in the browser and show on /wishlist; signing in takes
 * them into the account (and out of the browser); a customer's heart saves to the account, with and without
 * JavaScript; /wishlist lists saved products with add-to-cart and removes them.
 */
import { expect, test, type Page } from './fixtures';
import { hydrated } from './support';

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const header = (page: Page) => page.getByRole('banner');
const heart = (page: Page) => page.getByRole('button', { name: /to wishlist$/ });
const saved = (page: Page) => page.getByRole('list', { name: 'Saved products' });

async function productPages(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+\/product\/[0-9a-z]{14})<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

async function openProduct(page: Page, url: string): Promise<string> {
  await page.goto(url);
  return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
}

async function register(page: Page, email: string) {
  await page.goto('/register?redirectTo=%2Fwishlist');
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill('Zainab');
  await main.getByLabel('Last name').fill('Bello');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill('secret-lantern-pass');
  await main.getByLabel('Confirm password').fill('secret-lantern-pass');
  await main.getByLabel(/I agree to the/).check();
  await main.getByRole('button', { name: 'Create Account' }).click();
  // Registering does not sign in (docs/requirements.md#14-messages): its page's Sign In link keeps where to go next.
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  await main.getByRole('link', { name: 'Sign In', exact: true }).click();
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill('secret-lantern-pass');
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/wishlist');
}

test('hearts follow a visitor into their account and the account keeps them', async ({ page, browser }) => {
  const [first, second, third] = await productPages(page);
  const firstName = await openProduct(page, first);
  await hydrated(page);
  await expect(heart(page)).toBeEnabled();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'false');
  await heart(page).click();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/wishlist');
  await expect(page.getByText('Saved in this browser.')).toBeVisible();
  await expect(saved(page).getByRole('heading', { name: firstName, exact: true })).toBeVisible();

  // Signed in: the browser's list joins the account and leaves the browser.
  await register(page, `hearts.${stamp}@example.com`);
  await expect(saved(page).getByRole('heading', { name: firstName, exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pj-wishlist'))).toBeNull();
  await expect(saved(page).getByRole('button', { name: `Add to cart (${firstName})` })).toBeVisible();

  // A customer's heart saves to the account: it is still pressed after a reload and on /wishlist.
  const secondName = await openProduct(page, second);
  await hydrated(page);
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(heart(page)).toBeEnabled();
  await heart(page).click();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(heart(page)).toBeEnabled();
  await page.reload();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/wishlist');
  await expect(saved(page).getByRole('listitem')).toHaveCount(2);

  // Without JavaScript the heart is a form that saves and comes back.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  const thirdName = await openProduct(plain, third);
  await heart(plain).click();
  await expect(plain).toHaveURL(/\?wishlist=saved#add-to-cart$/);
  await expect(heart(plain)).toHaveAttribute('aria-pressed', 'true');
  await plain.goto('/wishlist');
  await expect(saved(plain).getByRole('listitem')).toHaveCount(3);
  await saved(plain)
    .getByRole('button', { name: `Remove ${thirdName} from wishlist` })
    .click();
  await expect(plain.getByRole('status')).toHaveText('Removed from your wishlist.');
  await expect(saved(plain).getByRole('listitem')).toHaveCount(2);
  await noScript.close();

  // Removing with JavaScript; then signing out leaves this browser with no hearts.
  await page.reload();
  await saved(page)
    .getByRole('button', { name: `Remove ${secondName} from wishlist` })
    .click();
  await expect(saved(page).getByRole('heading', { name: secondName, exact: true })).toHaveCount(0);
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
});

test('a visitor without JavaScript is told the wishlist lives in the browser and can sign in', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // The heart of a product page asks them to sign in, then brings them back to the product.
  const [product] = await productPages(page);
  await openProduct(page, product);
  await heart(page).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`${product}#add-to-cart`)}`);
  await page.goto('/wishlist');
  await expect(page.getByText('Products you save with the heart are kept in this browser.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/login?redirectTo=%2Fwishlist');
  await context.close();
});
