/**
 * Sizes from any set in Chromium (decision 0034), with and without JavaScript: a shopper filters the shop by size 42,
 * buys sneakers in 42 and a one-size cap (no size picker, no size to choose), and the order keeps those sizes and the
 * SKUs they were sold under.
 */
import { expect, test, type Page } from './fixtures';
import { fillShipping, hydrated, paystackPopup, register, storeDatabase, uniqueEmail } from './support';
import { newId } from '../../app/lib/ids';

const stamp = `${Date.now()}`;
const SNEAKER = `Court Sneaker ${stamp}`;
const CAP = `Canvas Cap ${stamp}`;
const ids = { sneaker: '', cap: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const sql = storeDatabase();
  try {
    const [picture] = await sql<{ key: string; width: number; height: number; widths: number[] }[]>`
      select key, width, height, widths from product_images order by id limit 1`;
    const add = async (name: string, setId: string, sizes: string[], color: string) => {
      const [row] = await sql<{ id: string }[]>`
        insert into products (id, name, description, price, category, size_set_id, sizes, colors)
        values (${newId()}, ${name}, 'Made for the sizes test.', 2500000, 'Shoes', ${setId}, ${sizes}, ${[color]})
        returning id`;
      await sql`insert into product_images (product_id, position, key, width, height, widths, alt)
        values (${row.id}, 0, ${picture.key}, ${picture.width}, ${picture.height}, ${picture.widths}, ${name})`;
      for (const size of sizes)
        await sql`insert into product_variants (product_id, size, color, stock) values (${row.id}, ${size}, ${color}, 5)`;
      return row.id;
    };
    ids.sneaker = await add(SNEAKER, 'shoeseu0000001', ['41', '42', '43'], 'White');
    ids.cap = await add(CAP, 'onesize0000001', ['One size'], 'Navy');
    await sql`select pg_notify('store_changes', ${JSON.stringify({ name: 'content', from: 'e2e' })})`;
  } finally {
    await sql.end();
  }
});

/** The shopper's newest order's lines: size and SKU, by name. */
async function orderedLines(email: string) {
  const sql = storeDatabase();
  try {
    return await sql<{ name: string; size: string; sku: string }[]>`
      select i.name, i.size, i.sku from order_items i
      where i.order_id = (select o.id from orders o join users u on u.id = o.user_id
        where u.email = ${email} order by o.created_at desc limit 1)
      order by i.name`;
  } finally {
    await sql.end();
  }
}

const expected = () => [
  { name: CAP, size: 'One size', sku: `${ids.cap.toUpperCase()}-ONE-SIZE-NAVY` },
  { name: SNEAKER, size: '42', sku: `${ids.sneaker.toUpperCase()}-42-WHITE` },
];

async function addCap(page: Page, js: boolean) {
  await page.goto(`/product/${ids.cap}`);
  if (js) await hydrated(page);
  const form = page.locator('#add-to-cart');
  await expect(form.getByRole('radio')).toHaveCount(1); // the colour only: no size picker
  await expect(form.getByText('One size')).toBeVisible();
  await form.getByRole('button', { name: 'Add to cart', exact: true }).click();
  if (js) await expect(page.getByRole('status').filter({ hasText: 'Product added to cart!' })).toBeVisible();
  else await expect(page.getByText('Product added to cart!')).toBeVisible();
}

test('without JavaScript: size 42 in the filter, sneakers in 42 and a one-size cap reach the order', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail('sizes-nojs');
  await register(page, email);
  await page.goto(`/collections?q=${encodeURIComponent(SNEAKER)}`);
  await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: /^42/ }).check();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]size=42/);
  await page.getByRole('link', { name: SNEAKER }).first().click();
  await page.locator('#add-to-cart').getByText('42', { exact: true }).click();
  await page.locator('#add-to-cart').getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByText('Product added to cart!')).toBeVisible();
  await addCap(page, false);

  await page.goto('/checkout');
  const form = await fillShipping(page);
  await form.getByRole('button', { name: 'Update delivery' }).click();
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  expect(await orderedLines(email)).toEqual(expected());
  await context.close();
});

test('with JavaScript: sneakers in 42 and a one-size cap, paid in the pop-up', async ({ page }) => {
  const email = uniqueEmail('sizes-js');
  await register(page, email);
  await page.goto(`/product/${ids.sneaker}`);
  await hydrated(page);
  const form = page.locator('#add-to-cart');
  await form.getByText('42', { exact: true }).click();
  await expect(form.getByRole('radio', { name: '42' })).toBeChecked();
  await form.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product added to cart!' })).toBeVisible();
  await addCap(page, true);

  await page.goto('/checkout');
  await hydrated(page);
  await (await fillShipping(page)).getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(page).getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  expect(await orderedLines(email)).toEqual(expected());
});
