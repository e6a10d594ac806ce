/**
 * "Email me when it's back" in Chromium (decision 0027): on a product whose preselected size and colour is
 * sold out, a visitor without JavaScript asks with an email (a second ask gets the very same answer), then another by
 * pressing Enter in the field; a visitor with JavaScript asks by Enter too, staying on the page. Each is mailed a
 * "confirm you want this alert" link; two confirm on its page (opening the link alone confirms nothing), one does
 * not. The stock then returns through the database, with the job the store's stock changes queue, and each confirmed
 * request gets one mail with a link to the product; the unconfirmed one gets none.
 */
import { expect, test, type Page } from './fixtures';
import {
  BACK_IN_STOCK_CONFIRM_MESSAGES,
  BACK_IN_STOCK_MESSAGES,
} from '../../app/lib/back-in-stock/back-in-stock-words';
import { hydrated, mailTo, storeDatabase, uniqueEmail } from './support';

let product: { id: string; name: string; size: string; color: string };

test.describe.configure({ mode: 'serial' });

/** Stored pages are dropped as a store process drops them for the others (shared-invalidation.server.ts). */
const dropStoredPages = (sql: ReturnType<typeof storeDatabase>) =>
  sql`select pg_notify('store_changes', ${JSON.stringify({ name: 'content', from: 'e2e' })})`;

test.beforeAll(async () => {
  const sql = storeDatabase();
  try {
    const [row] = await sql<{ id: string; name: string; size: string; color: string; other: string }[]>`
      select id, name, coalesce(sizes[1], '') as size, colors[1] as color, colors[2] as other from products
      where in_stock and cardinality(colors) >= 2 order by created_at, id limit 1`;
    product = row;
    // The preselected size and colour sold out, another colour in stock: the page offers the ask.
    await sql`insert into product_variants (product_id, size, color, stock)
      values (${row.id}, ${row.size}, ${row.color}, 0), (${row.id}, ${row.size}, ${row.other}, 5)
      on conflict (product_id, size, color) do update set stock = excluded.stock`;
    await dropStoredPages(sql);
  } finally {
    await sql.end();
  }
});

/** Types the address and asks, with the button or (`enter`) by pressing Enter in the field. */
async function ask(page: Page, email: string, { enter = false } = {}) {
  const field = page.getByLabel(/Get one email when it.s back/);
  await field.fill(email);
  if (enter) await field.press('Enter');
  else await page.getByRole('button', { name: "Email me when it's back" }).click();
}

const almostDone = (page: Page) => page.getByRole('status').filter({ hasText: BACK_IN_STOCK_MESSAGES.confirmByMail });

/** Opens the mailed link (a GET: nothing confirmed yet) and presses Confirm, as its owner does. */
async function confirmFromMail(page: Page, email: string) {
  const mail = await mailTo(email, /Subject: Confirm your alert: /);
  expect(mail).toContain(product.name);
  const link = /\/back-in-stock\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail)![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm Your Alert' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: BACK_IN_STOCK_CONFIRM_MESSAGES.done })).toBeVisible();
}

test('visitors ask without JavaScript and with it, confirm by mail; the restock mails the confirmed once', async ({
  browser,
}) => {
  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  const first = uniqueEmail('back-plain');
  await expect
    .poll(async () => {
      await plain.goto(`/product/${product.id}`);
      return plain.getByRole('button', { name: "Email me when it's back" }).count();
    })
    .toBe(1);
  await ask(plain, first);
  await expect(plain).toHaveURL(/message=/);
  await expect(almostDone(plain)).toBeVisible();
  const firstAnswer = plain.url();
  // Asked again (any case): the very same answer, so the page says nothing about who is waiting.
  await ask(plain, first.toUpperCase());
  await expect(almostDone(plain)).toBeVisible();
  expect(plain.url()).toBe(firstAnswer);
  await ask(plain, 'not-an-address');
  // The browser's own check stops an address that is not one (type="email") before it is sent.
  await expect(almostDone(plain)).toBeVisible();
  // Enter in the field submits the form's first button, Add to cart: the store takes it as the ask it is.
  const third = uniqueEmail('back-enter');
  await ask(plain, third, { enter: true });
  await expect(almostDone(plain)).toBeVisible();

  const scripted = await (await browser.newContext()).newPage();
  const second = uniqueEmail('back-js');
  await scripted.goto(`/product/${product.id}`);
  await hydrated(scripted);
  await ask(scripted, second, { enter: true });
  await expect(almostDone(scripted)).toBeVisible();

  // The first confirms without JavaScript, the second with it; the third never opens the mail.
  await confirmFromMail(plain, first);
  await hydrated(scripted);
  await confirmFromMail(scripted, second);
  await mailTo(third, /Subject: Confirm your alert: /);

  const sql = storeDatabase();
  try {
    await sql`update product_variants set stock = 3
      where product_id = ${product.id} and size = ${product.size} and color = ${product.color}`;
    // What the store's stock changes queue in their transaction (notify.server.ts queueBackInStockCheck).
    await sql`insert into pgboss.job (name, data) values ('back-in-stock', ${sql.json({ productIds: [product.id] })})`;
    for (const email of [first, second]) {
      const mail = await mailTo(email, /Back in stock: /);
      expect(mail).toContain(`/product/${product.id}`);
      expect(mail).toContain('is back in stock');
    }
    // The unconfirmed request was left alone by the same job: still open, never mailed.
    const [left] = await sql<{ notified: boolean }[]>`select notified_at is not null as notified
      from back_in_stock_requests where email = ${third}`;
    expect(left).toEqual({ notified: false });
  } finally {
    await sql.end();
  }
});
