/**
 * Promo codes for shoppers (decision 0023) in Chromium, with and without JavaScript: on the cart a wrong code
 * is refused with its reason, the right one shows its Discount line; checkout takes it off (with JavaScript the code is
 * also removed and entered again on the checkout page, keeping the address typed); the order is paid through the
 * simulator at the discounted total, which the order's page shows. The code is written straight to the store's
 * database here (20% off, no limits), so the spec depends neither on the admin screen nor on the demo seed's codes.
 */
import { formatNaira } from '../../app/lib/money';
import { addLastBuyableToCart } from './delivery-helpers';
import { expect, test, type Locator, type Page } from './fixtures';
import { hydrated, paystackPopup, register, storeDatabase, uniqueEmail } from './support';

const PERCENT = 20;
const KANO_FEE = 2_600_00;

/** A code of its own per run (a retry, or the store left running between runs, finds it new). */
async function createCode(): Promise<string> {
  const code = `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  const id = Array.from({ length: 14 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 36)]);
  const sql = storeDatabase();
  try {
    await sql`insert into promo_codes (id, code, kind, percent_off)
      values (${id.join('')}, ${code}, 'percent', ${PERCENT})`;
  } finally {
    await sql.end();
  }
  return code;
}

const cartSummary = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });
const checkoutSummary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
const shippingForm = (page: Page) => page.getByRole('form', { name: 'Shipping details' });

/** "₦32,500" as kobo. */
const kobo = (text: string) => Math.round(Number(text.replace(/[₦,\s]/g, '')) * 100);

async function subtotalIn(summary: Locator): Promise<number> {
  const row = summary.getByText(/^Subtotal/).locator('..');
  return kobo((await row.locator('dd').textContent()) ?? '');
}

const discountLine = (amount: number) => new RegExp(`Discount\\s*-${formatNaira(amount)}`);
const payButton = (form: Locator, total: number) =>
  form.getByRole('button', { name: `Pay ${formatNaira(total)}`, exact: true });

/** Opens 'Use Promo Code' on the cart and applies `code`. */
async function applyOnCart(page: Page, code: string) {
  const summary = cartSummary(page);
  // A native <details>: it opens without JavaScript too, and stays open after a post answered in place.
  if (!(await summary.getByLabel('Promo code').isVisible())) await summary.getByText('Use Promo Code').click();
  await summary.getByLabel('Promo code').fill(code);
  await summary.getByRole('button', { name: 'Apply' }).click();
}

async function fillKano(form: Locator) {
  await form.getByLabel('Address', { exact: true }).fill('7 Bompai Road');
  await form.getByLabel('Town').fill('Kano');
  await form.getByLabel('State').selectOption('Kano');
  await form.getByLabel('Phone').fill('0803 123 4567');
}

/** The order's page after paying: the discounted total paid, on the success page and the customer's order page. */
async function expectPaidTotal(page: Page, total: number) {
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const summary = page.getByRole('main').getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(new RegExp(`Total\\s*${formatNaira(total)}`));
  await page.goto(page.url().replace('/order-success/', '/orders/'));
  await expect(page.getByRole('main').getByRole('region', { name: 'Order summary' })).toContainText(
    new RegExp(`Total\\s*${formatNaira(total)}`),
  );
}

test('with JavaScript: a wrong code, then the right one on the cart; checkout takes it off; paid so', async ({
  page,
}) => {
  const code = await createCode();
  await register(page, uniqueEmail('promo'));
  await addLastBuyableToCart(page);
  await page.goto('/cart');
  await hydrated(page);
  const summary = cartSummary(page);
  const subtotal = await subtotalIn(summary);
  const discount = Math.floor((subtotal * PERCENT) / 100);

  await applyOnCart(page, 'NOSUCHCODE');
  await expect(summary.getByRole('alert')).toHaveText(
    "We don't know the code NOSUCHCODE. Check the spelling and try again.",
  );
  await expect(summary).toContainText(/Discount\s*-(?!₦)/);

  await applyOnCart(page, code.toLowerCase());
  await expect(summary.getByRole('status').filter({ hasText: 'applied' })).toHaveText(`The code ${code} is applied.`);
  await expect(summary).toContainText(discountLine(discount));

  await summary.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page);
  const form = shippingForm(page);
  const side = checkoutSummary(page);
  await expect(side).toContainText(`The code ${code} is applied.`);
  await expect(side).toContainText(discountLine(discount));
  await fillKano(form);
  const total = subtotal - discount + KANO_FEE;
  await expect(payButton(form, total)).toBeVisible();

  // Removed and entered again on the checkout page: the address typed stays, the total follows.
  await side.getByRole('button', { name: `Remove the code ${code}` }).click();
  await expect(payButton(form, subtotal + KANO_FEE)).toBeVisible();
  await side.getByLabel('Promo code').fill(code);
  await side.getByRole('button', { name: 'Apply' }).click();
  await expect(payButton(form, total)).toBeVisible();
  await expect(form.getByLabel('Town')).toHaveValue('Kano');

  await payButton(form, total).click();
  await paystackPopup(page).getByRole('button', { name: 'Pay' }).click();
  await expectPaidTotal(page, total);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the cart says why a code is refused, applies the right one, and the order is paid at that total', async ({
    page,
  }) => {
    const code = await createCode();
    await register(page, uniqueEmail('promo-nojs'));
    await addLastBuyableToCart(page, { js: false });
    await page.goto('/cart');
    const subtotal = await subtotalIn(cartSummary(page));
    const discount = Math.floor((subtotal * PERCENT) / 100);

    await applyOnCart(page, 'nosuchcode');
    await expect(page.getByRole('alert').filter({ hasText: 'know the code' })).toHaveText(
      "We don't know the code NOSUCHCODE. Check the spelling and try again.",
    );
    await applyOnCart(page, code);
    const summary = cartSummary(page);
    await expect(summary.getByRole('status')).toHaveText(`The code ${code} is applied.`);
    await expect(summary).toContainText(discountLine(discount));

    await summary.getByRole('link', { name: 'Proceed to Checkout' }).click();
    const form = shippingForm(page);
    await expect(checkoutSummary(page)).toContainText(discountLine(discount));
    await fillKano(form);
    await form.getByRole('button', { name: 'Update delivery' }).click();
    const total = subtotal - discount + KANO_FEE;
    await payButton(form, total).click();
    await expect(page.getByRole('heading', { name: 'Paystack simulator' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(formatNaira(total));
    await page.getByRole('button', { name: 'Pay' }).click();
    await expectPaidTotal(page, total);
  });
});
