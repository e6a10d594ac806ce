/**
 * The product page's size guide in Chromium (decision 0034), with and without JavaScript: beside the sizes, the
 * product's fit note and "Size guide". Without JavaScript the link goes to the guide's section of the page; with it,
 * the guide opens as a dialog that takes the focus, closes on Escape and gives the focus back to the link. Either way
 * it is a table with a caption, header cells and centimetres with inches.
 */
import { expect, test, type Page } from './fixtures';
import { hydrated, storeDatabase } from './support';
import { newId } from '../../app/lib/ids';

const STAMP = Date.now();
const SET = `Guide Test Sizes ${STAMP}`;
const NOTE = 'Runs small: take one size up';
let productId = '';
let wideProductId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const sql = storeDatabase();
  try {
    // A size set of the spec's own, so its guide is the only one for it whatever the seed writes.
    const setId = newId();
    await sql`insert into size_sets (id, name, sizes, position) values (${setId}, ${SET}, '{S,M}', 99)`;
    await sql`insert into size_guides (id, size_set_id, measurements, rows)
      values (${newId()}, ${setId}, '{Chest,Waist}',
        ${sql.json([
          { size: 'S', cm: [91, 76] },
          { size: 'M', cm: [96, null] },
        ])})`;
    productId = newId();
    await sql`insert into products (id, name, description, price, category, sizes, colors, size_set_id, fit_note)
      values (${productId}, ${`Size Guide Shirt ${STAMP}`}, 'A shirt with a size guide.', 1500000, 'Shirts', '{S,M}',
        '{Black}', ${setId}, ${NOTE})`;
    // A guide of six measurements: its table is wider than a phone.
    const wideSetId = newId();
    await sql`insert into size_sets (id, name, sizes, position) values (${wideSetId}, ${`${SET} wide`}, '{M}', 99)`;
    await sql`insert into size_guides (id, size_set_id, measurements, rows)
      values (${newId()}, ${wideSetId}, '{Chest,Waist,Hip,Length,Sleeve,Inseam}',
        ${sql.json([{ size: 'M', cm: [101.5, 86.5, 104.5, 74.5, 64.5, 81.5] }])})`;
    wideProductId = newId();
    await sql`insert into products (id, name, description, price, category, sizes, colors, size_set_id)
      values (${wideProductId}, ${`Wide Guide Shirt ${STAMP}`}, 'A shirt with a wide guide.', 1500000, 'Shirts',
        '{M}', '{Black}', ${wideSetId})`;
  } finally {
    await sql.end();
  }
});

const guideLink = (page: Page) => page.getByRole('link', { name: 'Size guide' });

/** The guide's table: caption, a header cell per column, sizes as row headers, cm with inches. */
async function expectGuideTable(page: Page) {
  const table = page.getByRole('table', { name: `${SET}: body measurements in cm (inches)` });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Size', 'Chest', 'Waist']);
  await expect(table.getByRole('rowheader')).toHaveText(['S', 'M']);
  await expect(table.getByRole('row', { name: /^M/ }).getByRole('cell')).toHaveText(['96 cm (37.8 in)', '–']);
  return table;
}

test('without JavaScript, the link goes to the size guide section of the page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/product/${productId}`);
  await expect(page.getByText(NOTE)).toBeVisible();
  await guideLink(page).click();
  await expect(page).toHaveURL(new RegExp(`/product/${productId}#size-guide$`));
  await expect(page.getByRole('region', { name: 'Size guide' })).toBeInViewport();
  await expectGuideTable(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('with JavaScript, the size guide opens as a dialog, closes on Escape and gives the focus back', async ({
  page,
}) => {
  await page.goto(`/product/${productId}`);
  await hydrated(page);
  await expect(page.getByText(NOTE)).toBeVisible();
  // The section is the dialog now: nothing of the guide shows until it is opened.
  await expect(page.getByRole('table')).toHaveCount(0);
  await guideLink(page).click();
  const dialog = page.getByRole('dialog', { name: 'Size guide' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectGuideTable(page);
  await expect(page).not.toHaveURL(/#size-guide/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(guideLink(page)).toBeFocused();
  // Opened again, its Close button closes it too.
  await guideLink(page).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('without JavaScript on a phone, a wide guide scrolls within its box: the page stays as wide as the screen', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(`/product/${wideProductId}`);
  await expect(page.getByRole('region', { name: 'Size guide' })).toBeAttached();
  // A wider page would shift once the scripts turn the guide into a dialog (the product page's layout shift budget).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
