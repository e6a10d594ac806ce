/**
 * A card shopper who walks away at the OTP step (decision 0029): Paystack then says `ongoing` on the card channel,
 * which is not a transfer on its way. The store says the card payment was not finished and lets the shopper pay at
 * once: the same transaction resumes at its OTP step, and the OTP pays it. With the pop-up and without JavaScript.
 * It buys from the end of the catalog (as free-order and delivery do), so the first product keeps the stock that
 * stored-pages.spec.ts adds twice.
 */
import { expect, test, type Page } from './fixtures';
import { addLastBuyableToCart } from './delivery-helpers';
import { fillShipping, hydrated, paystackPopup, register, uniqueEmail } from './support';

const UNFINISHED = 'Your card payment was not finished';

async function expectPaid(page: Page) {
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
}

test('with the pop-up: closed at the OTP step, the order is payable at once and the OTP pays it', async ({ page }) => {
  await register(page, uniqueEmail('otp-popup'));
  await addLastBuyableToCart(page);
  await page.goto('/checkout');
  await hydrated(page);
  const form = await fillShipping(page);
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  const popup = paystackPopup(page);
  await popup.getByRole('radio', { name: /asks for an OTP/ }).check();
  await popup.getByRole('button', { name: 'Pay' }).click();
  await expect(popup.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  // The shopper walks away: closes the pop-up at the OTP step.
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(form.getByRole('alert').filter({ hasText: UNFINISHED })).toBeVisible();
  await expect(page.getByText('We are waiting for your bank to confirm your transfer')).toHaveCount(0);
  // Pay again at once: the pop-up resumes the same transaction at its OTP step.
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  const resumed = paystackPopup(page);
  await expect(resumed.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  const otp = (await resumed
    .locator('strong')
    .filter({ hasText: /^\d{6}$/ })
    .textContent())!;
  await resumed.getByRole('textbox', { name: 'OTP' }).fill(otp);
  await resumed.getByRole('button', { name: 'Submit OTP' }).click();
  await expectPaid(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cancelled at the OTP step on the hosted page, the order is payable at once and the OTP pays it', async ({
    page,
  }) => {
    await register(page, uniqueEmail('otp-nojs'));
    await addLastBuyableToCart(page, { js: false });
    await page.goto('/checkout');
    const form = await fillShipping(page);
    await form.getByRole('button', { name: 'Update delivery' }).click();
    await form.getByRole('button', { name: /^Pay ₦/ }).click();
    await page.getByRole('radio', { name: /asks for an OTP/ }).check();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
    // The shopper walks away: cancels on Paystack's page and is sent back to the store.
    await page.getByRole('link', { name: 'Cancel and go back to the store' }).click();
    await expect(page).toHaveURL(/\/checkout\?payment=unfinished$/);
    await expect(page.getByText(UNFINISHED)).toBeVisible();
    const again = await fillShipping(page);
    await again.getByRole('button', { name: 'Update delivery' }).click();
    await again.getByRole('button', { name: /^Pay ₦/ }).click();
    await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
    const otp = (await page
      .locator('strong')
      .filter({ hasText: /^\d{6}$/ })
      .textContent())!;
    await page.getByRole('textbox', { name: 'OTP' }).fill(otp);
    await page.getByRole('button', { name: 'Submit OTP' }).click();
    await expectPaid(page);
  });
});
