/**
 * A new shopper checks out on one page (docs/decisions/0038-account-inside-checkout.md): no trip to /register, the
 * account made by Pay, the payment through the Paystack simulator, and the order's page reached signed in; with the
 * pop-up, and with JavaScript off through the redirect to the simulator's page.
 */
import { expect, test, type Locator, type Page } from './fixtures';
import { addSomethingToCart, fillShipping, header, hydrated, mailTo, paystackPopup, uniqueEmail } from './support';

const PASSWORD = 'copper-mango-lantern';

async function fillAccount(form: Locator, email: string) {
  await form.getByLabel('First name').fill('Chioma');
  await form.getByLabel('Last name').fill('Eze');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel(/^I agree to the terms and conditions/).check();
}

/** The checkout a visitor gets: the form itself, with "Sign in" for an account they have. */
async function visitorCheckout(page: Page) {
  await page.goto('/checkout');
  await expect(page).toHaveURL('/checkout');
  const signIn = page
    .getByRole('form', { name: 'Shipping details' })
    .getByRole('link', { name: 'Sign in', exact: true });
  await expect(signIn).toHaveAttribute('href', '/login?redirectTo=%2Fcheckout');
}

async function expectSignedInOrder(page: Page, email: string) {
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  // Signed in as the new account: its orders are a click away, and its address was sent the confirmation link.
  await header(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText(/Payment:\s*(Payment\s*)?Paid/);
  expect(await mailTo(email, /Confirm your email address/)).toContain('/verify-email?token=');
}

test('a new shopper adds to cart, checks out on one page and lands signed in on the order', async ({ page }) => {
  const email = uniqueEmail('checkout-account');
  await addSomethingToCart(page);
  await visitorCheckout(page);
  await hydrated(page);
  const form = await fillShipping(page);
  await fillAccount(form, email);
  // /register's rules, checked on the page with the action's schema before anything is sent.
  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(form.getByText('Password must be at least 8 characters long')).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(page).getByRole('button', { name: 'Pay' }).click();
  await expectSignedInOrder(page, email);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a new shopper checks out on one page through the redirect and lands signed in', async ({ page }) => {
    const email = uniqueEmail('checkout-account-nojs');
    await addSomethingToCart(page, { js: false });
    await visitorCheckout(page);
    const form = await fillShipping(page);
    await fillAccount(form, email);
    // Without JavaScript the page prices the address when asked; the password is never sent back, so it is typed again.
    await form.getByRole('button', { name: 'Update delivery' }).click();
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(form.getByLabel(/^I agree to the terms and conditions/)).toBeChecked();
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: /^Pay ₦/ }).click();
    await expect(page.getByRole('heading', { name: 'Paystack simulator' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expectSignedInOrder(page, email);
  });
});
