/**
 * A refund Paystack cannot send back the way the customer paid, in Chromium (decision 0030): a shopper pays by card,
 * an admin refunds it, Paystack (the simulator, told through its control endpoint) marks the refund needs-attention,
 * and the admin enters the customer's bank account on the order page: a number that fails the NUBAN check is refused
 * in the page, a right one goes to Paystack's retry and the refund is processed.
 */
import { expect, test } from './fixtures';
import { auditPage } from './page-audit';
import { adminPageAt, createAdmin, hydrated, paidOrderByCard, simulatorControl, uniqueEmail } from './support';

test('an admin sends the customer’s bank details for a refund that needs them', async ({ browser }) => {
  const customerEmail = uniqueEmail('refund.customer');
  const admin = { email: uniqueEmail('refund.admin'), password: 'admin-lantern-pass' };

  const orderId = await paidOrderByCard(browser, customerEmail);

  await createAdmin(browser, admin);
  const page = await adminPageAt(browser, admin, `/admin/orders/${orderId}`);
  await hydrated(page);
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await simulatorControl({ refundOutcome: 'needs-attention' });
  try {
    await refunds.getByLabel('Reason').fill('The customer’s card was closed');
    await refunds.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Refund requested from Paystack.' })).toBeVisible();
  } finally {
    await simulatorControl({ refundOutcome: 'processed' });
  }
  // Paystack's refund.needs-attention reaches the store a moment later.
  await expect(async () => {
    await page.reload();
    await expect(refunds).toContainText("Needs the customer's bank details", { timeout: 1000 });
  }).toPass();
  await hydrated(page);
  // The bank list's longest name once made the page 373 px wide at 320 px: the audit checks the reflow too.
  await auditPage(page, 'order page, a refund needing bank details');

  const details = refunds.getByRole('form', { name: "Send the refund to the customer's bank account" });
  await details.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
  // The CBN standard's own example account is a First Bank one: its check digit is wrong for GTBank.
  await details.getByLabel('Account number (10 digits)').fill('0000014579');
  await details.getByRole('button', { name: 'Send the bank details' }).click();
  await expect(details.getByText('This is not an account number at the bank chosen.')).toBeVisible();
  await details.getByLabel('Bank').selectOption({ label: 'First Bank of Nigeria' });
  await details.getByRole('button', { name: 'Send the bank details' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: "The customer's bank details were sent to Paystack" }),
  ).toBeVisible();
  await expect(refunds).toContainText('Bank details sent: First Bank of Nigeria, account ending 4579');
  await expect(async () => {
    await page.reload();
    await expect(refunds).toContainText('Refunded', { timeout: 1000 });
  }).toPass();
});
