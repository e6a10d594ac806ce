/**
 * Photos per colour in Chromium (decision 0034), with and without JavaScript: on a product whose photos name their
 * colour, the link of a colour (`?colour=`) shows that colour's photo first and preselects the colour; the listing's
 * colour filter offers the colours products use and its card shows the photo of the colour picked.
 */
import { expect, test, type Page } from './fixtures';
import { hydrated, storeDatabase } from './support';
import { newId } from '../../app/lib/ids';

const NAME = `Colour Photo Tee ${Date.now()}`;
let product: { id: string; black: string; red: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const sql = storeDatabase();
  try {
    // Two pictures the seed stored, taken for a new product in Black and Red: the first shows Black, the second Red.
    const pictures = await sql<{ key: string; width: number; height: number; widths: number[] }[]>`
      select key, width, height, widths from product_images order by id limit 2`;
    const [row] = await sql<{ id: string }[]>`
      insert into products (id, name, description, price, category, sizes, colors)
      values (${newId()}, ${NAME}, 'A tee photographed in each of its colours.', 1500000, 'Shirts', '{S,M}', '{Black,Red}')
      returning id`;
    for (const [position, picture] of pictures.entries())
      await sql`insert into product_images (product_id, position, key, width, height, widths, alt, color)
        values (${row.id}, ${position}, ${picture.key}, ${picture.width}, ${picture.height}, ${picture.widths},
          ${NAME}, ${position === 0 ? 'Black' : 'Red'})`;
    product = { id: row.id, black: pictures[0].key, red: pictures[1].key };
    // The stored pages go, as a store process drops them for the others (shared-invalidation.server.ts).
    await sql`select pg_notify('store_changes', ${JSON.stringify({ name: 'content', from: 'e2e' })})`;
  } finally {
    await sql.end();
  }
});

/** The gallery's main picture: the first image of the page. */
const mainImage = (page: Page) => page.locator('main img').first();
const colourRadio = (page: Page, colour: string) =>
  page.getByRole('group', { name: /^Color/ }).getByRole('radio', { name: colour });
const photoLink = (page: Page, colour: string) =>
  page.getByRole('navigation', { name: 'Photos by colour' }).getByRole('link', { name: colour });

test('without JavaScript, a colour link shows its photo first and preselects it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/product/${product.id}`);
  await expect(mainImage(page)).toHaveAttribute('src', new RegExp(product.black));
  await expect(colourRadio(page, 'Black')).toBeChecked();
  await photoLink(page, 'Red').click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?colour=Red$`));
  await expect(mainImage(page)).toHaveAttribute('src', new RegExp(product.red));
  await expect(colourRadio(page, 'Red')).toBeChecked();
  await expect(photoLink(page, 'Red')).toHaveAttribute('aria-current', 'true');

  // The listing's colour filter, applied by its button: the card shows the Red photo.
  await page.goto(`/collections?q=${encodeURIComponent(NAME)}`);
  const colours = page.getByRole('group', { name: 'Colour' });
  await expect(colours.getByRole('radio')).toHaveCount(3);
  await colours.getByRole('radio', { name: /^Red/ }).check();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/colour=Red/);
  const card = page.getByRole('article').filter({ hasText: NAME });
  await expect(card.locator('img')).toHaveAttribute('src', new RegExp(product.red));
  await context.close();
});

test('with JavaScript, a colour link switches the photos and the colour without a reload', async ({ page }) => {
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await photoLink(page, 'Red').click();
  await expect(page).toHaveURL(new RegExp(`\\?colour=Red$`));
  await expect(mainImage(page)).toHaveAttribute('src', new RegExp(product.red));
  await expect(colourRadio(page, 'Red')).toBeChecked();
  await photoLink(page, 'Black').click();
  await expect(mainImage(page)).toHaveAttribute('src', new RegExp(product.black));
  await expect(colourRadio(page, 'Black')).toBeChecked();
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
});
