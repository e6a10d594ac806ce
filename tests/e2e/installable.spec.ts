/**
 * The installable store and its service worker (docs/decisions/0043-installable-store.md), in Chromium with workers
 * allowed (playwright.config.ts blocks them for every other spec). Each test has a fresh context: a worker registered
 * in one never controls another's pages.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { cspViolations, hydrated, register, signOut, uniqueEmail } from './support';

test.use({ serviceWorkers: 'allow' });

/** Waits until the worker is active, then for a page it controls (a page loaded before it took over is not). */
async function controlled(page: Page, path: string) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(path);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/** Every URL the worker keeps, with its body. */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const kept: { url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        kept.push({ url: request.url, body: response ? await response.text() : '' });
      }
    }
    return kept;
  });

/** A PNG's width and height, from its IHDR chunk (bytes 16 to 24). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the page links a manifest naming the store, standalone, with PNG icons of 192 and 512 px', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(await page.title()).toContain(manifest.name);
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body())).toBe(icon.sizes);
  }
});

test('the service worker registers for the whole store and controls the next page, within the policy', async ({
  page,
  baseURL,
}) => {
  const violations = cspViolations(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  // React takes the page over with the link and the script it did not render, without a hydration error.
  await hydrated(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);
  await controlled(page, '/collections');
  await hydrated(page);
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});

test('offline, a page seen opens again and a page not seen shows the offline page', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page, '/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  // The copy is put away while the page shows: wait for it.
  await expect
    .poll(async () => (await keptPages(page)).some(({ url }) => new URL(url).pathname === '/about'))
    .toBe(true);

  await context.setOffline(true);
  try {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('Pages of the shop you have already opened on this phone')).toBeVisible();
    // With the build's stylesheet, kept at install.
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveCSS('background-color', 'rgb(17, 17, 17)');
  } finally {
    await context.setOffline(false);
  }
});

test('offline with the scripts running, a link to a page seen opens it and one to a page not seen shows the offline page', async ({
  page,
  context,
}) => {
  const about = page.getByRole('banner').getByRole('link', { name: 'About', exact: true });
  const products = page.getByRole('main').locator('a[href^="/product/"]');
  // The address changes before the new page is drawn, so each step waits for the heading to change too.
  const h1 = page.getByRole('heading', { level: 1 });
  await page.goto('/');
  await controlled(page, '/');
  await hydrated(page);
  const home = (await h1.textContent()) ?? '';
  // Seen by links followed with the scripts running: the worker keeps their data (and the product page's script).
  const [seen, unseen] = [
    ...new Set(await products.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))),
  ];
  expect(unseen, 'two products on the home page').toBeTruthy();
  await page.locator(`main a[href="${seen}"]`).first().click();
  await expect(page).toHaveURL(seen);
  await expect(h1).not.toHaveText(home);
  await page.goBack();
  await expect(h1).toHaveText(home);
  await about.click();
  await expect(page).toHaveURL('/about');
  await expect(h1).not.toHaveText(home);
  const heading = (await h1.textContent()) ?? '';
  await expect
    .poll(async () => (await keptPages(page)).some(({ url }) => new URL(url).pathname === '/about.data'))
    .toBe(true);
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(h1).toHaveText(home);

  await context.setOffline(true);
  try {
    // The page's data from the cache: a client navigation, the document not loaded again.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    await about.click();
    await expect(page).toHaveURL('/about');
    await expect(h1).toHaveText(heading);
    expect(await page.evaluate(() => 'stayed' in window)).toBe(true);
    // A page never opened, whose script was never loaded either: the offline page, not React Router's error.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    // Another product, never opened, its page's script loaded: the offline page too.
    await page.goto('/');
    await hydrated(page);
    await page.locator(`main a[href="${unseen}"]`).first().click();
    await expect(page).toHaveURL(unseen!);
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('a personal page is never kept, and none comes from the cache after sign-out', async ({ page, context }) => {
  const email = uniqueEmail('offline');
  await register(page, email);
  await controlled(page, '/account');
  await expect(page.getByRole('main')).toContainText(email);
  await page.goto('/orders');
  await page.goto('/cart');
  // A shareable page seen while signed in names the shopper in its header: it is not kept either, nor its data when
  // a link led to it.
  await hydrated(page);
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL('/about');
  await signOut(page);

  const kept = await keptPages(page);
  // The worker did keep what it may: the offline page, fetched without the shopper's cookies.
  expect(kept.map(({ url }) => new URL(url).pathname)).toContain('/offline');
  for (const { url, body } of kept) {
    expect(new URL(url).pathname, url).not.toMatch(/^\/(account|orders|cart|checkout|login|register|wishlist|admin)\b/);
    expect(body, url).not.toContain(email);
  }

  await context.setOffline(true);
  try {
    for (const path of ['/account', '/orders']) {
      // The worker leaves a personal page to the network: offline, the browser's own error, nothing kept.
      const answer = await page.goto(path).catch(() => null);
      expect(answer?.fromServiceWorker() ?? false, path).toBe(false);
      await page.waitForLoadState();
      await expect(page.locator('body'), path).not.toContainText(email);
    }
  } finally {
    await context.setOffline(false);
  }
  // Online again, the account page asks to sign in.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
});
