/**
 * A ₦0 order in Chromium (decision 0028), with and without JavaScript: a 100% code and the store's free pickup (the
 * demo seed's) make the total ₦0; checkout's button says "Place order" and no Paystack page or pop-up opens; the order
 * is confirmed at once, paid by its discount. The code is written straight to the store's database (100% off, no
 * limits), so the spec depends neither on the admin screen nor on the demo seed's codes.
 */
import type { Locator, Page } from './fixtures';
import { addLastBuyableToCart } from './delivery-helpers';
import { expect, test } from './fixtures';
import { fillShipping, hydrated, mailTo, register, storeDatabase, uniqueEmail } from './support';

async function createFreeCode(): Promise<string> {
  const code = `FREE${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  const id = Array.from({ length: 14 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 36)]);
  const sql = storeDatabase();
  try {
    await sql`insert into promo_codes (id, code, kind, percent_off) values (${id.join('')}, ${code}, 'percent', 100)`;
  } finally {
    await sql.end();
  }
  return code;
}

/** Applies `code` on the cart page, then goes on to the checkout. */
async function applyAndCheckOut(page: Page, code: string) {
  await page.goto('/cart');
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  if (!(await summary.getByLabel('Promo code').isVisible())) await summary.getByText('Use Promo Code').click();
  await summary.getByLabel('Promo code').fill(code);
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('status').filter({ hasText: 'applied' })).toHaveText(`The code ${code} is applied.`);
  await summary.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

/** Pickup chosen and the details filled: the form. */
async function choosePickup(page: Page): Promise<Locator> {
  const form = await fillShipping(page);
  await form.getByRole('radio', { name: /Pick up at our store/ }).check();
  return form;
}

/** The order confirmed at once, paid by its discount, on the success page and the order's page; its mail sent. */
async function expectPaidByDiscount(page: Page, email: string) {
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Nothing to pay: your discount covers the whole order.');
  const number = /Order #([0-9A-Z]{8})/.exec((await page.getByRole('main').textContent()) ?? '')?.[1];
  await page.goto(page.url().replace('/order-success/', '/orders/'));
  const summary = page.getByRole('main').getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(/Total\s*₦0/);
  await expect(summary).toContainText('Paid by discount (nothing to pay)');
  await mailTo(email, new RegExp(`order ${number} is confirmed`, 'i'));
}

test('with JavaScript: a ₦0 total is placed with "Place order", no Paystack pop-up, and confirmed', async ({
  page,
}) => {
  const code = await createFreeCode();
  const email = uniqueEmail('free');
  await register(page, email);
  await addLastBuyableToCart(page);
  await applyAndCheckOut(page, code);
  await hydrated(page);
  const form = await choosePickup(page);
  await expect(form.getByText('Your discount covers the whole order')).toBeVisible();
  await form.getByRole('button', { name: 'Place order', exact: true }).click();
  await expectPaidByDiscount(page, email);
  await expect(page.locator('iframe[title="Paystack checkout"]')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a ₦0 total is placed with "Place order" and confirmed, no Paystack page', async ({ page }) => {
    const code = await createFreeCode();
    const email = uniqueEmail('free-nojs');
    await register(page, email);
    await addLastBuyableToCart(page, { js: false });
    await applyAndCheckOut(page, code);
    const form = await choosePickup(page);
    await form.getByRole('button', { name: 'Update delivery' }).click();
    await shippingForm(page).getByRole('button', { name: 'Place order', exact: true }).click();
    await expectPaidByDiscount(page, email);
  });
});

const shippingForm = (page: Page) => page.getByRole('form', { name: 'Shipping details' });
