/**
 * A chargeback answered from the admin order page in Chromium (decision 0031): a shopper pays by card, the simulator
 * opens a dispute on that payment through its control endpoint (as the bank would), and an admin sees its due date,
 * sends the evidence prefilled from the order, uploads a receipt through Paystack's signed upload URL and declines.
 * The bank then decides against the store: the payment is reversed and no refund is offered. Without JavaScript a
 * refused form comes back with what was typed.
 */
import { expect, test } from './fixtures';
import {
  adminPageAt,
  createAdmin,
  hydrated,
  paidOrderByCard,
  simulatorControl,
  storeDatabase,
  uniqueEmail,
} from './support';

const ADMIN_PASSWORD = 'admin-lantern-pass';
/** The order's payment reference, read from the store's database. */
async function referenceOf(orderId: string): Promise<string> {
  const sql = storeDatabase();
  const [{ reference }] = await sql<{ reference: string }[]>`
    select payment_reference as reference from orders where id = ${orderId}`;
  await sql.end();
  return reference;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

test('an admin answers a chargeback with evidence, a receipt and a decline; lost, it offers no refund', async ({
  browser,
}) => {
  const customerEmail = uniqueEmail('dispute.customer');
  const admin = { email: uniqueEmail('dispute.admin'), password: ADMIN_PASSWORD };

  const orderId = await paidOrderByCard(browser, customerEmail);
  const reference = await referenceOf(orderId);

  // The customer's bank disputes the payment: Paystack's charge.dispute.create reaches the store.
  expect(await simulatorControl({ action: 'dispute', reference, event: 'create' })).toMatchObject({
    webhookStatus: 200,
  });

  await createAdmin(browser, admin);
  const page = await adminPageAt(browser, admin, `/admin/orders/${orderId}`);
  await hydrated(page);
  const chargebacks = page.getByRole('region', { name: 'Chargebacks' });
  await expect(chargebacks).toContainText('Answer by');
  await expect(chargebacks).toContainText('(Lagos time)');

  // The evidence starts from the order: the customer, the address, what was bought.
  const evidence = chargebacks.getByRole('form', { name: 'Evidence for Paystack' });
  await expect(evidence.getByLabel('Customer email')).toHaveValue(customerEmail);
  await expect(evidence.getByLabel('Customer name')).toHaveValue('Tolu Adeyemi');
  await expect(evidence.getByLabel('Delivery address')).toHaveValue(/12 Admiralty Way/);
  await expect(evidence.getByLabel('What was delivered')).toHaveValue(/^Order #[0-9A-Z]{8}: 1 × /);
  await evidence.getByLabel('Delivery date').fill('2026-11-20');
  await evidence.getByRole('button', { name: 'Send evidence' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Evidence sent to Paystack.' })).toBeVisible();
  await expect(chargebacks).toContainText(/Evidence sent \(Paystack evidence \d+\)\./);

  // Paystack takes an answer only with a document: the receipt goes up through the signed upload URL.
  await expect(chargebacks).toContainText('Upload a document first');
  const upload = chargebacks.getByRole('form', { name: 'Document for Paystack' });
  await upload
    .getByLabel(/^Receipt or proof of delivery/)
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload.getByRole('button', { name: 'Upload document' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Document uploaded to Paystack.' })).toBeVisible();
  await expect(chargebacks).toContainText(/Document uploaded \([a-z0-9]{20}\)\./);

  const answer = chargebacks.getByRole('form', { name: 'Accept or decline' });
  await answer.getByLabel(/^Decline/).check();
  await answer.getByLabel('Message to Paystack').fill('The customer signed for the parcel.');
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your answer was sent to Paystack.' })).toBeVisible();
  await expect(chargebacks).toContainText('You declined this chargeback');
  await expect(chargebacks.getByRole('form')).toHaveCount(0);

  // The bank decides against the store: the payment is reversed and the refund form is gone.
  expect(await simulatorControl({ action: 'dispute', reference, event: 'resolve', outcome: 'lost' })).toMatchObject({
    webhookStatus: 200,
  });
  await page.reload();
  await expect(chargebacks).toContainText('Lost:');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Reversed');
  await expect(page.getByRole('form', { name: 'Refund' })).toHaveCount(0);
});

test('without JavaScript, a refused answer shows the chargeback with what was typed', async ({ browser }) => {
  const customerEmail = uniqueEmail('dispute.plain');
  const admin = { email: uniqueEmail('dispute.plainadmin'), password: ADMIN_PASSWORD };
  const orderId = await paidOrderByCard(browser, customerEmail);
  const reference = await referenceOf(orderId);
  await simulatorControl({ action: 'dispute', reference, event: 'create' });

  await createAdmin(browser, admin);
  const page = await adminPageAt(browser, admin, `/admin/orders/${orderId}`, false);
  const evidence = page.getByRole('form', { name: 'Evidence for Paystack' });
  await evidence.getByLabel('Customer phone').fill('call me');
  await evidence.getByLabel('What was delivered').fill('One tee, delivered by hand.');
  await evidence.getByRole('button', { name: 'Send evidence' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}/disputes/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Chargeback on order #');
  const again = page.getByRole('form', { name: 'Evidence for Paystack' });
  await expect(again.getByText('Please enter the customer’s phone number')).toBeVisible();
  await expect(again.getByLabel('What was delivered')).toHaveValue('One tee, delivered by hand.');
  await page.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page).toHaveURL(`/admin/orders/${orderId}`);
});
