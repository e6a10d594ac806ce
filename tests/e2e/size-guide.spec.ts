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
