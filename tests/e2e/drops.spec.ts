/**
 * Drops in Chromium (decision 0036), with and without JavaScript: a product whose drop opens a few seconds ahead shows
 * when it drops and its countdown (plain text without JavaScript, ticking with it), offers "Email me when it drops"
 * instead of Add to cart, and its card says "Drops …"; at the opening it can be bought: after a reload without
 * JavaScript, by itself with it.
 */
import { expect, test, type Page } from './fixtures';
import { hydrated, storeDatabase, uniqueEmail } from './support';
import { newId } from '../../app/lib/ids';

/** A product of its own that opens `seconds` from now; the stored pages are dropped as an admin save would. */
async function dropIn(seconds: number): Promise<{ id: string; name: string; opensAt: number }> {
  const name = `Drop Jacket ${newId()}`;
  const opensAt = Date.now() + seconds * 1000;
  const sql = storeDatabase();
  try {
    const [picture] = await sql<{ key: string; width: number; height: number; widths: number[] }[]>`
      select key, width, height, widths from product_images order by id limit 1`;
    const [row] = await sql<{ id: string }[]>`
      insert into products (id, name, description, price, category, sizes, colors, drops_at, drop_cap)
      values (${newId()}, ${name}, 'A jacket that opens at a stated minute.', 5000000, 'Outerwear', '{M,L}', '{Black}',
        ${new Date(opensAt)}, 2)
      returning id`;
    await sql`insert into product_images (product_id, position, key, width, height, widths, alt)
      values (${row.id}, 0, ${picture.key}, ${picture.width}, ${picture.height}, ${picture.widths}, ${name})`;
    await sql`select pg_notify('store_changes', ${JSON.stringify({ name: 'content', from: 'e2e' })})`;
    return { id: row.id, name, opensAt };
  } finally {
    await sql.end();
  }
}

const countdown = (page: Page) => page.getByTestId('drop-countdown');
const addButton = (page: Page) =>
  page.locator('#add-to-cart').getByRole('button', { name: 'Add to cart', exact: true });

async function expectBeforeOpening(page: Page, drop: { id: string; name: string }) {
  await page.goto(`/collections?q=${encodeURIComponent(drop.name)}`);
  const card = page.getByRole('article').filter({ hasText: drop.name });
  await expect(card).toContainText(/Drops \w{3} \d{1,2} \w{3}/);
  await expect(card.getByRole('button', { name: `Add to cart (${drop.name})` })).toHaveCount(0);
  await page.goto(`/product/${drop.id}`);
  await expect(page.getByText(/^Drops on \w{3} \d{1,2} \w{3}, \d{2}:\d{2}$/)).toBeVisible();
  await expect(countdown(page)).toHaveText(/^Opens in \d+ seconds?$/);
  await expect(page.getByText('Limit 2 per customer.')).toBeVisible();
  await expect(addButton(page)).toHaveCount(0);
}

test.describe.configure({ mode: 'serial' });

test('without JavaScript: the countdown as text, the ask by mail, and Add to cart after the opening', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const drop = await dropIn(15);
  await expectBeforeOpening(page, drop);

  await page.getByLabel(/Get one email when it drops/).fill(uniqueEmail('drop-fan'));
  await page.getByRole('button', { name: 'Email me when it drops' }).click();
  await expect(page.getByRole('status')).toHaveText(
    "Almost done: open the link we emailed you to confirm, and we'll email you once when it drops.",
  );
  // Without scripts the text stays as the server rendered it: a reload shows the time left now.
  await expect(countdown(page)).toHaveText(/^Opens in \d+ seconds?$/);

  await page.waitForTimeout(Math.max(0, drop.opensAt - Date.now()) + 300);
  await page.goto(`/product/${drop.id}`);
  await expect(countdown(page)).toHaveCount(0);
  // The cap stays said once it is open.
  await expect(page.getByText('Limit 2 per customer.')).toBeVisible();
  await addButton(page).click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByText('Product added to cart!')).toBeVisible();
  await context.close();
});

test('with JavaScript: the countdown ticks and the product opens by itself at zero', async ({ page }) => {
  const drop = await dropIn(12);
  await expectBeforeOpening(page, drop);
  await hydrated(page);
  const first = await countdown(page).textContent();
  await expect(countdown(page)).not.toHaveText(first ?? '', { timeout: 3_000 });
  await expect(addButton(page)).toBeVisible({ timeout: Math.max(0, drop.opensAt - Date.now()) + 3_000 });
  await expect(countdown(page)).toHaveCount(0);
  await addButton(page).click();
  await expect(page.getByText('Product added to cart!')).toBeVisible();
});
