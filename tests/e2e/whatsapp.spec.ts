/**
 * WhatsApp click-to-chat in Chromium (docs/requirements.md#9-order-and-payment-statuses): an admin sets the store's
 * number as people type it on /admin/settings; the footer's "Chat on WhatsApp", the product page's "Share on WhatsApp"
 * and "Ask about this piece" (the size and colour chosen, with JavaScript and without) and the order page's "Ask about
 * this order" then carry that number and the right text. This machine has no internet: the requests to wa.me are
 * answered here, and what they asked for is what is checked, with the store's redirect that led there.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from './fixtures';
import { acceptInvitation, E2E_PASSWORD, grantAdmin, hydrated, storeDatabase, uniqueEmail } from './support';

const TYPED = '0803 123 4567';
const NUMBER = '2348031234567';

let admin: Page;
let storeName = '';
/** A product with two sizes and two colours or more, so the choice is not the preselected one. */
let product: { id: string; name: string };
let order: { id: string; number: string };

const waLink = (number: string, text: string) => `https://wa.me/${number}?text=${encodeURIComponent(text)}`;

/** A paid order of this account, as checkout would leave it. */
async function insertOrder(email: string) {
  const sql = storeDatabase();
  try {
    const [user] = await sql`select id from users where email = ${email}`;
    const id = Array.from({ length: 14 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 36)]);
    const address = {
      firstName: 'Tolu',
      lastName: 'Adeyemi',
      country: 'Nigeria',
      address: '12 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
      phone: '+234 803 000 0001',
      email,
    };
    await sql`insert into orders (id, user_id, payment_status, payment_reference, subtotal, shipping, total,
        shipping_address, stock_state, paid_at)
      values (${id.join('')}, ${user.id}, 'paid', ${`pj_${Date.now()}_wa`}, 1000000, 260000, 1260000,
        ${sql.json(address)}, 'committed', now())`;
    await sql`insert into order_items (order_id, position, product_id, name, unit_price, size, color, quantity)
      values (${id.join('')}, 0, ${product.id}, ${product.name}, 1000000, 'M', 'Black', 1)`;
    return { id: id.join(''), number: id.join('').slice(-8).toUpperCase() };
  } finally {
    await sql.end();
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const sql = storeDatabase();
  try {
    [product] = await sql<{ id: string; name: string }[]>`select id, name from products
      where cardinality(sizes) >= 2 and cardinality(colors) >= 2 order by created_at desc, id limit 1`;
  } finally {
    await sql.end();
  }
  expect(product, 'a product with two sizes and two colours').toBeTruthy();

  const email = uniqueEmail('whatsapp.admin');
  admin = await (await browser.newContext()).newPage();
  await acceptInvitation(admin, await grantAdmin(email), E2E_PASSWORD);
  order = await insertOrder(email);

  await admin.goto('/admin/settings');
  await hydrated(admin);
  storeName = await admin.getByLabel('Store name').inputValue();
  await admin.getByLabel('WhatsApp number').fill('0803 123');
  await admin.getByRole('button', { name: 'Save settings' }).first().click();
  await expect(admin.locator('#whatsappNumber-error')).toHaveText(
    'Please enter a Nigerian mobile number, e.g. 0803 123 4567.',
  );
  await admin.getByLabel('WhatsApp number').fill(TYPED);
  await admin.getByRole('button', { name: 'Save settings' }).first().click();
  await expect(admin.getByText('Settings saved. The store uses them from now on.')).toBeVisible();
  await expect(admin.getByLabel('WhatsApp number')).toHaveValue('+234 803 123 4567');
});

test.afterAll(async () => {
  await admin?.context().close();
});

type Seen = { whatsapp: string[]; redirects: { status: number; headers: Record<string, string> }[] };

/**
 * Answers every request to wa.me in this context with a stand-in page, and keeps what was asked: the wa.me addresses,
 * and the store's answers to /whatsapp/ask (passed on to the browser as they are, redirect included).
 */
async function fakeWhatsApp(context: BrowserContext): Promise<Seen> {
  const seen: Seen = { whatsapp: [], redirects: [] };
  await context.route('https://wa.me/**', async (route) => {
    seen.whatsapp.push(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title><p>WhatsApp</p>' });
  });
  await context.route('**/whatsapp/ask?*', async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    seen.redirects.push({ status: response.status(), headers: response.headers() });
    await route.fulfill({ response });
  });
  return seen;
}

async function expectNewTab(link: Locator) {
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

test('the footer’s chat carries the number set on /admin/settings', async ({ page }) => {
  await page.goto('/');
  const chat = page.getByRole('contentinfo').getByRole('link', { name: 'Chat on WhatsApp' });
  await expect(chat).toHaveAttribute('href', waLink(NUMBER, `Hello ${storeName}, I have a question.`));
  await expectNewTab(chat);
});

test('the product page shares its name and address, with no script of WhatsApp’s', async ({ page, baseURL }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) outside.push(request.url());
  });
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  const share = page.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(share).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`${product.name}: ${baseURL}/product/${product.id}`)}`,
  );
  await expectNewTab(share);
  expect(outside).toEqual([]);
});

/** Chooses the last size and the last colour the page offers (not the preselected first); returns them. */
async function chooseLast(page: Page): Promise<{ size: string; color: string }> {
  const chosen = { size: '', color: '' };
  for (const [group, key] of [
    [/^Size/, 'size'],
    [/^Color/, 'color'],
  ] as const) {
    const radios = page.getByRole('group', { name: group }).getByRole('radio');
    const value = await radios.last().inputValue();
    await page.getByRole('group', { name: group }).locator('label').last().click();
    await expect(radios.last()).toBeChecked();
    chosen[key] = value;
  }
  return chosen;
}

/** Clicks "Ask about this piece" and checks where WhatsApp was opened: the store's redirect, then wa.me. */
async function askAndCheck(page: Page, ask: Locator, seen: Seen, baseURL: string, chosen: Record<string, string>) {
  const popup = page.waitForEvent('popup', { timeout: 10_000 });
  await ask.click();
  const tab = await popup;
  await expect.poll(() => seen.whatsapp.length).toBe(1);
  const text =
    `Hello ${storeName}, I'd like to ask about ${product.name} (size ${chosen.size}, colour ${chosen.color}): ` +
    `${baseURL}/product/${product.id}`;
  // The store's own route sent it there: a 302 kept by no cache.
  expect(seen.redirects).toEqual([
    {
      status: 302,
      headers: expect.objectContaining({ location: waLink(NUMBER, text), 'cache-control': 'no-store' }),
    },
  ]);
  // As the browser asked for it (its URL parser also encodes the apostrophe): the number, and the one text.
  const opened = new URL(seen.whatsapp[0]);
  expect(opened.origin + opened.pathname).toBe(`https://wa.me/${NUMBER}`);
  expect([...opened.searchParams]).toEqual([['text', text]]);
  await expect(tab.getByText('WhatsApp')).toBeVisible();
  await tab.close();
}

test('“Ask about this piece” with JavaScript: the size and colour chosen', async ({ page, baseURL }) => {
  const seen = await fakeWhatsApp(page.context());
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  const chosen = await chooseLast(page);
  const ask = page.getByRole('link', { name: 'Ask about this piece on WhatsApp' });
  await expectNewTab(ask);
  await askAndCheck(page, ask, seen, baseURL!, chosen);
});

test('“Ask about this piece” without JavaScript: the form sends the choice', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const seen = await fakeWhatsApp(context);
    await page.goto(`/product/${product.id}`);
    const chosen = await chooseLast(page);
    const ask = page.getByRole('button', { name: 'Ask about this piece on WhatsApp' });
    await askAndCheck(page, ask, seen, baseURL!, chosen);
    // The product page stays as it was, the choice kept.
    await expect(page).toHaveURL(`/product/${product.id}`);
  } finally {
    await context.close();
  }
});

test('the order page’s “Ask about this order” names the order', async () => {
  await admin.goto(`/orders/${order.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: `Order #${order.number}` })).toBeVisible();
  const ask = admin.getByRole('link', { name: 'Ask about this order on WhatsApp' });
  await expect(ask).toHaveAttribute(
    'href',
    waLink(NUMBER, `Hello ${storeName}, I have a question about my order #${order.number}.`),
  );
  await expectNewTab(ask);
});
