/**
 * Delivery that fits Nigeria (decision 0022) in Chromium, against the demo store's zones
 * (scripts/seed/delivery.ts): Lagos Mainland ₦1,500, Lagos Island & Lekki–Ajah ₦2,500 (by town), Abuja ₦3,000, the
 * rest of Nigeria at the default ₦2,600, and free pickup at the studio. A Lagos Island and a Kano address get their own
 * fees at checkout, with and without JavaScript; pickup; the order paid through the simulator keeps what it was
 * promised; the product page's Delivery panel.
 */
import { formatNaira } from '../../app/lib/money';
import { expect, test, type Locator, type Page } from './fixtures';
import { addLastBuyableToCart } from './delivery-helpers';
import { hydrated, paystackPopup, register, uniqueEmail } from './support';

const ISLAND = 'Lagos Island & Lekki–Ajah: 1–2 working days';
const STANDARD = 'Standard delivery: 5–6 working days';
const PICKUP = 'Pickup: ready in 1 working day';
const STUDIO = 'Studio 4, 12 Admiralty Way, Lekki Phase 1, Lagos';

const shippingForm = (page: Page) => page.getByRole('form', { name: 'Shipping details' });
const summaryOf = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
const quoteOf = (form: Locator) => form.locator('#delivery-quote');
/** The product page's Delivery panel opens with its summary (a native <details>). */
const deliverySummary = (page: Page) => page.locator('summary').filter({ hasText: /^Delivery$/ });

/** The address of the form, in `town` and `state`. */
async function fillAddress(form: Locator, town: string, state: string) {
  await form.getByLabel('Address', { exact: true }).fill('12 Admiralty Way');
  await form.getByLabel('Town').fill(town);
  await form.getByLabel('State').selectOption(state);
  await form.getByLabel('Phone').fill('0803 123 4567');
}

/** "₦32,500" as kobo. */
const kobo = (text: string) => Math.round(Number(text.replace(/[₦,\s]/g, '')) * 100);

async function subtotalOf(page: Page): Promise<number> {
  const row = summaryOf(page)
    .getByText(/^Subtotal/)
    .locator('..');
  return kobo((await row.locator('dd').textContent()) ?? '');
}

const payButton = (form: Locator, total: number) =>
  form.getByRole('button', { name: `Pay ${formatNaira(total)}`, exact: true });

/** The order-success page of a paid order, showing its delivery promise and fee. */
async function expectPaidWith(page: Page, promise: string, fee: string) {
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: /^(Delivery|Pickup)$/ })).toContainText(promise);
  await expect(main.getByRole('region', { name: 'Order summary' })).toContainText(
    new RegExp(`(Delivery|Pickup)\\s*${fee}`),
  );
  // The customer's own order page says the same.
  await page.goto(page.url().replace('/order-success/', '/orders/'));
  await expect(page.getByRole('main').getByRole('region', { name: /^(Delivery|Pickup)$/ })).toContainText(promise);
}

test('with JavaScript the fee follows the address as it is typed, and the paid order keeps it', async ({ page }) => {
  await register(page, uniqueEmail('zones'));
  await addLastBuyableToCart(page);
  await page.goto('/checkout');
  await hydrated(page);
  const form = shippingForm(page);
  const summary = summaryOf(page);
  // The page quotes as the shopper types: no button to ask the server.
  await expect(form.getByRole('button', { name: 'Update delivery' })).toHaveCount(0);
  await expect(quoteOf(form)).toHaveText('Choose your state to see the delivery fee.');
  const subtotal = await subtotalOf(page);

  await fillAddress(form, 'Lekki', 'Lagos');
  await expect(quoteOf(form)).toHaveText(`${ISLAND} · ₦2,500`);
  await expect(summary).toContainText(/Delivery\s*₦2,500/);
  await expect(payButton(form, subtotal + 2_500_00)).toBeVisible();

  await form.getByLabel('Town').fill('Kano');
  await form.getByLabel('State').selectOption('Kano');
  await expect(quoteOf(form)).toHaveText(`${STANDARD} · ₦2,600`);
  await expect(summary).toContainText(/Delivery\s*₦2,600/);
  await expect(payButton(form, subtotal + 2_600_00)).toBeVisible();

  await form.getByLabel(/^Pick up at our store/).check();
  await expect(quoteOf(form)).toHaveText(`${PICKUP} · Free`);
  await expect(payButton(form, subtotal)).toBeVisible();

  // Back to delivery, to Victoria Island typed carelessly: the island zone still knows it.
  await form.getByLabel('Deliver to my address').check();
  await form.getByLabel('State').selectOption('Lagos');
  await form.getByLabel('Town').fill('victoria  island');
  await expect(quoteOf(form)).toHaveText(`${ISLAND} · ₦2,500`);
  await payButton(form, subtotal + 2_500_00).click();
  await paystackPopup(page).getByRole('button', { name: 'Pay' }).click();
  await expectPaidWith(page, ISLAND, '₦2,500');
});

test('pickup with JavaScript: free, and the order says where to collect it', async ({ page }) => {
  await register(page, uniqueEmail('pickup'));
  await addLastBuyableToCart(page);
  await page.goto('/checkout');
  await hydrated(page);
  const form = shippingForm(page);
  const subtotal = await subtotalOf(page);
  await fillAddress(form, 'Ibadan', 'Oyo');
  await form.getByLabel(/^Pick up at our store/).check();
  await expect(quoteOf(form)).toHaveText(`${PICKUP} · Free`);
  await payButton(form, subtotal).click();
  await paystackPopup(page).getByRole('button', { name: 'Pay' }).click();
  await expectPaidWith(page, PICKUP, 'Free');
  await expect(page.getByRole('main')).toContainText(`Collect at ${STUDIO}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Update delivery prices the address; a Kano Pay is shown its fee before it is charged', async ({ page }) => {
    await register(page, uniqueEmail('zones-nojs'));
    await addLastBuyableToCart(page, { js: false });
    await page.goto('/checkout');
    const form = shippingForm(page);
    const summary = summaryOf(page);
    await expect(quoteOf(form)).toHaveText('Choose your state to see the delivery fee.');
    const subtotal = await subtotalOf(page);
    await expect(form.getByRole('button', { name: `Pay ${formatNaira(subtotal)} + delivery` })).toBeVisible();

    await fillAddress(form, 'Lekki', 'Lagos');
    await form.getByRole('button', { name: 'Update delivery' }).click();
    await expect(quoteOf(form)).toHaveText(`${ISLAND} · ₦2,500`);
    await expect(summary).toContainText(/Delivery\s*₦2,500/);
    // What was typed came back.
    await expect(form.getByLabel('Phone')).toHaveValue('0803 123 4567');

    // Kano typed, Pay pressed without updating: the page shows the Kano fee and total, nothing is charged yet.
    await form.getByLabel('Town').fill('Kano');
    await form.getByLabel('State').selectOption('Kano');
    await payButton(form, subtotal + 2_500_00).click();
    const total = formatNaira(subtotal + 2_600_00);
    await expect(form.getByRole('alert')).toHaveText(
      `Delivery to Kano, Kano costs ₦2,600 now, not ₦2,500 as shown before. Please check your total of ${total} ` +
        'and press Pay again.',
    );
    await expect(quoteOf(form)).toHaveText(`${STANDARD} · ₦2,600`);
    await payButton(form, subtotal + 2_600_00).click();
    await expect(page.getByRole('heading', { name: 'Paystack simulator' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(total);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expectPaidWith(page, STANDARD, '₦2,600');
  });

  test('pickup: chosen, shown free before paying, and kept by the order', async ({ page }) => {
    await register(page, uniqueEmail('pickup-nojs'));
    await addLastBuyableToCart(page, { js: false });
    await page.goto('/checkout');
    const form = shippingForm(page);
    const subtotal = await subtotalOf(page);
    await fillAddress(form, 'Kano', 'Kano');
    await form.getByLabel(/^Pick up at our store/).check();
    await form.getByRole('button', { name: 'Update delivery' }).click();
    await expect(quoteOf(form)).toHaveText(`${PICKUP} · Free`);
    await expect(form.getByLabel(/^Pick up at our store/)).toBeChecked();
    await payButton(form, subtotal).click();
    await expect(page.getByRole('heading', { name: 'Paystack simulator' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expectPaidWith(page, PICKUP, 'Free');
  });
});

test('the product page shows every zone to everyone, and a customer their own address’s promise', async ({
  page,
  browser,
}) => {
  await register(page, uniqueEmail('panel'));
  await page.goto('/account');
  const address = page.getByRole('form', { name: 'Delivery address' });
  await address.getByLabel('Address', { exact: true }).fill('3 Awolowo Road');
  await address.getByLabel('Town').fill('Ikoyi');
  await address.getByLabel('State').selectOption('Lagos');
  await address.getByLabel('Phone').fill('0803 123 4567');
  await address.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Your delivery address has been saved.')).toBeVisible();

  const product = await addLastBuyableToCart(page);
  await hydrated(page);
  await deliverySummary(page).click();
  const panel = page.locator('details').filter({ hasText: 'The time and fee depend on your address' });
  await expect(panel).toContainText('Lagos Mainland: 1–2 working days · ₦1,500');
  await expect(panel).toContainText('Rest of Nigeria: 5–6 working days · ₦2,600');
  await expect(panel).toContainText(`Or pick up at ${STUDIO}`);
  await expect(panel.getByRole('status')).toContainText(
    'To your address in Ikoyi, Lagos: Lagos Island & Lekki–Ajah, 1–2 working days · ₦2,500',
  );

  // A visitor gets the same page, without anyone's address.
  const visitor = await browser.newPage();
  await visitor.goto(page.url());
  await hydrated(visitor);
  await deliverySummary(visitor).click();
  const theirs = visitor.locator('details').filter({ hasText: 'The time and fee depend on your address' });
  await expect(theirs).toContainText('Lagos Mainland: 1–2 working days · ₦1,500');
  await expect(theirs).not.toContainText('To your address');
  expect(product).toBeTruthy();
  await visitor.close();
});
