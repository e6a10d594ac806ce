/**
 * Every route of app/routes.ts, audited as the roles that can see it (docs/requirements.md, the accessibility quality
 * bar; decision 0047): a visitor, a customer with a cart and a delivered order, and an admin, each in one browser
 * context with JavaScript on. Each dynamic segment gets a real row: a product, a collection, the customer's order and
 * its review, a chargeback, a catalog import, and the seeded colours, size sets, size guides, delivery zones and
 * promo codes. Each page passes the checks of page-audit.ts (axe's WCAG 2.2 A/AA and best-practice rules,
 * html-validate's standard rules, no sideways scroll at 320 px); so do the forms of sign-in, registration, contact
 * and checkout once a submission has failed and shows its errors.
 *
 * A route nobody listed below fails the first test, as tests/integration/authorization.test.ts does: a page goes in
 * PAGES with who sees it, anything else in NOT_A_PAGE with why.
 * It runs in the admin project (playwright.config.ts): it buys, imports a CSV and opens a chargeback.
 */
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import routes from '../../app/routes';
import { expect, test, type Browser, type Page } from './fixtures';
import { auditPage } from './page-audit';
import {
  addSomethingToCart,
  dataDir,
  fillShipping,
  grantAdmin,
  acceptInvitation,
  hydrated,
  mailTo,
  paystackPopup,
  register,
  simulatorControl,
  storeDatabase,
  uniqueEmail,
} from './support';

type Role = 'visitor' | 'customer' | 'admin';
type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** The full paths of app/routes.ts (layouts without a path add none of their own). */
function routePaths(entries = routes as RouteEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ''].filter(Boolean).join('/');
    const children = routePaths(entry.children ?? [], full);
    const isLayout = entry.path === undefined && !entry.index && entry.children !== undefined;
    return isLayout ? children : [`/${full}`, ...children];
  });
}

const EVERYONE: Role[] = ['visitor', 'customer', 'admin'];
/**
 * The storefront as the admin sees it differs from a customer's only by the header's Admin Panel link
 * (components/header-shopper.tsx): the admin audits it on the home and product pages, not on every storefront page.
 */
const SHOPPERS: Role[] = ['visitor', 'customer'];

/** Every page, with the roles that see it (a signed-in user is sent away from the guest pages, a visitor to /login). */
const PAGES: Record<string, Role[]> = {
  '/': EVERYONE,
  '/collections': SHOPPERS,
  '/new-arrivals': SHOPPERS,
  '/collections/:collectionId': SHOPPERS,
  '/product/:id': EVERYONE,
  '/about': SHOPPERS,
  '/contact': SHOPPERS,
  '/terms': SHOPPERS,
  '/privacy': SHOPPERS,
  '/cart': SHOPPERS,
  '/wishlist': SHOPPERS,
  '/checkout': SHOPPERS,
  '/offline': SHOPPERS,
  '/404': SHOPPERS,
  '/*': SHOPPERS,
  '/register': ['visitor'],
  '/login': ['visitor'],
  '/forgot-password': ['visitor'],
  // The pages of a mailed link, opened with a real token: the link is the proof, not a session.
  '/reset-password': ['visitor'],
  '/verify-email': ['visitor'],
  '/admin-invitation': ['visitor'],
  '/unsubscribe': ['visitor'],
  '/back-in-stock/confirm': ['visitor'],
  '/account': ['customer'],
  '/orders': ['customer'],
  '/orders/:orderId': ['customer'],
  '/orders/:orderId/review/:position': ['customer'],
  '/order-success/:id': ['customer'],
  '/admin': ['admin'],
  '/admin/products': ['admin'],
  '/admin/products/import': ['admin'],
  '/admin/products/import/:id': ['admin'],
  '/admin/products/new': ['admin'],
  '/admin/products/edit/:id': ['admin'],
  '/admin/collections': ['admin'],
  '/admin/collections/new': ['admin'],
  '/admin/collections/edit/:id': ['admin'],
  '/admin/collections/edit/:id/sale': ['admin'],
  '/admin/colours': ['admin'],
  '/admin/colours/new': ['admin'],
  '/admin/colours/edit/:id': ['admin'],
  '/admin/size-sets': ['admin'],
  '/admin/size-sets/new': ['admin'],
  '/admin/size-sets/edit/:id': ['admin'],
  '/admin/size-guides': ['admin'],
  '/admin/size-guides/new': ['admin'],
  '/admin/size-guides/edit/:id': ['admin'],
  '/admin/orders': ['admin'],
  '/admin/orders/:orderId': ['admin'],
  '/admin/orders/:orderId/disputes/:disputeId': ['admin'],
  '/admin/settings': ['admin'],
  '/admin/settings/mails': ['admin'],
  '/admin/delivery': ['admin'],
  '/admin/delivery/new': ['admin'],
  '/admin/delivery/edit/:id': ['admin'],
  '/admin/promo-codes': ['admin'],
  '/admin/promo-codes/new': ['admin'],
  '/admin/promo-codes/edit/:id': ['admin'],
  '/admin/inbox': ['admin'],
  '/admin/mail-failures': ['admin'],
  '/admin/reviews': ['admin'],
  '/admin/admins': ['admin'],
};

/** Routes that answer with something other than a page of their own, and why. */
const NOT_A_PAGE: Record<string, string> = {
  '/newsletter': 'POST only: the footer form, answered on the page it came from',
  '/whatsapp/ask': "a redirect to the store's WhatsApp chat",
  '/logout': 'POST only: signs out and goes home',
  '/back-in-stock': "POST only: the product page's form, answered back on the product page",
  '/orders/:orderId/payment': "a redirect back from Paystack to the order's page",
  '/checkout/callback': 'a redirect back from Paystack to the order-success page or to checkout',
  '/checkout/payment-status': "JSON for the Paystack pop-up's close",
  '/delivery-estimate': "JSON for the product page's Delivery panel",
  '/admin/launch/demo-catalog': "POST only: the launch checklist's button, answered on the dashboard",
  '/admin/products/export': 'a CSV file',
  '/admin/uploads': "the product form's picture uploads (POST, JSON)",
  '/admin/orders/export': 'a CSV file',
  '/admin/delivery/reviewed': "POST only: the delivery page's 'zones reviewed' button",
  '/admin/inbox/subscribers-export': 'a CSV file',
  '/webhooks/paystack': "Paystack's server-to-server events (POST, JSON)",
  '/healthz': "the process manager's health check (text)",
  '/sitemap.xml': 'XML for search engines',
  '/robots.txt': 'text for search engines',
  '/manifest.webmanifest': 'the web app manifest (JSON)',
  '/icons/:file': 'PNG icons',
  '/sw.js': "the service worker's script",
};

const table = routePaths();

test('every route of app/routes.ts is listed as a page with its roles or as not a page', () => {
  expect(table.length).toBeGreaterThan(40);
  const unlisted = table.filter((url) => !(url in PAGES) && !(url in NOT_A_PAGE));
  expect(unlisted, 'routes to add to PAGES (who sees them) or NOT_A_PAGE (why) in this spec').toEqual([]);
  const stale = [...Object.keys(PAGES), ...Object.keys(NOT_A_PAGE)].filter((url) => !table.includes(url));
  expect(stale, 'entries for routes app/routes.ts no longer has').toEqual([]);
});

const PASSWORD = 'audit-lantern-pass';
/** A route's address, its segments filled from the rows made below (and the query of a mailed link's page). */
const where: Record<string, string> = { '/*': '/no-such-page' };
const params: Record<string, string> = { position: '0' };
const address = (pattern: string) =>
  where[pattern] ?? pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? `:${name}`);
const visited: Record<Role, string[]> = { visitor: [], customer: [], admin: [] };

/** Opens the page of `pattern` as `role`, waits for hydration and audits the HTML the server sent. */
async function visit(page: Page, role: Role, pattern: string) {
  const url = address(pattern);
  expect(url, `${pattern}: a value for each segment`).not.toContain(':');
  const response = await page.goto(url);
  await hydrated(page);
  visited[role].push(pattern);
  await auditPage(page, `${role} ${url}`, { html: await response!.text() });
}

/** Audits a form page after a failed submission: the fields it marks invalid are shown with their errors. */
async function auditFailed(page: Page, role: Role, label: string) {
  await expect(page.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
  await auditPage(page, `${role} ${label} (after a failed submission)`);
}

/**
 * One row of each kind the admin's edit pages need, from the seeded store; the product has sizes (and so a size
 * guide) and as many approved reviews as any, so its page shows them.
 */
async function seededRows() {
  const sql = storeDatabase();
  try {
    const one = async (query: Promise<{ id: string | number }[]>) => String((await query)[0].id);
    const [product] = await sql<{ id: string; collectionId: string; name: string; size: string; color: string }[]>`
      select id, collection_id as "collectionId", name, coalesce(sizes[1], '') as size, coalesce(colors[1], '') as color
      from products p where in_stock and drops_at is null and size_set_id is not null and collection_id is not null
      order by (select count(*) from reviews r where r.product_id = p.id and r.status = 'approved') desc, created_at, id
      limit 1`;
    return {
      product,
      colour: await one(sql`select id from colours order by id limit 1`),
      sizeSet: await one(sql`select id from size_sets order by id limit 1`),
      sizeGuide: await one(sql`select id from size_guides order by id limit 1`),
      zone: await one(sql`select id from delivery_zones order by id limit 1`),
      promo: await one(sql`select id from promo_codes order by id limit 1`),
    };
  } finally {
    await sql.end();
  }
}

/** A back-in-stock alert waiting for its "confirm you want this alert" link; the link's token. */
async function pendingAlert(product: { id: string; size: string; color: string }, email: string) {
  const token = createHash('sha256').update(`${email}${Date.now()}`).digest('base64url');
  const sql = storeDatabase();
  try {
    await sql`insert into back_in_stock_requests (product_id, size, color, email, mailbox, confirm_token_hash)
      values (${product.id}, ${product.size}, ${product.color}, ${email}, ${email},
        ${createHash('sha256').update(token).digest('hex')})`;
  } finally {
    await sql.end();
  }
  return token;
}

/** A marketing mail's unsubscribe token for `email`, signed as app/server/marketing/unsubscribe.server.ts signs it. */
function unsubscribeToken(email: string) {
  const secret = fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
  const mac = createHmac('sha256', secret).update(`unsubscribe\u0000${email}`).digest('base64url');
  return `${Buffer.from(email, 'utf8').toString('base64url')}.${mac}`;
}

/** The customer registers, pays for an order by card, has it delivered, and fills a cart again. */
async function customerWithOrder(page: Page, email: string) {
  await register(page, email);
  await addSomethingToCart(page);
  await page.goto('/checkout');
  await hydrated(page);
  await (await fillShipping(page)).getByRole('button', { name: /^Pay ₦/ }).click();
  await paystackPopup(page).getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  params.orderId = /\/order-success\/([0-9a-z]{14})$/.exec(page.url())![1];
  where['/order-success/:id'] = `/order-success/${params.orderId}`;
  const sql = storeDatabase();
  try {
    const [{ reference }] = await sql<{ reference: string }[]>`
      select payment_reference as reference from orders where id = ${params.orderId}`;
    await sql`update orders set status = 'delivered' where id = ${params.orderId}`;
    // The customer's bank disputes the payment, for the admin's chargeback page.
    await simulatorControl({ action: 'dispute', reference, event: 'create' });
    const [{ id }] = await sql<{ id: number }[]>`select id from disputes where order_id = ${params.orderId}`;
    params.disputeId = String(id);
  } finally {
    await sql.end();
  }
  await addSomethingToCart(page);
}

/** The admin's catalog import, stopped at its preview (nothing applied): its page shows the row it refuses. */
async function importPreview(page: Page) {
  await page.goto('/admin/products/import');
  const csv = 'Name,Description,Category,Price (NGN)\nAudit Cap,A cap.,Accessories,-1\n';
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'audit.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { name: 'Import preview' })).toBeVisible();
  params.importId = /\/admin\/products\/import\/([^/?#]+)/.exec(page.url())![1];
}

async function contextPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

const pagesOf = (role: Role) => Object.keys(PAGES).filter((pattern) => PAGES[pattern].includes(role));

test('every page passes axe, html-validate and the 320 px reflow check, as each role that sees it', async ({
  browser,
}) => {
  // About two minutes on an idle machine; the margin is for a machine busy with other work.
  test.setTimeout(600_000);
  const customerEmail = uniqueEmail('audit.customer');
  const adminEmail = uniqueEmail('audit.admin');
  const rows = await seededRows();
  Object.assign(params, { id: rows.product.id, collectionId: rows.product.collectionId });
  const invitation = await grantAdmin(adminEmail);

  await test.step('customer', async () => {
    const page = await contextPage(browser);
    await customerWithOrder(page, customerEmail);
    for (const pattern of pagesOf('customer')) await visit(page, 'customer', pattern);
    await page.context().close();
  });

  await test.step('visitor', async () => {
    const page = await contextPage(browser);
    where['/verify-email'] = /\/verify-email\?token=[\w.-]+/.exec(await mailTo(customerEmail, /verify-email/))![0];
    where['/admin-invitation'] = invitation;
    where['/unsubscribe'] = `/unsubscribe?t=${unsubscribeToken(customerEmail)}`;
    where['/back-in-stock/confirm'] =
      `/back-in-stock/confirm?token=${await pendingAlert(rows.product, uniqueEmail('audit.alert'))}`;
    await page.goto('/forgot-password');
    await page.getByRole('main').getByLabel('Email').fill(customerEmail);
    await page.getByRole('main').getByRole('button', { name: 'Send Reset Link' }).click();
    where['/reset-password'] = /\/reset-password\?token=[\w.-]+/.exec(
      await mailTo(customerEmail, /reset-password/),
    )![0];
    await addSomethingToCart(page);
    for (const pattern of pagesOf('visitor')) await visit(page, 'visitor', pattern);

    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('main').getByLabel('Email').fill(customerEmail);
    await page.getByRole('main').getByLabel('Password').fill('not-the-password');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await auditFailed(page, 'visitor', '/login');
    for (const [url, button] of [
      ['/register', 'Create Account'],
      ['/contact', 'Send message'],
      ['/checkout', /^Pay ₦/],
    ] as const) {
      await page.goto(url);
      await hydrated(page);
      await page.getByRole('main').getByRole('button', { name: button }).click();
      await auditFailed(page, 'visitor', url);
    }
    await page.context().close();
  });

  await test.step('admin', async () => {
    const page = await contextPage(browser);
    await acceptInvitation(page, invitation, PASSWORD);
    await importPreview(page);
    const edits = {
      '/admin/products/edit/:id': rows.product.id,
      '/admin/collections/edit/:id': rows.product.collectionId,
      '/admin/collections/edit/:id/sale': rows.product.collectionId,
      '/admin/colours/edit/:id': rows.colour,
      '/admin/size-sets/edit/:id': rows.sizeSet,
      '/admin/size-guides/edit/:id': rows.sizeGuide,
      '/admin/delivery/edit/:id': rows.zone,
      '/admin/promo-codes/edit/:id': rows.promo,
      '/admin/products/import/:id': params.importId,
    };
    for (const [pattern, id] of Object.entries(edits)) where[pattern] = pattern.replace(':id', id);
    for (const pattern of pagesOf('admin')) await visit(page, 'admin', pattern);
    await page.context().close();
  });

  for (const role of EVERYONE) expect(visited[role], `${role}: every page of theirs visited`).toEqual(pagesOf(role));
});
