/** Shared steps of the end-to-end specs: accounts, the cart, the store's database and its mail outbox. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, PAGE_SCRIPTS, type Browser, type Page } from './fixtures';
import PgBoss from 'pg-boss';
import postgres from 'postgres';
import { clusterDir } from '../../scripts/lib/cluster-location';

export const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'store-e2e');
export const outbox = path.join(dataDir, 'outbox');
export const uniqueEmail = (tag: string) => `${tag}.${Date.now()}${Math.floor(Math.random() * 100_000)}@example.com`;

export const header = (page: Page) => page.getByRole('banner');
export const cartLink = (page: Page, count: number) =>
  header(page).getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });

/** The address of the store's database, as the running server uses it (port from the lock file, password beside it). */
function storeDatabaseUrl() {
  // As root the cluster of an owner-only data folder lives outside it (scripts/lib/cluster-location.ts).
  const cluster = clusterDir(path.join(dataDir, 'postgres'));
  const lock = fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, 'postgres', 'password'), 'utf8').trim();
  return `postgres://postgres:${password}@127.0.0.1:${lock[3]}/store`;
}

/** The store's database, as the running server uses it. */
export function storeDatabase() {
  return postgres(storeDatabaseUrl(), { max: 1, onnotice: () => {} });
}

/**
 * Queues a run of one of the store's scheduled jobs ('payment-sweep', 'unpaid-reminders': app/server/jobs/queues.server.ts)
 * now, rather than waiting for its minute: the store's own worker picks it up within its poll (2 s). A run already
 * waiting is enough (the queues are `stately`).
 */
export async function runStoreJob(queue: 'payment-sweep' | 'unpaid-reminders') {
  const boss = new PgBoss({
    connectionString: storeDatabaseUrl(),
    schema: 'pgboss',
    max: 1,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on('error', () => {});
  await boss.start();
  try {
    await boss.send(queue, {});
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

/** root.tsx sets this attribute once React has hydrated the page. */
const HYDRATED = 'html[data-hydrated]';

/**
 * Waits until React has taken over the page (root.tsx marks <html>). The scripts start only after the first
 * paint (decision 0010); a click before then submits the plain HTML form, which works but is the other path.
 */
export async function hydrated(page: Page) {
  await expect(page.locator(HYDRATED)).toBeAttached();
}

/**
 * Holds back the page's scripts, as a slow link does, until the returned function lets them through; it then
 * waits for hydration. For what a shopper does on the plain page before the scripts arrive.
 */
export async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(PAGE_SCRIPTS, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    expect(await page.locator(HYDRATED).count(), 'the page was hydrated before its scripts were let through').toBe(0);
    release();
    await hydrated(page);
  };
}

/**
 * Passwords must not be easy to guess (app/server/accounts/password-strength.server.ts), so the default is a few
 * words.
 */
export const E2E_PASSWORD = 'secret-lantern-pass';

/**
 * Registers, then signs in from the "Check Your Email" page: registering never signs in, so a known address gets the
 * same answer as a new one (docs/requirements.md#14-messages).
 */
export async function register(page: Page, email: string, password = E2E_PASSWORD) {
  await submitRegistration(page, email, password);
  await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).click();
  await submitSignIn(page, email, password);
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/** Fills and sends /register; the page then says to check the email, whether or not the address was new. */
export async function submitRegistration(
  page: Page,
  email: string,
  password = E2E_PASSWORD,
  name = ['Tolu', 'Adeyemi'],
) {
  await page.goto('/register');
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill(name[0]);
  await main.getByLabel('Last name').fill(name[1]);
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByLabel('Confirm password').fill(password);
  await main.getByLabel(/I agree to the/).check();
  await main.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
}

/** Fills and sends the sign-in form of the page open now (/login, or wherever the form is shown). */
export async function submitSignIn(page: Page, email: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/**
 * Opens the email-confirmation link of the newest mail to `email` in the store's outbox (it goes out just after
 * registering), as the address's owner would, and presses the page's button: opening the link alone confirms nothing.
 */
export async function confirmEmail(page: Page, email: string) {
  const pattern = /https?:\/\/\S+\/verify-email\?token=[\w.-]+/;
  const url = new URL(pattern.exec(await mailTo(email, pattern))![0]);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email Confirmed' })).toBeVisible();
}

/**
 * `npm run admin:grant -- email`, as an operator runs it against the running store: lists and invites the address.
 * Returns the invitation link's path, read from what the command prints (decision 0026).
 */
export async function grantAdmin(email: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/admin-grant.ts', email], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '' },
  });
  const link = /https?:\/\/\S+(\/admin-invitation\?token=[\w-]+)/.exec(stdout)?.[1];
  expect(link, `admin:grant printed an invitation link:\n${stdout}`).toBeTruthy();
  return link!;
}

/**
 * Answers an invitation at `link` as its invitee: a password (and a name when the address has no account yet), then
 * signed in at /admin.
 */
export async function acceptInvitation(page: Page, link: string, password: string) {
  await page.goto(link);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Accept Your Admin Invitation' })).toBeVisible();
  const firstName = main.getByLabel('First name');
  if (await firstName.count()) {
    await firstName.fill('Funke');
    await main.getByLabel('Last name').fill('Bello');
  }
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByLabel('Confirm password').fill(password);
  await main.getByRole('button', { name: 'Set Password and Accept' }).click();
  await expect(page).toHaveURL('/admin');
}

export async function signOut(page: Page) {
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
}

/** Fills the checkout's shipping details with a Lagos address; returns the form. */
export async function fillShipping(page: Page) {
  const form = page.getByRole('form', { name: 'Shipping details' });
  await form.getByLabel('Address', { exact: true }).fill('12 Admiralty Way');
  await form.getByLabel('Town').fill('Lekki');
  await form.getByLabel('State').selectOption('Lagos');
  await form.getByLabel('Phone').fill('0803 123 4567');
  return form;
}

/** The Paystack pop-up the checkout opens over the page (the simulator's look-alike of Paystack's inline script). */
/**
 * A new customer, in a browser context of their own, registers, buys something and pays by card in the pop-up;
 * the context is closed after. The order's id.
 */
export async function paidOrderByCard(browser: Browser, email: string): Promise<string> {
  const shopper = await (await browser.newContext()).newPage();
  await register(shopper, email);
  await addSomethingToCart(shopper);
  await shopper.goto('/checkout');
  await hydrated(shopper);
  await (await fillShipping(shopper)).getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(shopper).getByRole('button', { name: 'Pay' }).click();
  await expect(shopper).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  const orderId = /\/order-success\/([0-9a-z]{14})$/.exec(shopper.url())![1];
  await shopper.context().close();
  return orderId;
}

export const paystackPopup = (page: Page) => page.frameLocator('iframe[title="Paystack checkout"]');

/** Adds the first product whose preselected size and colour can be bought; returns its name. Works with JS off too. */
export async function addSomethingToCart(page: Page, { js = true } = {}): Promise<string> {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const urls = [...xml.matchAll(/<loc>([^<]+\/product\/[0-9a-z]{14})<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  // Every spec buys from the first products: a size and colour running low ('Only N left') is passed over first, so
  // a spec adding it twice does not meet the last unit another spec left; the second round takes any.
  for (const lowStockToo of [false, true]) {
    for (const url of urls) {
      await page.goto(url);
      if (js) await hydrated(page);
      const add = page.locator('#add-to-cart').getByRole('button', { name: 'Add to cart', exact: true });
      if (!(await add.count()) || !(await add.isEnabled())) continue;
      const low = page.getByRole('main').getByText(/^Only \d+ left/);
      if (!lowStockToo && (await low.count())) continue;
      await add.click();
      await expect(page.getByRole('status').filter({ hasText: 'Product added to cart!' })).toBeVisible();
      return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    }
  }
  throw new Error('no product could be added');
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The newest outbox mail to `to` whose text matches `pattern` (waits: mails go out just after the page answers). */
export async function mailTo(to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
      for (const file of files) {
        const text = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
        if (text.includes(`To: ${to}`) && pattern.test(text)) return (found = text);
      }
      return '';
    })
    .not.toBe('');
  return found;
}

/** Collects what the browser refuses under the Content-Security-Policy (it reports each on the console). */
export function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/**
 * Tells the store's Paystack simulator to act as the bank or Paystack would (confirm a pending transfer, …), through
 * its control endpoint and the per-run token the store wrote to $DATA_DIR
 * (server/paystack-simulator/control.server.ts).
 */
export async function simulatorControl(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const control = JSON.parse(fs.readFileSync(path.join(dataDir, 'paystack-simulator.json'), 'utf8')) as {
    baseUrl: string;
    controlToken: string;
  };
  const response = await fetch(`${control.baseUrl}/__control`, {
    method: 'POST',
    headers: { authorization: `Bearer ${control.controlToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The payment reference an order page shows (pj-…, or pj_… from before decision 0029). */
export async function shownReference(page: Page): Promise<string> {
  const text = await page
    .getByText(/^pj(-\d{13}-|_\d{13}_)[0-9a-z]+$/)
    .first()
    .textContent();
  return text!.trim();
}

/** An admin account for a spec: invited with admin:grant, as an operator would, and the invitation accepted. */
export async function createAdmin(browser: Browser, admin: { email: string; password: string }) {
  const link = await grantAdmin(admin.email);
  const page = await browser.newPage();
  await acceptInvitation(page, link, admin.password);
  await page.close();
}

/** A page of its own (JavaScript on or off) signed in as `admin`, at `where` in the admin area. */
export async function adminPageAt(
  browser: Browser,
  admin: { email: string; password: string },
  where: string,
  javaScriptEnabled = true,
): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(where)}`);
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(admin.email);
  await main.getByLabel('Password').fill(admin.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(where);
  return page;
}

/**
 * A paid order for this customer, as checkout would leave it, written straight into the store's database so an admin
 * spec does not depend on checkout. `status`: the order's fulfilment status (a new order's is pending).
 */
export async function insertPaidOrder(email: string, { reference = '', status = 'pending' } = {}) {
  const sql = storeDatabase();
  try {
    const [user] = await sql`select id from users where email = ${email}`;
    const [product] = await sql`select id, name, price from products order by name limit 1`;
    const id = Array.from(
      { length: 14 },
      () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 36)],
    ).join('');
    const paymentReference = reference || `pj_${Date.now()}_${id.slice(0, 6)}`;
    const address = {
      firstName: 'Amaka',
      lastName: 'Eze',
      country: 'Nigeria',
      address: '2 Awolowo Road',
      city: 'Ikoyi',
      state: 'Lagos',
      phone: '+234 803 000 0001',
      email,
    };
    await sql`insert into orders (id, user_id, status, payment_status, payment_reference, subtotal, shipping, total,
        shipping_address, stock_state, paid_at)
      values (${id}, ${user.id}, ${status}, 'paid', ${paymentReference}, ${product.price}, 260000,
        ${product.price + 260000}, ${sql.json(address)}, 'committed', now())`;
    await sql`insert into order_items (order_id, position, product_id, name, unit_price, size, color, quantity)
      values (${id}, 0, ${product.id}, ${product.name}, ${product.price}, 'M', 'Black', 1)`;
    return { id, reference: paymentReference, number: id.slice(-8).toUpperCase() };
  } finally {
    await sql.end();
  }
}
