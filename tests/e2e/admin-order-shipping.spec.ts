/**
 * Decision 0024 in Chromium: on the admin order page an admin marks a paid order shipped with its carrier, tracking
 * number and tracking link; the customer sees them on /orders/{id} (the timeline, the link, the mail again under
 * "Emails about this order") and the shipped mail is in the store's outbox. The order is written straight into the
 * store's database, as admin-ops.spec.ts does, so this does not depend on checkout.
 */
import { expect, test } from './fixtures';
import { adminPageAt, createAdmin, hydrated, insertPaidOrder, mailTo, register } from './support';

const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('an admin marks an order shipped with its tracking; the customer sees it and the mail is in the outbox', async ({
  browser,
}) => {
  const customerEmail = `ship.customer.${stamp}@example.com`;
  const adminEmail = `ship.admin.${stamp}@example.com`;
  const customer = await (await browser.newContext()).newPage();
  await register(customer, customerEmail);
  const order = await insertPaidOrder(customerEmail, { status: 'processing' });

  await createAdmin(browser, { email: adminEmail, password: 'admin-lantern-pass' });
  const admin = await adminPageAt(browser, { email: adminEmail, password: 'admin-lantern-pass' }, '/admin');

  // Without JavaScript, a refused Mark shipped comes back to the order page with what was typed and why.
  const plain = await adminPageAt(browser, { email: adminEmail, password: 'admin-lantern-pass' }, '/admin', false);
  await plain.goto(`/admin/orders/${order.id}`);
  await plain.getByLabel(`Status of order #${order.number}`).selectOption('shipped');
  await plain.getByLabel('Tracking number (optional)').fill('GIG-TYPED-1');
  await plain.getByRole('button', { name: 'Save' }).click();
  await expect(plain).toHaveURL(new RegExp(`/admin/orders/${order.id}\\?ship=1`));
  await expect(plain.getByText('Enter the carrier to mark this order shipped.')).toBeVisible();
  await expect(plain.getByLabel('Tracking number (optional)')).toHaveValue('GIG-TYPED-1');
  await plain.context().close();

  await admin.goto(`/admin/orders/${order.id}`);
  await hydrated(admin);
  await admin.getByLabel(`Status of order #${order.number}`).selectOption('shipped');
  // Shipped is not saved on selection: the carrier first. Without it the form says so.
  await admin.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByText('Enter the carrier to mark this order shipped.')).toBeVisible();
  await admin.getByLabel('Carrier').fill('GIG Logistics');
  await admin.getByLabel('Tracking number (optional)').fill('GIG-0042-LAG');
  await admin.getByLabel(/^Tracking link/).fill('https://track.example/GIG-0042-LAG');
  await admin.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Order status updated.' })).toBeAttached();
  const adminTimeline = admin.getByRole('region', { name: 'Order timeline' });
  await expect(adminTimeline).toContainText('Shipped');
  await expect(adminTimeline).toContainText('GIG-0042-LAG');

  await customer.goto(`/orders/${order.id}`);
  const timeline = customer.getByRole('region', { name: 'Order timeline' });
  await expect(timeline).toContainText('Shipped');
  await expect(timeline).toContainText('GIG Logistics');
  await expect(timeline).toContainText('GIG-0042-LAG');
  await expect(timeline.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
    'href',
    'https://track.example/GIG-0042-LAG',
  );
  const mails = customer.getByRole('region', { name: 'Emails about this order' });
  await mails.getByText(`Order ${order.number} has shipped`).click();
  await expect(mails).toContainText('Tracking number: GIG-0042-LAG');

  const mail = await mailTo(customerEmail, new RegExp(`Subject: Order ${order.number} has shipped`));
  expect(mail).toContain('is on its way with GIG Logistics.');
  expect(mail).toContain('Tracking number: GIG-0042-LAG');
  expect(mail).toContain('https://track.example/GIG-0042-LAG');
});
