/**
 * Decision 0021 in Chromium: a shopper with a cart or a session is answered from the stored visitor's page with
 * their header joined in. The page must show their cart and account before the scripts run, and React must take it
 * over without a hydration mismatch (which React reports as an error and answers by rendering the page again).
 */
import { expect, test, type Page } from './fixtures';
import { addSomethingToCart, cartLink, header, hydrated, register, signOut, uniqueEmail } from './support';

/** Errors the page logs or throws: a hydration mismatch shows up here. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const joinedView = (page: Page) => page.locator('script#shopper-view');

test('a visitor with a cart gets the stored product page with their cart count, and keeps it after hydration', async ({
  page,
  request,
}) => {
  await addSomethingToCart(page);
  const product = new URL(page.url()).pathname;
  const errors = pageErrors(page);
  // A visitor's request (no cookies: its own context) keeps the page; the store then knows it is shareable.
  expect((await request.get(product)).ok()).toBe(true);

  await page.goto(product);
  await expect(joinedView(page)).toBeAttached();
  await expect(cartLink(page, 1)).toBeVisible();
  await hydrated(page);
  await expect(cartLink(page, 1)).toBeVisible();
  expect(errors).toEqual([]);

  // Adding again runs the root loader, whose count then takes over from the joined one.
  await page.locator('#add-to-cart').getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(cartLink(page, 2)).toBeVisible();
  await header(page).getByRole('link', { name: 'Shop' }).first().click();
  await expect(page).toHaveURL('/collections');
  await expect(cartLink(page, 2)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-in customer gets stored pages with their account links, and signs out from one', async ({
  page,
  request,
}) => {
  await register(page, uniqueEmail('stored-pages'));
  const errors = pageErrors(page);
  for (const url of ['/', '/collections', '/about']) {
    expect((await request.get(url)).ok()).toBe(true);
    await page.goto(url);
    await expect(joinedView(page)).toBeAttached();
    await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await hydrated(page);
  }
  expect(errors).toEqual([]);
  await signOut(page);
  await page.goto('/about');
  await expect(joinedView(page)).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
});
