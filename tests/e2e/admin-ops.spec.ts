/**
 * The admin's order work in Chromium: from the orders list an admin changes an order's status (with
 * JavaScript: saved on selection; a failed save says so and reverts) and the customer sees the new status on
 * /orders; without JavaScript the same with the Save button. The order is written straight into the store's
 * database (found through the embedded PostgreSQL under E2E_DATA_DIR), so this does not depend on checkout;
 * the admin is made one with admin:grant, as an operator would.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { acceptInvitation, grantAdmin, holdScripts, hydrated, insertPaidOrder, register, signIn } from './support';

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function newPage(browser: Browser, { javaScriptEnabled = true } = {}) {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

/** The customer's /orders entry for this order says `status`. */
async function expectCustomerSees(page: Page, number: string, status: string) {
  await page.goto('/orders');
  const order = page.getByRole('list', { name: 'Your orders' }).getByRole('article', { name: `Order ${number}` });
  await expect(order).toContainText(`Order status: ${status}`);
}

test('an admin sets an order’s status from the list (with and without JS); the customer sees it on /orders', async ({
  browser,
}) => {
  const customerEmail = `ops.customer.${stamp}@example.com`;
  const adminEmail = `ops.admin.${stamp}@example.com`;
  const customer = await newPage(browser);
  await register(customer, customerEmail);
  const placed = await insertPaidOrder(customerEmail, { reference: `pj_${stamp}_ops` });
  const order = { ...placed, number: `#${placed.number}` };
  await expectCustomerSees(customer, order.number, 'Pending');

  const admin = await newPage(browser);
  await acceptInvitation(admin, await grantAdmin(adminEmail), 'admin-lantern-pass');

  // With JavaScript: found by its reference, saved on selection.
  await admin.goto('/admin');
  await hydrated(admin); // before that the filter form is the plain GET form, which keeps blank fields in the address
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Orders' }).click();
  await admin.getByRole('search', { name: 'Filter orders' }).getByLabel('Search').fill(order.reference);
  await admin.getByRole('button', { name: 'Apply' }).click();
  await expect(admin).toHaveURL(`/admin/orders?q=${order.reference}`);
  const rows = admin.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('link', { name: order.number })).toBeVisible();
  // Hydrated once the no-JavaScript Save button has gone.
  await expect(admin.getByRole('button', { name: 'Save' })).toHaveCount(0);
  const status = admin.getByLabel(`Status of order ${order.number}`);
  await expect(status).toHaveValue('pending');
  await status.selectOption('shipped');
  // Shipped asks for the carrier first (decision 0024; admin-order-shipping.spec.ts).
  await admin.getByLabel('Carrier').fill('GIG Logistics');
  await admin.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Order status updated.' })).toBeAttached();
  await admin.reload();
  await expect(admin.getByLabel(`Status of order ${order.number}`)).toHaveValue('shipped');
  await expectCustomerSees(customer, order.number, 'Shipped');

  // A save that does not reach the server: the message of docs/requirements.md#14-messages, and the dropdown shows the
  // saved value again.
  await expect(admin.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await admin.route('**/admin/orders.data*', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await admin.getByLabel(`Status of order ${order.number}`).selectOption('cancelled');
  await expect(admin.getByRole('alert')).toHaveText('Error updating order status. Please try again.');
  await expect(admin.getByLabel(`Status of order ${order.number}`)).toHaveValue('shipped');
  await admin.unrouteAll();
  await expectCustomerSees(customer, order.number, 'Shipped');

  // The order page shows the payment reference and the same dropdown.
  await admin.getByRole('link', { name: order.number }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  await expect(admin.getByText(order.reference).first()).toBeVisible();
  await expect(admin.getByText(customerEmail).first()).toBeVisible();

  // On a slow link a status picked before the scripts arrive is saved once they do.
  const letScriptsThrough = await holdScripts(admin);
  await admin.reload();
  await admin.getByLabel(`Status of order ${order.number}`).selectOption('processing');
  await letScriptsThrough();
  await expect(admin.getByRole('status').filter({ hasText: 'Order status updated.' })).toBeAttached();
  await expect(admin.getByLabel(`Status of order ${order.number}`)).toHaveValue('processing');
  await expectCustomerSees(customer, order.number, 'Processing');

  // Without JavaScript: the dropdown and its Save button, then back to the same filtered list.
  const plain = await newPage(browser, { javaScriptEnabled: false });
  await signIn(plain, adminEmail, 'admin-lantern-pass');
  await plain.goto(`/admin/orders?q=${order.reference}`);
  await plain.getByLabel(`Status of order ${order.number}`).selectOption('delivered');
  await plain.getByRole('button', { name: 'Save' }).click();
  await expect(plain).toHaveURL(`/admin/orders?q=${order.reference}&updated=${order.id}`);
  await expect(
    plain.getByRole('status').filter({ hasText: `Order ${order.number}: Order status updated.` }),
  ).toBeVisible();
  await expect(plain.getByLabel(`Status of order ${order.number}`)).toHaveValue('delivered');
  await expectCustomerSees(customer, order.number, 'Delivered');

  // The filtered list as CSV: the order, its reference and its total in naira.
  const csv = await plain.request.get(`/admin/orders/export?q=${order.reference}`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${order.id},${order.number.slice(1)},`);
  expect(lines[1]).toContain(`,delivered,paid,paystack,,${order.reference},`);
});
