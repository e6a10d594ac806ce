/**
 * Decision 0020's proof in Chromium: two store processes on one database behind a round-robin proxy
 * (two-stores.ts). A shopper browses, buys and pays through the proxy, each request going to either process; an
 * admin edits a price and the banner text through it; and each change is on the other process's stored anonymous
 * page, asked for directly, within a second (PostgreSQL LISTEN/NOTIFY, shared-invalidation.server.ts), not after
 * the page cache's minute. Last, both processes must have answered a fair share of the proxied requests.
 */
import { formatNaira } from '~/lib/money';
import { expect, test as base, type Browser, type Page } from '../fixtures';
import {
  addSomethingToCart,
  cartLink,
  fillShipping,
  hydrated,
  paystackPopup,
  register,
  shownReference,
  signIn,
  uniqueEmail,
} from '../support';
import { firstSeen, storedCopy } from './stored-pages';
import { direct, startTwoStores, type TwoStores } from './two-stores';

const test = base.extend<object, { two: TwoStores }>({
  two: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern: nothing
    async ({}, use) => {
      const two = await startTwoStores();
      try {
        await use(two);
      } finally {
        await two.stop();
      }
    },
    // Two production starts on a slow machine (the first creates, migrates and seeds the database), then two stops.
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ two }, use) => use(two.proxy.origin),
});

// One set of processes for the whole story; a retry starts a fresh set on a fresh database.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function adminPage(browser: Browser, admin: TwoStores['admin']): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, admin.email, admin.password);
  return page;
}

/** The process that answered the proxied POST to a path starting with `prefix` (the admin's save), and the other. */
async function savedBy(two: TwoStores, prefix: string): Promise<{ saver: string; other: string }> {
  const save = () => two.proxy.requests.findLast((r) => r.method === 'POST' && r.url.startsWith(prefix));
  // The proxy notes a request once its answer has ended, a moment after the browser has it.
  await expect.poll(() => save()?.upstream).toBeDefined();
  const saver = save()!.upstream;
  return { saver, other: two.stores.map(direct).find((origin) => origin !== saver)! };
}

/** Both processes' stored copies of `url` show `text` within a second of `since`; the other one's is the proof. */
async function expectEverywhereWithinASecond(two: TwoStores, url: string, text: string, since: number, prefix: string) {
  const origins = two.stores.map(direct);
  const seen = await firstSeen(origins, url, text, since);
  const { saver, other } = await savedBy(two, prefix);
  const after = (origin: string) => seen[origins.indexOf(origin)];
  expect(after(other), `${other}${url}, a stored page of the process that did not save, within 1 s`).not.toBeNull();
  expect(after(saver), `${saver}${url}, a stored page of the process that saved, within 1 s`).not.toBeNull();
  const note = `saved by ${saver}; ${other} showed it after ${after(other)} ms`;
  test.info().annotations.push({ type: url, description: note });
}

test('a shopper browses, adds to the cart and pays with the simulator; the order page says paid', async ({
  page,
  two,
}) => {
  await register(page, uniqueEmail('two-processes'));
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Shop', exact: true }).getByRole('listitem');
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first product whose preselected size and colour are in stock (the browsed one, unless it is sold out).
  await addSomethingToCart(page);

  await page.goto('/checkout');
  await hydrated(page);
  const form = await fillShipping(page);
  await form.getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(page).getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split('/').pop()!;

  await page.goto(`/orders/${orderId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${orderId.slice(-8).toUpperCase()}` }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/Payment status\s*Payment:\s*Payment\s*Paid/);
  await expect(cartLink(page, 0)).toBeVisible();
  // The simulator's signed charge.success reached a store through PUBLIC_URL, the proxy, and was taken.
  const reference = await shownReference(page);
  await expect
    .poll(() => two.simulator.deliveries.filter((d) => d.reference === reference).map((d) => d.status))
    .toContain(200);
  await expect
    .poll(() => two.proxy.requests.some((r) => r.url === '/webhooks/paystack' && r.status === 200))
    .toBe(true);
});

test("an admin's price edit through the proxy is on the other process's stored page within a second", async ({
  browser,
  two,
}) => {
  const [storeA] = two.stores;
  const sitemap = await (await fetch(`${direct(storeA)}/sitemap.xml`)).text();
  const url = new URL(/<loc>([^<]+\/product\/[0-9a-z]{14})<\/loc>/.exec(sitemap)![1]).pathname;
  const id = url.split('/').pop()!;
  // Kobo make the price one no other product on the page shows.
  const kobo = (30_000 + Math.floor(Math.random() * 9_000)) * 100 + 50;
  for (const store of two.stores) expect(await storedCopy(direct(store), url)).not.toContain(formatNaira(kobo));

  const page = await adminPage(browser, two.admin);
  await page.goto(`/admin/products/edit/${id}`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Product' });
  await form.getByLabel('Price (₦)').fill((kobo / 100).toFixed(2));
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes(`/products/edit/${id}`),
  );
  await form.getByRole('button', { name: 'Save changes' }).click();
  await saved;
  await expectEverywhereWithinASecond(two, url, formatNaira(kobo), Date.now(), `/admin/products/edit/${id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible();
  await page.context().close();
});

test("an admin's banner text through the proxy is on the other process's stored page within a second", async ({
  browser,
  two,
}) => {
  const bannerText = `Two processes, one store ${Date.now()}`;
  for (const store of two.stores) expect(await storedCopy(direct(store), '/collections')).not.toContain(bannerText);

  const page = await adminPage(browser, two.admin);
  await page.goto('/admin/settings');
  await hydrated(page);
  await page.getByLabel('Banner text').fill(bannerText);
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/settings'));
  // The form shows its Save button above and below the fields.
  await page.getByRole('button', { name: 'Save settings' }).first().click();
  await saved;
  await expectEverywhereWithinASecond(two, '/collections', bannerText, Date.now(), '/admin/settings');
  await expect(page.getByText('Settings saved. The store uses them from now on.')).toBeVisible();
  await page.goto('/collections');
  await expect(page.getByText(bannerText).first()).toBeVisible();
  await page.context().close();
});

test('both processes answered a fair share of the proxied requests', ({ two }) => {
  const counts = [...two.proxy.counts().values()];
  const total = counts.reduce((sum, count) => sum + count, 0);
  expect(two.proxy.failures, 'requests no process answered').toEqual([]);
  expect(counts).toHaveLength(2);
  for (const count of counts) expect(count / total, `${count} of ${total} requests`).toBeGreaterThan(0.25);
  test.info().annotations.push({ type: 'requests per process', description: counts.join(' and ') });
});
