/** Steps of the delivery specs (tests/e2e/delivery.spec.ts, admin-delivery.spec.ts). */
import { SCRIPT_DELAY_MS, type Page } from './fixtures';
import { hydrated } from './support';

/**
 * Adds the last product (in the sitemap's order) whose preselected size and colour can be bought; returns its name.
 * Works with JavaScript off too. The delivery specs pay for several orders: taking from the end of the catalog leaves
 * the first products' stock to the specs that count on it (addSomethingToCart in support.ts takes the first).
 */
export async function addLastBuyableToCart(page: Page, { js = true } = {}): Promise<string> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const urls = [...xml.matchAll(/<loc>([^<]+\/product\/[0-9a-z]{14})<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const url of urls.reverse()) {
    await page.goto(url);
    if (js) await hydrated(page);
    const add = page.locator('#add-to-cart').getByRole('button', { name: 'Add to cart', exact: true });
    if (!(await add.count()) || !(await add.isEnabled())) continue;
    await add.click();
    // Without JavaScript the button cannot know its size and colour sold out: the cart then says so; next product.
    const added = await page
      .getByRole('status')
      .filter({ hasText: 'Product added to cart!' })
      // The add goes through scripts that may still be arriving late (E2E_SCRIPT_DELAY_MS), chunk after chunk.
      .waitFor({ timeout: 5_000 + 4 * SCRIPT_DELAY_MS })
      .then(() => true)
      .catch(() => false);
    if (!added) continue;
    return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  }
  throw new Error('no product could be added');
}
