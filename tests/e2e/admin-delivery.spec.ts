/**
 * The admin's Delivery page in Chromium (decision 0022): a zone added without JavaScript reaches a shopper's checkout
 * at once, an overlapping zone is refused naming the other, and deleting it (asked first) gives the address back to
 * the rest of Nigeria's fee. The admin is made one with admin:grant, as an operator would.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { addLastBuyableToCart } from './delivery-helpers';
import { formatNaira } from '../../app/lib/money';
import { adminPageAt, createAdmin, hydrated, paystackPopup, register, uniqueEmail } from './support';

const admin = { email: uniqueEmail('delivery-admin'), password: 'delivery-lantern-pass' };

test.beforeAll(async ({ browser }) => createAdmin(browser, admin));

const adminPage = (browser: Browser, javaScriptEnabled: boolean): Promise<Page> =>
  adminPageAt(browser, admin, '/admin/delivery', javaScriptEnabled);

/** What the checkout page quotes for a Kano address, for a shopper whose page is open at checkout. */
async function kanoQuote(shopper: Page) {
  await shopper.goto('/checkout');
  await hydrated(shopper);
  const form = shopper.getByRole('form', { name: 'Shipping details' });
  await form.getByLabel('Town').fill('Kano');
  await form.getByLabel('State').selectOption('Kano');
  return form.locator('#delivery-quote');
}

test('a zone added without JavaScript prices checkout at once; overlaps are refused; deleting asks first', async ({
  browser,
  page: shopper,
}) => {
  await register(shopper, uniqueEmail('kano'));
  await addLastBuyableToCart(shopper);
  await expect(await kanoQuote(shopper)).toHaveText('Standard delivery: 5–6 working days · ₦2,600');

  const page = await adminPage(browser, false);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery zones' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Lagos Mainland');
  await page.getByRole('link', { name: 'Add delivery zone' }).click();
  const form = page.getByRole('form', { name: 'Delivery zone' });
  await form.getByLabel('Name').fill('Kano Express');
  await form.getByLabel('Kano', { exact: true }).check();
  await form.getByLabel('Fee (₦)').fill('1,000');
  await form.getByLabel('Shortest (working days)').fill('1');
  await form.getByLabel('Longest (working days)').fill('2');
  await form.getByRole('button', { name: 'Create delivery zone' }).click();
  await expect(page.getByText('Delivery zone saved. Checkout uses it from now on.')).toBeVisible();
  await expect(await kanoQuote(shopper)).toHaveText('Kano Express: 1–2 working days · ₦1,000');

  // A second zone for all of Lagos would give Lagos addresses two fees.
  await page.goto('/admin/delivery/new');
  await form.getByLabel('Name').fill('All Lagos');
  await form.getByLabel('Lagos', { exact: true }).check();
  await form.getByLabel('Fee (₦)').fill('500');
  await form.getByLabel('Shortest (working days)').fill('1');
  await form.getByLabel('Longest (working days)').fill('1');
  await form.getByRole('button', { name: 'Create delivery zone' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Lagos is already covered by the zone “Lagos Mainland”. Take it out of that zone first, or name towns here.',
  );

  // Deleting asks first (without JavaScript on the page itself), then the address pays the rest of Nigeria's fee.
  await page.goto('/admin/delivery');
  await page.getByRole('button', { name: 'Delete Kano Express' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Are you sure you want to delete this delivery zone?');
  await question.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Delivery zone deleted.')).toBeVisible();
  await expect(page.getByRole('table')).not.toContainText('Kano Express');
  await expect(await kanoQuote(shopper)).toHaveText('Standard delivery: 5–6 working days · ₦2,600');
  await page.context().close();
});

/** The admin edits the Abuja zone's fee, with JavaScript. */
async function setAbujaFee(page: Page, naira: string) {
  await page.goto('/admin/delivery');
  await page.getByRole('link', { name: 'Edit Abuja (FCT)' }).click();
  const zone = page.getByRole('form', { name: 'Delivery zone' });
  await zone.getByLabel('Fee (₦)').fill(naira);
  await zone.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Delivery zone saved. Checkout uses it from now on.')).toBeVisible();
}

test('a zone changed while a shopper is at checkout: Pay shows the new fee first, and the next Pay charges it', async ({
  browser,
  page: shopper,
}) => {
  await register(shopper, uniqueEmail('abuja'));
  await addLastBuyableToCart(shopper);
  await shopper.goto('/checkout');
  await hydrated(shopper);
  const form = shopper.getByRole('form', { name: 'Shipping details' });
  await form.getByLabel('Address', { exact: true }).fill('7 Aminu Kano Crescent');
  await form.getByLabel('Town').fill('Wuse');
  await form.getByLabel('State').selectOption('Federal Capital Territory');
  await form.getByLabel('Phone').fill('0803 123 4567');
  const quote = form.locator('#delivery-quote');
  await expect(quote).toHaveText('Abuja (FCT): 2–3 working days · ₦3,000');
  const subtotalRow = shopper
    .getByRole('region', { name: 'Order Summary' })
    .getByText(/^Subtotal/)
    .locator('..');
  const subtotal = Math.round(Number((await subtotalRow.locator('dd').textContent())!.replace(/[₦,]/g, '')) * 100);

  const admin = await adminPage(browser, true);
  await setAbujaFee(admin, '3500');
  try {
    // The page still says ₦3,000: Pay is refused, and the page now shows the fee and total charged.
    await form.getByRole('button', { name: `Pay ${formatNaira(subtotal + 3_000_00)}` }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Delivery to Wuse, Federal Capital Territory costs ₦3,500 now, not ₦3,000 as shown before. ' +
        `Please check your total of ${formatNaira(subtotal + 3_500_00)} and press Pay again.`,
    );
    await expect(quote).toHaveText('Abuja (FCT): 2–3 working days · ₦3,500');
    await expect(shopper.locator('iframe[title="Paystack checkout"]')).toHaveCount(0);
    await form.getByRole('button', { name: `Pay ${formatNaira(subtotal + 3_500_00)}` }).click();
    await expect(paystackPopup(shopper).locator('body')).toContainText(formatNaira(subtotal + 3_500_00));
    await paystackPopup(shopper).getByRole('button', { name: 'Pay' }).click();
    await expect(shopper.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
    await expect(shopper.getByRole('main').getByRole('region', { name: 'Order summary' })).toContainText(
      /Delivery\s*₦3,500/,
    );
  } finally {
    await setAbujaFee(admin, '3000');
    await admin.context().close();
  }
});
