/**
 * The reminder to pay, followed in Chromium (decision 0025): two shoppers leave their payment unpaid, one
 * closing the pop-up (JavaScript on), one declining on Paystack's page (JavaScript off). Their orders are made 31
 * minutes old, the store's payment sweep gives their stock back, and the reminder job mails them. Each follows the
 * mail's link to the order's page and pays that same order on Paystack's page: one order each, paid.
 */
import { expect, test, type Page } from './fixtures';
import {
  addSomethingToCart,
  fillShipping,
  hydrated,
  mailTo,
  paystackPopup,
  register,
  runStoreJob,
  storeDatabase,
  uniqueEmail,
} from './support';

type Shopper = { page: Page; email: string; orderId?: string };

/** The shopper's orders as the store keeps them. */
async function ordersOf(email: string) {
  const sql = storeDatabase();
  try {
    return await sql<{ id: string; payment_status: string; stock_state: string }[]>`
      select o.id, o.payment_status, o.stock_state from orders o join users u on u.id = o.user_id
      where u.email = ${email}`;
  } finally {
    await sql.end();
  }
}

/** Placed and left 31 minutes ago: past the payment timeout and the reminder's delay. */
async function makeOld(orderIds: string[]) {
  const sql = storeDatabase();
  try {
    await sql`update orders set created_at = now() - interval '31 minutes', reserved_at = now() - interval '31 minutes',
      payment_left_at = now() - interval '31 minutes' where id in ${sql(orderIds)}`;
  } finally {
    await sql.end();
  }
}

test('a shopper who left the payment follows the reminder and pays the same order', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const withJs: Shopper = { page, email: uniqueEmail('again') };
  const withoutJs: Shopper = {
    page: await (await browser.newContext({ javaScriptEnabled: false })).newPage(),
    email: uniqueEmail('again.nojs'),
  };

  // With JavaScript: the pop-up opens and is closed without paying.
  await register(withJs.page, withJs.email);
  await addSomethingToCart(withJs.page);
  await withJs.page.goto('/checkout');
  await hydrated(withJs.page);
  let form = await fillShipping(withJs.page);
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(withJs.page).getByRole('button', { name: 'Close' }).click();
  await expect(form.getByRole('button', { name: /^Pay ₦/ })).toBeEnabled();

  // Without JavaScript: Paystack's page, declined.
  await register(withoutJs.page, withoutJs.email);
  await addSomethingToCart(withoutJs.page, { js: false });
  await withoutJs.page.goto('/checkout');
  form = await fillShipping(withoutJs.page);
  await form.getByRole('button', { name: 'Update delivery' }).click();
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await withoutJs.page.getByRole('button', { name: 'Decline' }).click();
  await expect(withoutJs.page).toHaveURL(/\/checkout\?payment=failed$/);

  const shoppers = [withJs, withoutJs];
  for (const shopper of shoppers) {
    const orders = await ordersOf(shopper.email);
    expect(orders).toHaveLength(1);
    shopper.orderId = orders[0].id;
  }
  await makeOld(shoppers.map((s) => s.orderId!));
  // The sweep asks Paystack, hears abandoned and failed, and gives the stock back.
  await runStoreJob('payment-sweep');
  for (const shopper of shoppers)
    await expect.poll(async () => (await ordersOf(shopper.email))[0].stock_state, { timeout: 20_000 }).toBe('released');

  await runStoreJob('unpaid-reminders');
  for (const shopper of shoppers) {
    const number = shopper.orderId!.slice(-8).toUpperCase();
    const mail = await mailTo(shopper.email, new RegExp(`Subject: Your order ${number} is waiting for payment`));
    expect(mail).toContain('These items are still available');
    const link = /Complete your payment (http\S+)/.exec(mail)![1];
    expect(new URL(link).pathname).toBe(`/orders/${shopper.orderId}`);

    const { page: shopperPage } = shopper;
    await shopperPage.goto(new URL(link).pathname);
    const section = shopperPage.getByRole('region', { name: 'Pay for this order' });
    await expect(section).toContainText('Paying continues this same order');
    await section.getByRole('button', { name: /^Pay ₦/ }).click();
    await expect(shopperPage.getByRole('heading', { name: 'Paystack simulator' })).toBeVisible();
    await shopperPage.getByRole('button', { name: 'Pay' }).click();
    await expect(shopperPage).toHaveURL(`/order-success/${shopper.orderId}`);
    await expect(shopperPage.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
    expect(await ordersOf(shopper.email)).toEqual([
      { id: shopper.orderId, payment_status: 'paid', stock_state: 'committed' },
    ]);
  }
});
