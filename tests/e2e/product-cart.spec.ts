/**
 * Product page and cart in Chromium, with and without JavaScript. Written against what the demo
 * seed guarantees (>= 32 products, some sold-out variants, one product with inStock false), never
 * against particular names: products are found through /sitemap.xml and their own pages.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { cspViolations, holdScripts, hydrated } from './support';

type Pick = { url: string; name: string; size: string | null; color: string | null };

const addButton = (page: Page) =>
  page.locator('#add-to-cart').getByRole('button', { name: /^(Add to cart|Sold out|Out of stock|Adding…)$/ });
const cartLink = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });
const sizeGroup = (page: Page) => page.getByRole('group', { name: /^Size/ });
const colorGroup = (page: Page) => page.getByRole('group', { name: /^Color/ });

async function productUrls(page: Page): Promise<string[]> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const urls = [...xml.matchAll(/<loc>([^<]+\/product\/[0-9a-z]{14})<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(urls.length).toBeGreaterThanOrEqual(30);
  return urls;
}

/** The page is interactive once hydrated, and its heart once the wishlist is known. */
async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
  await expect(page.getByRole('button', { name: /to wishlist$/ })).toBeEnabled();
}

/** Radios are visually hidden behind their labels, so the label is what a shopper clicks. */
async function choose(page: Page, group: 'size' | 'color', value: string) {
  const radios = group === 'size' ? sizeGroup(page) : colorGroup(page);
  const name = new RegExp(`^${value}( \\(sold out\\))?$`);
  // `has` takes a locator relative to the label, so the radio is described afresh, not through the group.
  await radios
    .locator('label')
    .filter({ has: page.getByRole('radio', { name }) })
    .click();
  await expect(radios.getByRole('radio', { name })).toBeChecked();
}

const radioValues = async (page: Page, group: 'size' | 'color') => {
  const locator = (group === 'size' ? sizeGroup(page) : colorGroup(page)).getByRole('radio');
  return (await locator.count())
    ? locator.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
    : [null];
};

/**
 * Walks products and their size/colour combinations (JavaScript on) until `wanted` holds for the
 * add button; returns the product and combination.
 */
async function findCombination(browser: Browser, wanted: 'buyable' | 'sold-out'): Promise<Pick> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    for (const url of await productUrls(page)) {
      await openHydrated(page, url);
      if ((await addButton(page).textContent()) === 'Out of stock') continue;
      for (const color of await radioValues(page, 'color')) {
        if (color) await choose(page, 'color', color);
        for (const size of await radioValues(page, 'size')) {
          if (size) await choose(page, 'size', size);
          const label = await addButton(page).textContent();
          // "Only 1 left" would stop the + step of the journey, so buyable means at least 2.
          const scarce = await page
            .locator('#add-to-cart')
            .getByText(/^Only 1 left/)
            .count();
          if (
            (wanted === 'sold-out' && label === 'Sold out') ||
            (wanted === 'buyable' && label === 'Add to cart' && !scarce)
          ) {
            return { url, name: (await page.getByRole('heading', { level: 1 }).textContent()) ?? '', size, color };
          }
        }
      }
    }
    throw new Error(`no product has a ${wanted} combination`);
  } finally {
    await context.close();
  }
}

async function chooseCombination(page: Page, pick: Pick) {
  if (pick.color) await choose(page, 'color', pick.color);
  if (pick.size) await choose(page, 'size', pick.size);
}

/** The cart journey after the add: + on /cart, reload keeps it, remove empties it. */
async function cartJourney(page: Page, pick: Pick) {
  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: pick.name, exact: true }) });
  await expect(line).toBeVisible();
  const quantity = line.getByRole('spinbutton', { name: `Quantity of ${pick.name}` });
  await expect(quantity).toHaveValue('1');
  await line.getByRole('button', { name: `Increase quantity of ${pick.name}` }).click();
  await expect(quantity).toHaveValue('2');
  await expect(cartLink(page, 2)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText('Subtotal (2 items)');

  await page.reload();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${pick.name}` })).toHaveValue('2');
  await expect(cartLink(page, 2)).toBeVisible();

  await page.getByRole('button', { name: `Remove ${pick.name} from cart` }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/collections');
  await expect(cartLink(page, 0)).toBeVisible();
}

test.describe('product page and cart', () => {
  let buyable: Pick;

  test.beforeAll(async ({ browser }) => {
    buyable = await findCombination(browser, 'buyable');
  });

  test('with JavaScript: pick size and colour, add, change quantity on /cart, reload, remove', async ({ page }) => {
    await openHydrated(page, buyable.url);
    await chooseCombination(page, buyable);
    await expect(cartLink(page, 0)).toBeVisible();
    await addButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Product added to cart!' })).toBeVisible();
    await expect(cartLink(page, 1)).toBeVisible();
    // A fetcher did the work: still on the product page.
    expect(new URL(page.url()).pathname).toBe(buyable.url);
    await cartJourney(page, buyable);
  });

  test('the scripts load only after the page and its picture have loaded, then hydrate it under the policy', async ({
    page,
  }) => {
    const html = await (await page.request.get(buyable.url)).text();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<script type="text/x-deferred-module" id="deferred-entry-module">');
    const violations = cspViolations(page);
    await openHydrated(page, buyable.url);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
        /\/assets\/.+\.js$/.test(entry.name),
      );
      return { loadEnd: navigation.loadEventEnd, scripts: scripts.map((entry) => entry.startTime) };
    });
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.loadEnd);
    expect(violations).toEqual([]);
  });

  test('a size tapped before the scripts arrive stays chosen once they do', async ({ page }) => {
    let url = '';
    for (const candidate of await productUrls(page)) {
      const html = await (await page.request.get(candidate)).text();
      if ((html.match(/name="size"/g) ?? []).length >= 2) {
        url = candidate;
        break;
      }
    }
    expect(url, 'a product with two sizes or more').not.toBe('');
    const letScriptsThrough = await holdScripts(page);
    await page.goto(url);
    const sizes = (await radioValues(page, 'size')) as string[];
    const last = sizes.at(-1)!;
    await choose(page, 'size', last);
    await letScriptsThrough();
    await expect(sizeGroup(page).getByRole('radio', { name: new RegExp(`^${last}( \\(sold out\\))?$`) })).toBeChecked();
    await expect(sizeGroup(page).getByRole('radio', { checked: true })).toHaveCount(1);
  });

  test('without JavaScript: the same journey with plain forms', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(buyable.url);
    await chooseCombination(page, buyable);
    await addButton(page).click();
    await expect(page).toHaveURL(/[?&]message=Product/);
    expect(new URL(page.url()).pathname).toBe(buyable.url);
    await expect(page.getByRole('status').filter({ hasText: 'Product added to cart!' })).toBeVisible();
    await expect(cartLink(page, 1)).toBeVisible();
    await cartJourney(page, buyable);
    await context.close();
  });

  test('a sold-out size and colour disables Add to cart', async ({ browser, page }) => {
    const soldOut = await findCombination(browser, 'sold-out');
    await openHydrated(page, soldOut.url);
    await chooseCombination(page, soldOut);
    await expect(addButton(page)).toBeDisabled();
    await expect(addButton(page)).toHaveText('Sold out');
    await expect(page.locator('#add-to-cart').getByText(/is sold out\.$/)).toBeVisible();
  });

  test('a product switched off shows Out of stock and cannot be added', async ({ page }) => {
    let found = false;
    for (const url of await productUrls(page)) {
      const html = await (await page.request.get(url)).text();
      if (!html.includes('>Out of stock</button>')) continue;
      found = true;
      await openHydrated(page, url);
      await expect(addButton(page)).toBeDisabled();
      await expect(addButton(page)).toHaveText('Out of stock');
      break;
    }
    expect(found, 'the seed has a product with inStock false').toBe(true);
  });

  test('an unknown or malformed product id lands on /404', async ({ page }) => {
    await page.goto('/product/zzzzzzzzzzzzzz');
    await expect(page).toHaveURL(/\/404$/);
    await page.goto('/product/not-an-id');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('gallery: thumbnails swap the main image with JavaScript and are links without it', async ({
    browser,
    page,
  }) => {
    let url: string | null = null;
    for (const candidate of await productUrls(page)) {
      const html = await (await page.request.get(candidate)).text();
      if (html.includes('aria-label="Show image 2 of')) {
        url = candidate;
        break;
      }
    }
    expect(url, 'a product with more than one image').not.toBeNull();
    await openHydrated(page, url!);
    const main = page.getByRole('main').getByRole('img').first();
    const first = await main.getAttribute('src');
    await page.getByRole('link', { name: /^Show image 2 of/ }).click();
    await expect(main).not.toHaveAttribute('src', first!);
    expect(new URL(page.url()).search).toBe('');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(url!);
    await noJs.getByRole('link', { name: /^Show image 2 of/ }).click();
    await expect(noJs).toHaveURL(/\?image=1$/);
    await expect(noJs.getByRole('link', { name: /^Show image 2 of/ })).toHaveAttribute('aria-current', 'true');
    await context.close();
  });
});
