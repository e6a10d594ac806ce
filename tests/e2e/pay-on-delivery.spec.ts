/**
 * Pay on delivery in Chromium (decision 0037), with and without JavaScript: the admin offers it in Lagos Mainland
 * (the zone form's box), a signed-in shopper with a Mainland address chooses it at checkout and lands on the order's
 * confirmation with the amount due and what to have ready (and the mail says so), then the admin marks it collected
 * on the order's page, which makes it paid.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import {
  addSomethingToCart,
  adminPageAt,
  createAdmin,
  fillShipping,
  hydrated,
  mailTo,
  register,
  uniqueEmail,
} from './support';

const admin = { email: uniqueEmail('pod-admin'), password: 'door-collect-lantern' };

test.beforeAll(async ({ browser }) => {
  await createAdmin(browser, admin);
  // The demo seed offers it in Lagos Mainland already; the admin's own box is what turns it on.
  const page = await adminPageAt(browser, admin, '/admin/delivery');
  await page.getByRole('table').getByRole('link', { name: 'Lagos Mainland', exact: true }).click();
  const form = page.getByRole('form', { name: 'Delivery zone' });
  await form.getByLabel('Offer pay on delivery').check();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Delivery zone saved.' })).toBeVisible();
  await page.context().close();
});

/** A new customer orders with pay on delivery to Yaba (Lagos Mainland); the order's id. */
async function orderOnDelivery(page: Page, js: boolean): Promise<string> {
  const email = uniqueEmail(js ? 'pod' : 'pod-nojs');
  await register(page, email);
  await addSomethingToCart(page, { js });
  await page.goto('/checkout');
  if (js) await hydrated(page);
  const form = await fillShipping(page);
  await form.getByLabel('Town').fill('Yaba');
  const choice = form.getByLabel('Pay on delivery: cash, POS or transfer at the door');
  if (js) {
    await choice.check();
    await form.getByRole('button', { name: /^Place order · ₦/ }).click();
  } else {
    // Without JavaScript the page prices the address when asked, and then offers the choice.
    await expect(choice).toHaveCount(0);
    await form.getByRole('button', { name: 'Update delivery' }).click();
    await choice.check();
    await form.getByRole('button', { name: /^Pay ₦/ }).click();
  }
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(/Pay on delivery: ₦[\d,]+ due/);
  await expect(main).toContainText(/Please have ₦[\d,]+ ready when your order arrives: cash, a card for the rider/);
  // The confirmation says it too (its naira sign is encoded in the mail: the words around it are matched).
  const mail = await mailTo(email, /You pay on delivery, when it arrives/);
  expect(mail).toMatch(/Pay on delivery: \S+ due/);
  expect(mail).toContain('ready when your order arrives: cash, a card for the rider');
  return /\/order-success\/([0-9a-z]{14})$/.exec(page.url())![1];
}

/** The admin marks the order collected in cash from its page; it then reads as paid. */
async function collect(browser: Browser, orderId: string, js: boolean) {
  const page = await adminPageAt(browser, admin, `/admin/orders/${orderId}`, js);
  if (js) await hydrated(page);
  const panel = page.getByRole('region', { name: 'Pay on delivery' });
  await expect(panel).toContainText('to collect at the door');
  await panel.getByLabel('Cash').check();
  await panel.getByLabel('Note (optional)').fill('Paid to the rider');
  await panel.getByRole('button', { name: 'Collected' }).click();
  await expect(panel.getByRole('status')).toHaveText('Marked collected: the order is paid.');
  await expect(panel).toContainText('Collected by cash: Paid to the rider');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText(/Status\s*Paid/);
  await page.context().close();
}

test('a Lagos Mainland shopper pays on delivery; the admin marks it collected', async ({ browser, page }) => {
  await collect(browser, await orderOnDelivery(page, true), true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a Lagos Mainland shopper pays on delivery; the admin marks it collected', async ({ browser, page }) => {
    await collect(browser, await orderOnDelivery(page, false), false);
  });
});
