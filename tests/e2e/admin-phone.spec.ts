/**
 * The admin on a 390 px phone (docs/requirements.md#12-admin-area): every admin list fits the screen (no element
 * right of it, no sideways scroll) with touch targets of 44 px; an order's status changes from its card in one tap
 * and Undo puts it back, with JavaScript and without; the order page's "WhatsApp the customer" names the order.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { adminPageAt, createAdmin, hydrated, insertPaidOrder, register, uniqueEmail } from './support';

const PHONE = { width: 390, height: 844 };
const admin = { email: uniqueEmail('phone.admin'), password: 'phone-admin-lantern-pass' };

const LISTS = [
  '/admin',
  '/admin/orders',
  '/admin/products',
  '/admin/promo-codes',
  '/admin/collections',
  '/admin/reviews',
  '/admin/delivery',
  '/admin/size-sets',
  '/admin/colours',
  '/admin/size-guides',
  '/admin/admins',
  '/admin/inbox',
];

/** Every shown element whose right edge is past the screen's, named for the failure message; and the page's width. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const past = [...document.body.querySelectorAll('*')].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (!box.width || !box.height || box.right <= width + 0.5) return [];
      // A closed <details>'s content (the header's search) is laid out but not shown.
      if (!element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) return [];
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return [`${element.tagName.toLowerCase()}.${element.className} "${text}" right=${Math.round(box.right)}`];
    });
    return { past: past.slice(0, 10), scrollWidth: document.scrollingElement!.scrollWidth };
  });
}

/**
 * The page's buttons and selects, the links of its lists (table rows, the dashboard's recent orders and products),
 * shorter than 44 px.
 */
async function smallTargets(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        [
          'main button',
          'main select',
          'main tbody a',
          '[aria-labelledby="recent-orders-heading"] a',
          '[aria-labelledby="recent-products-heading"] a',
        ].join(', '),
      ),
    ].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (!box.width || box.height >= 43.5 || !element.checkVisibility({ visibilityProperty: true })) return [];
      return [`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}" ${box.height}`];
    }),
  );
}

/** A customer with an account (registered on a desktop screen) and a paid order in the given status. */
async function customerOrder(browser: Browser, tag: string, status = 'pending') {
  const email = uniqueEmail(tag);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await register(await context.newPage(), email);
  await context.close();
  return { ...(await insertPaidOrder(email, { status })), email };
}

test.beforeAll(async ({ browser }) => {
  await createAdmin(browser, admin);
});

test('every admin list fits a 390 px screen, with touch targets of 44 px', async ({ browser }) => {
  await customerOrder(browser, 'phone.customer');
  const page = await adminPageAt(browser, admin, '/admin');
  await page.setViewportSize(PHONE);
  for (const path of LISTS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { past, scrollWidth } = await overflow(page);
    expect(past, `${path}: elements right of the screen`).toEqual([]);
    expect(scrollWidth, `${path}: the page's width`).toBeLessThanOrEqual(PHONE.width);
    expect(await smallTargets(page), `${path}: touch targets under 44 px`).toEqual([]);
  }
  // Desktop keeps its tables.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/orders');
  await expect(page.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
});

/** The admin's other pages: forms and settings, which hold no list but must not scroll sideways either. */
const FORMS = [
  '/admin/products/new',
  '/admin/products/import',
  '/admin/collections/new',
  '/admin/colours/new',
  '/admin/size-sets/new',
  '/admin/size-guides/new',
  '/admin/delivery/new',
  '/admin/promo-codes/new',
  '/admin/mail-failures',
  '/admin/settings',
];

test('no other admin page scrolls sideways at 390 px', async ({ browser }) => {
  const page = await adminPageAt(browser, admin, '/admin');
  await page.setViewportSize(PHONE);
  for (const path of FORMS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { past, scrollWidth } = await overflow(page);
    expect(past, `${path}: elements right of the screen`).toEqual([]);
    expect(scrollWidth, `${path}: the page's width`).toBeLessThanOrEqual(PHONE.width);
  }
});

for (const javaScriptEnabled of [true, false]) {
  test(`an order's status changes from its card in one tap, and Undo puts it back (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const order = await customerOrder(browser, 'phone.card');
    const page = await adminPageAt(browser, admin, `/admin/orders?q=${order.reference}`, javaScriptEnabled);
    await page.setViewportSize(PHONE);
    if (javaScriptEnabled) await hydrated(page);
    // On a phone the table's row is the order's card.
    const card = page.getByRole('row').filter({ hasText: `#${order.number}` });
    await expect(card).toContainText(order.email);
    await expect(card).toContainText('₦');
    await expect(card).toContainText('Paid');
    await card.getByRole('button', { name: `Mark processing: order #${order.number}` }).click();
    const line = page.getByRole('status').filter({ hasText: `Order #${order.number} marked Processing.` });
    await expect(line).toBeVisible();
    await expect(page.getByLabel(`Status of order #${order.number}`)).toHaveValue('processing');
    await line.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Order #${order.number} marked Pending.` })).toBeVisible();
    await expect(page.getByLabel(`Status of order #${order.number}`)).toHaveValue('pending');
    await page.reload();
    await expect(page.getByLabel(`Status of order #${order.number}`)).toHaveValue('pending');
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`a processing order ships from its card in one tap, with Undo (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const order = await customerOrder(browser, 'phone.ship', 'processing');
    const page = await adminPageAt(browser, admin, `/admin/orders?q=${order.reference}`, javaScriptEnabled);
    await page.setViewportSize(PHONE);
    if (javaScriptEnabled) await hydrated(page);
    const card = page.getByRole('row').filter({ hasText: `#${order.number}` });
    const form = card.getByRole('form', { name: `Ship order #${order.number}` });
    expect((await overflow(page)).past, 'the card with its shipping form').toEqual([]);
    await form.getByLabel('Carrier').fill('GIG Logistics');
    await form.getByLabel('Tracking number (optional)').fill('GIG-390');
    await form.getByRole('button', { name: `Mark shipped: order #${order.number}` }).click();
    const line = page.getByRole('status').filter({ hasText: `Order #${order.number} marked Shipped.` });
    await expect(line).toBeVisible();
    await expect(page.getByLabel(`Status of order #${order.number}`)).toHaveValue('shipped');
    await line.getByRole('button', { name: 'Undo' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Order #${order.number} marked Processing.` }),
    ).toBeVisible();
    await expect(page.getByLabel(`Status of order #${order.number}`)).toHaveValue('processing');
    // Back on the list, the card has the store's last carrier filled in: shipping is one tap.
    await expect(form.getByLabel('Carrier')).not.toHaveValue('');
    await form.getByRole('button', { name: `Mark shipped: order #${order.number}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Order #${order.number} marked Shipped.` })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(`Status of order #${order.number}`)).toHaveValue('shipped');
    await expect(form).toHaveCount(0);
  });
}

test('the order page has "WhatsApp the customer", naming the order and its status', async ({ browser }) => {
  const order = await customerOrder(browser, 'phone.chat');
  const page = await adminPageAt(browser, admin, `/admin/orders/${order.id}`);
  await page.setViewportSize(PHONE);
  const link = page.getByRole('link', { name: 'WhatsApp the customer' });
  await expect(link).toBeVisible();
  const href = new URL((await link.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://wa.me/2348030000001');
  expect(href.searchParams.get('text')).toContain(`order #${order.number} is pending`);
  const { past } = await overflow(page);
  expect(past, 'the order page: elements right of the screen').toEqual([]);
});
