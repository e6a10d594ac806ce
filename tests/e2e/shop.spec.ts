/**
 * The shop listing and the collection page in Chromium, with and without JavaScript. Written
 * against what the demo seed guarantees (>= 32 products over the six categories, every price band,
 * 4 collections), never against particular product names.
 */
import { expect, test, type Page } from './fixtures';
import { holdScripts } from './support';

const PAGE_SIZE = 24;

/** Inclusive naira bounds of the price bands (app/lib/catalog/shop-query.ts holds them in kobo). */
const BANDS = {
  'under-10k': { label: 'Under ₦10,000', min: 0, max: 9_999.99 },
  '10k-25k': { label: '₦10,000 - ₦25,000', min: 10_000, max: 24_999.99 },
  '25k-50k': { label: '₦25,000 - ₦50,000', min: 25_000, max: 50_000 },
  'over-50k': { label: 'Over ₦50,000', min: 50_000.01, max: Infinity },
} as const;
type BandId = keyof typeof BANDS;

const results = (page: Page, name = 'Shop') => page.getByRole('list', { name, exact: true });
const countText = (page: Page) => page.getByRole('main').getByRole('status');

async function shownAndTotal(page: Page) {
  const text = (await countText(page).textContent()) ?? '';
  const match = /^Showing (\d+) of (\d+) products$/.exec(text.trim());
  expect(match, `count text "${text}"`).not.toBeNull();
  return { shown: Number(match![1]), total: Number(match![2]) };
}

/** Prices of the cards on the page, in naira, in the order shown. */
async function cardPrices(page: Page, list = 'Shop'): Promise<number[]> {
  const texts = await results(page, list).getByRole('listitem').allTextContents();
  return texts.map((text) => {
    const match = /₦([\d,]+(?:\.\d{2})?)/.exec(text);
    expect(match, `a price in "${text}"`).not.toBeNull();
    return Number(match![1].replace(/,/g, ''));
  });
}

/** The count printed beside a filter option ("Outerwear (5)"). */
async function optionCount(page: Page, name: RegExp) {
  const text =
    (await page
      .getByRole('main')
      .locator('label')
      .filter({ has: page.getByRole('radio', { name }) })
      .textContent()) ?? '';
  return Number(/(\d+)\)?\s*$/.exec(text)?.[1] ?? 0);
}

/** After Outerwear is chosen: the first price band with something in it. */
async function bandWithProducts(page: Page): Promise<BandId> {
  for (const id of Object.keys(BANDS) as BandId[]) {
    if ((await optionCount(page, new RegExp(`^${escape(BANDS[id].label)}`))) > 0) return id;
  }
  throw new Error('no price band has outerwear');
}
/** Opens a listing and waits for hydration: the no-JS "Apply filters" button goes away then. */
async function openListing(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();
}

/** Product links of the grid, one per card (image and name link to the same place). */
const productLinks = async (page: Page) => [
  ...new Set(
    await results(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
  ),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The URL changes a moment before React renders the new page (router updates run in a
 * transition), so checks of the content retry as a whole until they pass.
 */
async function expectFilteredAndSorted(page: Page, band: BandId) {
  await expect(page).toHaveURL(new RegExp(`/collections\\?category=outerwear&price=${band}&sort=price-asc$`));
  await expect(() => checkFilteredAndSorted(page, band)).toPass();
}

async function checkFilteredAndSorted(page: Page, band: BandId) {
  await expect(page.getByRole('radio', { name: /^Outerwear/ })).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  const { shown, total } = await shownAndTotal(page);
  expect(total).toBe(await optionCount(page, /^Outerwear/));
  expect(shown).toBe(Math.min(total, PAGE_SIZE));
  const prices = await cardPrices(page);
  expect(prices).toHaveLength(shown);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(BANDS[band].min);
    expect(price).toBeLessThanOrEqual(BANDS[band].max);
  }
  for (const text of await results(page).getByRole('listitem').allTextContents()) expect(text).toContain('Outerwear');
}

test.describe('shop listing', () => {
  test('filter by category and price, sort by price, then switch to the list view', async ({ page }) => {
    await openListing(page, '/collections');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    const all = await shownAndTotal(page);
    expect(all.total).toBeGreaterThanOrEqual(32);
    expect(all.shown).toBe(PAGE_SIZE);

    await page.getByRole('radio', { name: /^Outerwear/ }).check();
    await expect(page).toHaveURL(/\/collections\?category=outerwear$/);
    await expect(page.getByRole('radio', { name: /^Outerwear/ })).toBeChecked();
    const band = await bandWithProducts(page);
    await page.getByRole('radio', { name: new RegExp(`^${escape(BANDS[band].label)}`) }).check();
    await expect(page).toHaveURL(new RegExp(`price=${band}$`));
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await expectFilteredAndSorted(page, band);

    await page.getByRole('link', { name: 'List view' }).click();
    await expect(page).toHaveURL(/&view=list$/);
    await expect(page.getByRole('link', { name: 'List view' })).toHaveAttribute('aria-current', 'true');
    await checkFilteredAndSorted(page, band);

    await page.getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/collections\?sort=price-asc&view=list$/);
    await expect(countText(page)).toHaveText(`Showing ${PAGE_SIZE} of ${all.total} products`);
  });

  test('filters by keyboard: arrow keys apply the next category and focus stays on the radio', async ({ page }) => {
    await openListing(page, '/collections');
    const all = page.getByRole('radio', { name: /^All categories/ });
    await all.focus();
    await page.keyboard.press('ArrowDown');
    const first = page.getByRole('group', { name: 'Category' }).getByRole('radio').nth(1);
    const slug = ((await first.getAttribute('value')) ?? '').toLowerCase();
    await expect(page).toHaveURL(new RegExp(`\\?category=${slug}$`));
    await expect(first).toBeChecked();
    await expect(first).toBeFocused();
    const count = await optionCount(page, new RegExp(`^${slug}`, 'i'));
    await expect(countText(page)).toHaveText(`Showing ${Math.min(PAGE_SIZE, count)} of ${count} products`);
  });

  test('a filter and a sort picked before the scripts arrive are applied when they do', async ({ page }) => {
    const letScriptsThrough = await holdScripts(page);
    await page.goto('/collections');
    await page.getByRole('radio', { name: /^Outerwear/ }).check();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await letScriptsThrough();
    await expect(page).toHaveURL(/\/collections\?category=outerwear&sort=price-asc$/);
    await expect(page.getByRole('radio', { name: /^Outerwear/ })).toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    const count = await optionCount(page, /^Outerwear/);
    await expect(countText(page)).toHaveText(`Showing ${Math.min(PAGE_SIZE, count)} of ${count} products`);
  });

  test('paginates with Previous, Next and page numbers', async ({ page }) => {
    await openListing(page, '/collections');
    const { total } = await shownAndTotal(page);
    const firstPage = await productLinks(page);
    expect(firstPage).toHaveLength(PAGE_SIZE);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/collections\?page=2$/);
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(countText(page)).toHaveText(`Showing ${Math.min(PAGE_SIZE, total - PAGE_SIZE)} of ${total} products`);
    const secondPage = await productLinks(page);
    expect(secondPage).toHaveLength(Math.min(PAGE_SIZE, total - PAGE_SIZE));
    expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/collections$/);
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  test('the header search finds a product from a misspelt word', async ({ page }) => {
    await openListing(page, '/collections');
    const names = await results(page).getByRole('heading', { level: 3 }).allTextContents();
    const name = names.find((n) => n.split(/\s+/).some((w) => /^[A-Za-z]{6,}$/.test(w)));
    expect(name, 'a product name with a word of 6+ letters').toBeDefined();
    const word = name!.split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w))!;
    const typo = word.slice(0, 3) + word.slice(4); // one letter dropped: "Jacket" -> "Jacet"

    await page.getByRole('banner').getByLabel('Search', { exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill(typo.toLowerCase());
    await page.getByRole('searchbox', { name: 'Search products', exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/collections\\?q=${typo.toLowerCase()}$`));
    await expect(page.getByRole('searchbox', { name: 'Search the shop' })).toHaveValue(typo.toLowerCase());
    await expect(results(page).getByRole('heading', { name, exact: true }).first()).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('');

    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole('searchbox', { name: 'Search the shop' })).toHaveValue('');
  });

  test('a search that matches nothing shows the empty state with a way back', async ({ page }) => {
    await openListing(page, '/collections?q=qqqqzzzz');
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
    await expect(countText(page)).toHaveText('Showing 0 of 0 products');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/collections$/);
    await expect(countText(page)).toHaveText(new RegExp(`^Showing ${PAGE_SIZE} of \\d+ products$`));
  });

  test('/new-arrivals lists the same catalog, newest first', async ({ page }) => {
    await openListing(page, '/new-arrivals');
    await expect(page.getByRole('heading', { level: 1, name: 'New Arrivals' })).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('');
    await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Newest');
    expect((await shownAndTotal(page)).total).toBeGreaterThanOrEqual(32);
  });

  test('a collection from the home page shows its hero, name and products, sortable by price', async ({ page }) => {
    await page.goto('/');
    const href = await page.getByRole('main').locator('a[href^="/collections/"]').first().getAttribute('href');
    expect(href).toMatch(/^\/collections\/[0-9a-z]{14}$/);
    // The first sort is picked before the scripts arrive and applied once they do; the second with them.
    const letScriptsThrough = await holdScripts(page);
    await page.goto(href!);
    const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(name.length).toBeGreaterThan(0);
    const status = page.getByRole('main').getByRole('status');
    const [, shown, total] = /^Showing (\d+) of (\d+) products$/.exec((await status.textContent()) ?? '') ?? [];
    expect(Number(shown)).toBe(Math.min(PAGE_SIZE, Number(total)));
    expect(Number(total)).toBeGreaterThanOrEqual(2);
    await page.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
    await letScriptsThrough();
    await expect(page).toHaveURL(new RegExp(`${href}\\?sort=price-desc$`));
    await expect(async () => {
      const prices = await cardPrices(page, name);
      expect(prices.length).toBe(Number(shown));
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    }).toPass();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(new RegExp(`${href}\\?sort=price-asc$`));
    await expect(async () => {
      const prices = await cardPrices(page, name);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }).toPass();
  });

  test('an unknown collection shows Collection Not Found with a 404', async ({ page }) => {
    const response = await page.goto('/collections/zzzzzzzzzzzzzz');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Collection Not Found' })).toBeVisible();
    await expect(page.getByText('This collection could not be found.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Collections' }).click();
    await expect(page).toHaveURL(/\/collections$/);
  });
});

test.describe('shop listing without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the same filter journey works as a plain GET form', async ({ page }) => {
    await page.goto('/collections');
    await page.getByRole('radio', { name: /^Outerwear/ }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/collections\?category=outerwear$/);
    const band = await bandWithProducts(page);
    await page.getByRole('radio', { name: new RegExp(`^${escape(BANDS[band].label)}`) }).check();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expectFilteredAndSorted(page, band);

    await page.getByRole('link', { name: 'List view' }).click();
    await expect(page).toHaveURL(/&view=list$/);
    await expect(page.getByRole('link', { name: 'List view' })).toHaveAttribute('aria-current', 'true');
  });

  test('pagination and search work as links and forms', async ({ page }) => {
    await page.goto('/collections');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/collections\?page=2$/);
    await page.getByRole('searchbox', { name: 'Search the shop' }).fill('qqqqzzzz');
    await page.getByRole('searchbox', { name: 'Search the shop' }).press('Enter');
    await expect(page).toHaveURL(/\/collections\?q=qqqqzzzz$/);
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  });
});
