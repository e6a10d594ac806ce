/**
 * The account's cart and orders in Chromium: a visitor's cart survives sign-in (merged into the account's
 * cart), follows the customer to a second device, and sign-out leaves an empty visitor cart; a customer sees
 * their own orders and is refused another customer's order. Orders are written straight into the store's
 * database (checkout arrives with its own issue), found through the embedded PostgreSQL under E2E_DATA_DIR.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { addSomethingToCart, cartLink, header, register, signIn, signOut, storeDatabase } from './support';

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function expectCartHolds(page: Page, name: string) {
  await page.goto('/cart');
  await expect(
    page.getByRole('list', { name: 'Items in your cart' }).getByRole('link', { name, exact: true }),
  ).toBeVisible();
}

test('a visitor’s cart survives sign-in, follows the shopper to another device; sign-out shows an empty one', async ({
  page,
  browser,
}) => {
  const email = `merge.${stamp}@example.com`;
  await register(page, email);
  await signOut(page);

  const name = await addSomethingToCart(page);
  await expect(cartLink(page, 1)).toBeVisible();
  await signIn(page, email);
  await expect(cartLink(page, 1)).toBeVisible();
  await expectCartHolds(page, name);

  // Another device: the same account, the same cart.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, email);
  await expect(cartLink(second, 1)).toBeVisible();
  await expectCartHolds(second, name);

  // Signing out leaves the account's cart on the server and this browser with an empty visitor cart.
  await signOut(second);
  await expect(cartLink(second, 0)).toBeVisible();
  await second.goto('/cart');
  await expect(second.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await other.close();
  await expect(cartLink(page, 1)).toBeVisible();
  await page.reload();
  await expect(cartLink(page, 1)).toBeVisible();
});

async function insertOrder(sql: ReturnType<typeof storeDatabase>, email: string, paymentStatus: string) {
  const [user] = await sql`select id from users where email = ${email}`;
  const [product] = await sql`select p.id, p.name, p.price from products p order by p.name limit 1`;
  const id = Array.from(
    { length: 14 },
    () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 36)],
  ).join('');
  const address = {
    firstName: 'Tolu',
    lastName: 'Adeyemi',
    country: 'Nigeria',
    address: '3 Broad Street',
    city: 'Lagos Island',
    state: 'Lagos',
    phone: '+234 803 000 0000',
    email,
  };
  await sql`insert into orders
      (id, user_id, payment_status, payment_reference, subtotal, shipping, total, shipping_address)
    values (${id}, ${user.id}, ${paymentStatus}, ${`pj_${stamp}_${paymentStatus}`}, ${product.price * 2}, 260000,
      ${product.price * 2 + 260000}, ${sql.json(address)})`;
  await sql`insert into order_items (order_id, position, product_id, name, unit_price, size, color, quantity)
    values (${id}, 0, ${product.id}, ${product.name}, ${product.price}, 'M', 'Black', 2)`;
  return { id, productName: product.name as string };
}

async function newCustomer(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await register(page, email);
  return page;
}

test('a customer sees their own orders and cannot open another customer’s order', async ({ page, browser }) => {
  const ownerEmail = `owner.${stamp}@example.com`;
  const strangerEmail = `stranger.${stamp}@example.com`;
  await register(page, ownerEmail);
  const stranger = await newCustomer(browser, strangerEmail);
  const sql = storeDatabase();
  let mine: { id: string; productName: string };
  let theirs: { id: string };
  try {
    mine = await insertOrder(sql, ownerEmail, 'failed');
    theirs = await insertOrder(sql, strangerEmail, 'paid');
  } finally {
    await sql.end();
  }

  await header(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/orders');
  const list = page.getByRole('list', { name: 'Your orders' });
  const number = `Order #${mine.id.slice(-8).toUpperCase()}`;
  await expect(list.getByRole('link', { name: number })).toBeVisible();
  await expect(list.getByText('Payment Failed')).toBeVisible();
  await expect(list.getByRole('link', { name: /^Order #/ })).toHaveCount(1);
  await list.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: mine.productName })).toBeVisible();
  await expect(page.getByText(`pj_${stamp}_failed`)).toBeVisible();

  const refused = await page.goto(`/orders/${theirs.id}`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Could Not Load Order' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('You do not have permission to view this order.');
  await expect(page.getByText(`pj_${stamp}_paid`)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(page).toHaveURL('/orders');

  // The stranger sees only theirs; a visitor sees neither.
  await stranger.goto('/orders');
  await expect(stranger.getByRole('list', { name: 'Your orders' }).getByRole('link', { name: /^Order #/ })).toHaveCount(
    1,
  );
  await signOut(page);
  await page.goto('/orders');
  await expect(page.getByText('Please log in to view your orders.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/login?redirectTo=%2Forders');
  const unknown = await page.goto(`/orders/${mine.id}`);
  expect(unknown?.status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText('You must be logged in to view this page.');
});
