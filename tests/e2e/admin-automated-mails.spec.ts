/**
 * The "Automated mails" section of /admin/settings in Chromium (docs/requirements.md#9-order-and-payment-statuses),
 * with JavaScript and without: a delay out of range is refused beside its field, and each mail switched off or on with
 * its delay is kept. The settings are put back as they were at the end, for the other specs.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { adminPageAt, createAdmin, hydrated, uniqueEmail } from './support';

const admin = { email: uniqueEmail('mails-admin'), password: 'mails-lantern-pass' };

test.beforeAll(async ({ browser }) => createAdmin(browser, admin));

const settingsPage = (browser: Browser, javaScriptEnabled: boolean): Promise<Page> =>
  adminPageAt(browser, admin, '/admin/settings', javaScriptEnabled);

const save = (page: Page) => page.getByRole('button', { name: 'Save settings' }).first().click();
/**
 * Saves and waits for the store's answer: the message of an earlier save is still on the page, so seeing it proves
 * nothing, and closing the page before the answer would drop the save.
 */
async function saveAndWait(page: Page) {
  const answered = page.waitForResponse(
    // With JavaScript the form posts to /admin/settings.data (React Router's single fetch).
    (response) =>
      response.request().method() === 'POST' && /^\/admin\/settings(\.data)?$/.test(new URL(response.url()).pathname),
  );
  await save(page);
  await answered;
}
const SAVED = 'Settings saved. The store uses them from now on.';

for (const javaScriptEnabled of [true, false]) {
  test(`switches the unpaid-order reminder and sets its delay (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const page = await settingsPage(browser, javaScriptEnabled);
    if (javaScriptEnabled) await hydrated(page);
    const section = page.getByRole('region', { name: 'Automated mails' });
    const reminder = section.getByLabel('Remind shoppers to pay an order they left unpaid');
    const minutes = section.getByLabel('Send the reminder after (minutes)');
    await expect(reminder).toBeChecked();
    await expect(minutes).toHaveValue('30');

    await minutes.fill('5');
    await save(page);
    await expect(page.locator('#unpaidReminderMinutes-error')).toHaveText(
      'Please enter when to send the reminder to pay, in minutes: a whole number from 10 to 1440.',
    );
    await expect(minutes).toHaveAttribute('aria-invalid', 'true');

    await minutes.fill('45');
    await reminder.uncheck();
    await section.getByLabel('Send the cart mail after (hours)').fill('48');
    await save(page);
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(reminder).not.toBeChecked();
    await expect(minutes).toHaveValue('45');
    await expect(section.getByLabel('Send the cart mail after (hours)')).toHaveValue('48');
    await expect(section.getByLabel('Mail signed-in customers about a cart they left')).toBeChecked();

    // Back as the store started, for the other specs.
    await reminder.check();
    await minutes.fill('30');
    await section.getByLabel('Send the cart mail after (hours)').fill('24');
    await saveAndWait(page);
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(reminder).toBeChecked();
    await page.context().close();
  });
}
