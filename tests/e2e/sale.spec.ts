/**
 * Sale prices in Chromium (decision 0034), with and without JavaScript: the shop's On sale filter lists a product on
 * sale with its old price struck through and the percentage off; its page shows the same; the shopper buys it and the
 * order, its line and the amount Paystack took are the sale price, never the compare-at price.
 */
import { expect, test, type Page } from './fixtures';
import { fillShipping, hydrated, paystackPopup, register, storeDatabase, uniqueEmail } from './support';
import { newId } from '../../app/lib/ids';

const NAME = `Sale Kaftan ${Date.now()}`;
let productId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const sql = storeDatabase();
  try {
    const [picture] = await sql<{ key: string; width: number; height: number; widths: number[] }[]>`
      select key, width, height, widths from product_images order by id limit 1`;
    const [row] = await sql<{ id: string }[]>`
      insert into products (id, name, description, price, compare_at_price, category, sizes, colors)
      values (${newId()}, ${NAME}, 'A kaftan at a lower price for a while.', 3000000, 4000000, 'Shirts', '{S,M}',
        '{Black}')
      returning id`;
    await sql`insert into product_images (product_id, position, key, width, height, widths, alt)
      values (${row.id}, 0, ${picture.key}, ${picture.width}, ${picture.height}, ${picture.widths}, ${NAME})`;
    productId = row.id;
    // The stored pages go, as a store process drops them for the others (shared-invalidation.server.ts).
    await sql`select pg_notify('store_changes', ${JSON.stringify({ name: 'content', from: 'e2e' })})`;
  } finally {
    await sql.end();
  }
});

/** The shopper's newest order: its subtotal, its line's unit price and the amount Paystack was paid. */
async function newestOrder(email: string) {
  const sql = storeDatabase();
  try {
    const [order] = await sql<{ subtotal: number; total: number; unit_price: number; paid: number | null }[]>`
      select o.subtotal::int, o.total::int, i.unit_price::int,
        (select p.amount::int from payments p where p.order_id = o.id) as paid
      from orders o join users u on u.id = o.user_id join order_items i on i.order_id = o.id
      where u.email = ${email} order by o.created_at desc limit 1`;
    return order;
  } finally {
    await sql.end();
  }
}

/** The card of the product on sale: its old price struck through with "Was", and the percentage off. */
async function expectSaleCard(page: Page) {
  const card = page.getByRole('article').filter({ hasText: NAME });
  await expect(card.locator('s')).toHaveText('Was ₦40,000');
  await expect(card).toContainText('−25%');
  await expect(card).toContainText('₦30,000');
}

test('without JavaScript: the On sale filter, the sale price, and an order charged at it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail('sale-nojs');
  await register(page, email);
  await page.goto(`/collections?q=${encodeURIComponent(NAME)}`);
  await page
    .getByRole('group', { name: 'Offers' })
    .getByRole('checkbox', { name: /^On sale/ })
    .check();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]sale=1/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sale');
  await expectSaleCard(page);

  await page.getByRole('link', { name: NAME }).first().click();
  await expect(page.getByRole('main').locator('s').first()).toHaveText('Was ₦40,000');
  await page.locator('#add-to-cart').getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.goto('/checkout');
  const form = await fillShipping(page);
  await form.getByRole('button', { name: 'Update delivery' }).click();
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page.getByRole('heading', { name: 'Paystack simulator' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const order = await newestOrder(email);
  expect(order).toMatchObject({ subtotal: 3_000_000, unit_price: 3_000_000 });
  expect(order.paid).toBe(order.total);
  await context.close();
});

test('with JavaScript: the filter applies at once, and the pop-up charges the sale price', async ({ page }) => {
  const email = uniqueEmail('sale-js');
  await register(page, email);
  await page.goto(`/collections?q=${encodeURIComponent(NAME)}`);
  await hydrated(page);
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await page
    .getByRole('group', { name: 'Offers' })
    .getByRole('checkbox', { name: /^On sale/ })
    .check();
  await expect(page).toHaveURL(/[?&]sale=1/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sale');
  await expectSaleCard(page);
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);

  await page.goto(`/product/${productId}`);
  await hydrated(page);
  await page.locator('#add-to-cart').getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product added to cart!' })).toBeVisible();
  await page.goto('/checkout');
  await hydrated(page);
  await (await fillShipping(page)).getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(page).getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  const order = await newestOrder(email);
  expect(order).toMatchObject({ subtotal: 3_000_000, unit_price: 3_000_000 });
  expect(order.paid).toBe(order.total);
});
