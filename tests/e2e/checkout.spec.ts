/**
 * Checkout in Chromium against the Paystack simulator: pay through the pop-up, decline (cart kept, message
 * shown), and pay with JavaScript off through the redirect path; the order then shows as paid on /orders and
 * the confirmation mail is in the outbox.
 */
import { expect, test, type Page } from './fixtures';
import {
  addSomethingToCart,
  cartLink,
  cspViolations,
  fillShipping,
  header,
  holdScripts,
  hydrated,
  mailTo,
  paystackPopup,
  register,
  shownReference,
  simulatorControl,
  uniqueEmail,
} from './support';

async function expectPaidOrder(page: Page, email: string) {
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 2, name: /^Order #[0-9A-Z]{8}$/ }).textContent())!.replace(
    'Order #',
    '',
  );
  await expect(cartLink(page, 0)).toBeVisible();
  await header(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('article', { name: `Order #${number}` })).toContainText(/Payment:\s*(Payment\s*)?Paid/);
  const mail = await mailTo(email, new RegExp(`Order ${number} confirmed`));
  expect(mail).toContain('Total paid:');
  return mail;
}

test('pay through the pop-up: order paid, cart emptied, confirmation mailed', async ({ page }) => {
  const violations = cspViolations(page);
  const email = uniqueEmail('popup');
  await register(page, email);
  const name = await addSomethingToCart(page);
  // On a slow link the address is typed before the scripts arrive; hydration keeps it, and Pay then opens the pop-up.
  const letScriptsThrough = await holdScripts(page);
  await page.goto('/checkout');
  await expect(
    page.getByText('Test mode: payments go to the Paystack simulator and no card is charged.'),
  ).toBeVisible();
  const form = await fillShipping(page);
  await letScriptsThrough();
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Town')).toHaveValue('Lekki');
  await expect(form.getByLabel('State')).toHaveValue('Lagos');
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(page).getByRole('button', { name: 'Pay' }).click();
  const mail = await expectPaidOrder(page, email);
  // A branded confirmation (docs/decisions/0046-mail-frame.md): the store's frame, and the item named with its
  // picture, an absolute link to a small variant on the store.
  expect(mail).toContain('Questions? Reply to this email or write to');
  expect(mail).toMatch(/Content-Type: text\/html/);
  const picture = /<img alt="([^"]*)" height="\d+" src="(http[^"]+\/media\/products\/[^"]+-\d+\.webp)"/.exec(mail);
  expect(picture?.[1]).toBe(name.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
  expect((await page.request.get(picture![2])).status()).toBe(200);
  expect(mail).toContain(`${name}\n`);
  // Hydration, the pop-up's script and its frame all ran under the page's Content-Security-Policy.
  expect(violations).toEqual([]);
});

test('blank fields are named before anything is sent; a declined payment keeps the cart and says so', async ({
  page,
}) => {
  await register(page, uniqueEmail('decline'));
  await addSomethingToCart(page);
  await page.goto('/checkout');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Shipping details' });
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Please fill in all required fields' })).toBeVisible();
  await fillShipping(page);
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(page).getByRole('button', { name: 'Decline' }).click();
  await expect(
    form.getByRole('alert').filter({ hasText: 'Payment was not successful. Please try again.' }),
  ).toBeVisible();
  // The pop-up is gone and Pay works again, with the keyboard's focus on it; the cart still holds the item.
  await expect(form.getByRole('button', { name: /^Pay ₦/ })).toBeEnabled();
  await expect(form.getByRole('button', { name: /^Pay ₦/ })).toBeFocused();
  await expect(cartLink(page, 1)).toBeVisible();
  // Closing the pop-up without paying also gives the button back.
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(page).getByRole('button', { name: 'Close' }).click();
  await expect(form.getByRole('button', { name: /^Pay ₦/ })).toBeEnabled();
  await expect(form.getByRole('button', { name: /^Pay ₦/ })).toBeFocused();
});

const AWAITING = 'We are waiting for your bank to confirm your transfer.';

/** The order page while the bank has not confirmed: says so, offers no payment, and gives the reference. */
async function expectAwaiting(page: Page) {
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { name: 'Awaiting confirmation' })).toBeVisible();
  await expect(page.getByText(AWAITING)).toBeVisible();
  await expect(page.getByRole('button', { name: /Pay/ })).toHaveCount(0);
  return shownReference(page);
}

test('bank transfer in the pop-up: awaiting confirmation, no second payment, paid once the bank confirms', async ({
  page,
}) => {
  const email = uniqueEmail('transfer');
  await register(page, email);
  await addSomethingToCart(page);
  await page.goto('/checkout');
  await hydrated(page);
  const form = await fillShipping(page);
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  // inline.js closes the pop-up and calls onCancel while a transfer is pending: the store must not call it a failure.
  await paystackPopup(page).getByRole('button', { name: "I've sent the money" }).click();
  const reference = await expectAwaiting(page);
  const awaitingPage = page.url();
  await expect(page.getByText('Payment was not successful')).toHaveCount(0);

  // A second payment is not offered while Paystack says pending.
  await page.goto('/checkout');
  await hydrated(page);
  const again = await fillShipping(page);
  await again.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(
    again.getByRole('alert').filter({ hasText: 'Your previous payment is still being processed' }),
  ).toBeVisible();
  await expect(page.locator('iframe[title="Paystack checkout"]')).toHaveCount(0);

  // The bank confirms: Paystack's signed webhook reaches the store, and the order page says Paid.
  await simulatorControl({ action: 'confirm-pending', reference });
  await page.goto(awaitingPage);
  await expectPaidOrder(page, email);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** A new customer's cart at checkout, the address priced and Pay pressed: Paystack's hosted page opens. */
  async function payWithoutScripts(page: Page, email: string) {
    await register(page, email);
    await addSomethingToCart(page, { js: false });
    await page.goto('/checkout');
    const form = await fillShipping(page);
    // Without JavaScript the page prices the address typed when asked (decision 0022; tests/e2e/delivery.spec.ts).
    await form.getByRole('button', { name: 'Update delivery' }).click();
    await form.getByRole('button', { name: /^Pay ₦/ }).click();
  }

  test('pay through the redirect path and come back to a paid order', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await payWithoutScripts(page, email);
    await expect(page.getByRole('heading', { name: 'Paystack simulator' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expectPaidOrder(page, email);
  });

  test('pay by bank transfer on the hosted page: the order page waits, refreshes itself, and turns to paid', async ({
    page,
  }) => {
    const email = uniqueEmail('transfer-nojs');
    await payWithoutScripts(page, email);
    await page.getByRole('button', { name: "I've sent the money" }).click();
    const reference = await expectAwaiting(page);
    await simulatorControl({ action: 'confirm-pending', reference });
    // No click: the page's own refresh (a meta refresh, no script) finds the payment confirmed.
    await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({ timeout: 25_000 });
    await expectPaidOrder(page, email);
  });

  // A visitor checks out on the page itself (tests/e2e/checkout-account.spec.ts); "Sign in" comes back here.
  test('a visitor with an empty cart is not sent to sign in; "Sign in" at checkout comes back to it', async ({
    page,
  }) => {
    await page.goto('/checkout');
    await expect(page).toHaveURL('/checkout');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await page.goto('/login?redirectTo=%2Fcheckout');
    await expect(page.getByText('Please sign in to continue')).toBeVisible();
  });
});
