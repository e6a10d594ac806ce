/**
 * The mails page (/admin/settings/mails, docs/requirements.md#12-admin-area) in Chromium: every mail the store sends
 * shows in its sandboxed frame with the store's name and its pictures loaded under the page's Content-Security-Policy,
 * with its plain-text twin; "Send me a test", with JavaScript and without, leaves the mail in the outbox addressed to
 * the admin and marked as a test. The page passes the accessibility and markup audit (page-audit.ts).
 */
import { MAIL_PREVIEWS } from '../../app/lib/store/admin-mail-previews';
import { expect, test, type Page } from './fixtures';
import { pageFindings } from './page-audit';
import { adminPageAt, createAdmin, cspViolations, hydrated, mailTo, storeDatabase, uniqueEmail } from './support';

const admin = { email: uniqueEmail('mails-page-admin'), password: 'mails-page-lantern-pass' };

test.beforeAll(async ({ browser }) => createAdmin(browser, admin));

async function storeName(): Promise<string> {
  const sql = storeDatabase();
  try {
    const [row] = await sql`select store_name from store_settings where id = 1`;
    return String(row.store_name);
  } finally {
    await sql.end();
  }
}

/** The pictures of the mail's frame that did not load (none may fail: each is an absolute link through PUBLIC_URL). */
async function brokenPictures(page: Page): Promise<string[]> {
  const frame = page.frames().find((candidate) => candidate.url() === 'about:srcdoc');
  if (!frame) return ['no mail frame'];
  return frame.evaluate(() =>
    [...document.images].filter((image) => !image.complete || image.naturalWidth === 0).map((image) => image.src),
  );
}

test('every mail shows in its frame with the store’s name, its pictures and its plain text', async ({ browser }) => {
  const name = await storeName();
  const page = await adminPageAt(browser, admin, '/admin/settings/mails');
  const refused = cspViolations(page);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Mails' })).toBeVisible();
  expect(await pageFindings(page, 'mails page')).toEqual([]);
  const list = page.getByRole('navigation', { name: 'Mails the store sends' });
  for (const mail of MAIL_PREVIEWS) {
    await list.getByRole('link', { name: mail.name, exact: true }).click();
    const shown = page.getByRole('region', { name: mail.name, exact: true });
    await expect(shown).toBeVisible();
    await expect(list.getByRole('link', { name: mail.name, exact: true })).toHaveAttribute('aria-current', 'page');
    const frame = page.frameLocator(`iframe[title="${mail.name}: the mail as it arrives"]`);
    await expect(frame.getByText(name, { exact: true }).first()).toBeVisible();
    await expect.poll(() => brokenPictures(page), { message: mail.id }).toEqual([]);
    await expect(shown.getByRole('region', { name: 'Plain-text version' })).toContainText(name);
  }
  // The abandoned cart shows the store's own products with their pictures.
  await list.getByRole('link', { name: 'Abandoned cart', exact: true }).click();
  const cart = page.frameLocator('iframe[title="Abandoned cart: the mail as it arrives"]');
  await expect(cart.locator('img[src*="/media/products/"]').first()).toBeVisible();
  expect(refused).toEqual([]);
  await page.context().close();
});

const TESTS = [
  {
    javaScriptEnabled: true,
    id: 'password-reset',
    subject: /Subject: \[Test\] Reset your password/,
    link: /Choose a new password https?:\/\/\S+\/reset-password\?token=/,
  },
  {
    javaScriptEnabled: false,
    id: 'back-in-stock',
    subject: /Subject: \[Test\] Back in stock: /,
    link: /See it and order https?:\/\/\S+\/product\//,
  },
] as const;

for (const { javaScriptEnabled, id, subject, link } of TESTS) {
  test(`Send me a test leaves the mail in the outbox (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const page = await adminPageAt(browser, admin, `/admin/settings/mails?mail=${id}`, javaScriptEnabled);
    if (javaScriptEnabled) await hydrated(page);
    await page.getByRole('button', { name: 'Send me a test' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `A test of this mail was queued to ${admin.email}. It arrives within a minute or two.`,
    );
    await expect(page).toHaveURL(`/admin/settings/mails?mail=${id}&sent=1`);
    const mail = await mailTo(admin.email, subject);
    expect(mail).toMatch(link);
    expect(mail).toContain('Content-Type: text/html');
    await page.context().close();
  });
}
