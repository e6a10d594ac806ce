/**
 * A shopper on a 320 px wide screen buys with the keyboard alone (docs/requirements.md#2-header-footer-and-every-page): from the
 * home page to a product, a size and colour, the cart, checkout as a new shopper (address, delivery, account), the
 * Paystack simulator (its pop-up with JavaScript, its own page without) and the order's page. Focus moves only by
 * Tab and Shift+Tab, controls are worked with Enter, Space, arrow keys and typing; every focus stop must show where
 * the focus is and not be hidden, and no page of the way needs a sideways scroll.
 */
import { expect, test, type Page } from './fixtures';
import { expectNoSidewaysScroll, expectVisibleFocus, tabTo, typeInto } from './keyboard';
import { header, hydrated, uniqueEmail } from './support';

const PASSWORD = 'copper-kettle-lantern';

test.use({ viewport: { width: 320, height: 640 } });

/** Opens `path` and waits for the page as the shopper will use it (hydrated, with JavaScript). */
async function arrive(page: Page, js: boolean, where: string) {
  if (js) await hydrated(page);
  await expectNoSidewaysScroll(page, where);
}

/** Presses Enter or Space on the focused control after checking it shows its focus. */
async function press(page: Page, key: 'Enter' | 'Space' | 'ArrowRight' | 'ArrowDown' | 'ArrowUp', where: string) {
  await expectVisibleFocus(page, where);
  await page.keyboard.press(key);
}

/** Home: "Skip to content" goes past the header; Tab then reaches the first product. Returns the product's name. */
async function homeToProduct(page: Page, js: boolean): Promise<string> {
  await page.goto('/');
  await arrive(page, js, 'home');
  const main = page.getByRole('main');
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }), 'home', { max: 1 });
  await press(page, 'Enter', 'home: skip link');
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page, 'home, after the skip link');
  expect(await main.evaluate((element) => element.contains(document.activeElement)), 'focus is in main').toBe(true);
  const product = main.locator('a[href^="/product/"]').filter({ hasText: /\w/ }).first();
  const name = (await product.textContent())!.trim();
  await tabTo(page, product, 'home');
  await press(page, 'Enter', 'home: product link');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return name;
}

/** A size and a colour other than the preselected ones, by arrow keys; the size guide opened and closed. */
async function chooseAndAdd(page: Page, js: boolean) {
  await arrive(page, js, 'product');
  const form = page.locator('#add-to-cart');
  const sizes = form.getByRole('group', { name: /^Size/ });
  await tabTo(page, sizes.getByRole('radio', { checked: true }), 'product: size');
  await press(page, 'ArrowRight', 'product: size');
  const size = await sizes.getByRole('radio', { checked: true }).getAttribute('value');
  expect(size, 'the arrow key chose the next size').toBe(await sizes.getByRole('radio').nth(1).getAttribute('value'));

  const guide = form.getByRole('link', { name: 'Size guide' });
  await tabTo(page, guide, 'product: size guide link', { max: 1 });
  await press(page, 'Enter', 'product: size guide link');
  const colours = form.getByRole('group', { name: /^Colou?r/ });
  if (js) {
    // The guide opens as a dialog: focus goes into it, Escape closes it and gives focus back to the link.
    const dialog = page.getByRole('dialog', { name: 'Size guide' });
    await expect(dialog).toBeVisible();
    await expectVisibleFocus(page, 'size guide dialog');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoSidewaysScroll(page, 'size guide dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectVisibleFocus(page, 'product: back from the size guide');
    await tabTo(page, colours.getByRole('radio', { checked: true }), 'product: colour', { max: 1 });
  } else {
    // The guide is a section further down the page; Shift+Tab comes back up to the colours.
    await expect(page).toHaveURL(/#size-guide$/);
    await expect(page.getByRole('region', { name: 'Size guide' }).getByRole('table')).toBeInViewport();
    await tabTo(page, colours.getByRole('radio', { checked: true }), 'product: colour', { back: true, max: 15 });
  }
  await press(page, 'ArrowRight', 'product: colour');
  const colour = await colours.getByRole('radio', { checked: true }).getAttribute('value');
  expect(colour, 'the arrow key chose the next colour').toBe(
    await colours.getByRole('radio').nth(1).getAttribute('value'),
  );

  const add = form.getByRole('button', { name: 'Add to cart', exact: true });
  await tabTo(page, add, 'product: add to cart');
  await press(page, 'Enter', 'product: add to cart');
  await expect(page.getByRole('status').filter({ hasText: 'Product added to cart!' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'product, added');
  // With JavaScript focus stays on the button; without, the page comes back at the form.
  await tabTo(page, form.getByRole('link', { name: 'View cart' }), 'product: view cart');
  await press(page, 'Enter', 'product: view cart');
  return { size: size!, colour: colour! };
}

/** The cart shows the line with the chosen size and colour; on to checkout. */
async function cartToCheckout(page: Page, js: boolean, chosen: { size: string; colour: string }) {
  await expect(page).toHaveURL('/cart');
  await arrive(page, js, 'cart');
  await expect(page.getByRole('main')).toContainText(`Size: ${chosen.size} · Color: ${chosen.colour}`);
  await tabTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }), 'cart');
  await press(page, 'Enter', 'cart: checkout link');
  await expect(page).toHaveURL('/checkout');
  await arrive(page, js, 'checkout');
}

/** A new shopper's checkout: delivery or pickup by arrow keys, the address, the state typed into its list. */
async function fillCheckout(page: Page, js: boolean, email: string) {
  const form = page.getByRole('form', { name: 'Shipping details' });
  const where = 'checkout';
  const methods = form.getByRole('group', { name: 'Delivery or pickup' });
  await tabTo(page, methods.getByRole('radio', { name: 'Deliver to my address' }), where);
  await press(page, 'ArrowDown', 'checkout: pickup');
  await expect(methods.getByRole('radio', { name: /^Pick up at our store/ })).toBeChecked();
  if (js) await expect(page.locator('#delivery-quote')).toContainText(/pick/i);
  await press(page, 'ArrowUp', 'checkout: delivery');
  await expect(methods.getByRole('radio', { name: 'Deliver to my address' })).toBeChecked();

  await typeInto(page, form.getByLabel('First name'), 'Ngozi', where);
  await typeInto(page, form.getByLabel('Last name'), 'Okafor', where);
  await typeInto(page, form.getByLabel('Address', { exact: true }), '12 Admiralty Way', where);
  await typeInto(page, form.getByLabel('Town'), 'Lekki', where);
  await tabTo(page, form.getByLabel('State'), where);
  await page.keyboard.type('Lagos');
  await expect(form.getByLabel('State')).toHaveValue('Lagos');
  await typeInto(page, form.getByLabel('Phone'), '0803 123 4567', where);
  await typeInto(page, form.getByLabel('Email'), email, where);
  await typeInto(page, form.getByLabel('Password', { exact: true }), PASSWORD, where);
  const terms = form.getByLabel(/^I agree to the terms and conditions/);
  await tabTo(page, terms, where);
  await press(page, 'Space', 'checkout: terms');
  await expect(terms).toBeChecked();
  if (!js) {
    // Without JavaScript the page prices the address when asked, and never sends the password back.
    await tabTo(page, form.getByRole('button', { name: 'Update delivery' }), where);
    await press(page, 'Enter', 'checkout: update delivery');
    await expect(form.getByLabel('Town')).toHaveValue('Lekki');
    await arrive(page, js, 'checkout, priced');
    await tabTo(page, form.getByLabel('Password', { exact: true }), where, { back: true });
    await page.keyboard.type(PASSWORD);
  }
  await expect(page.locator('#delivery-quote')).toContainText('Lagos Island');
  await tabTo(page, form.getByRole('button', { name: /^Pay ₦/ }), where);
  await press(page, 'Enter', 'checkout: pay');
}

/** The order's page after paying: the product bought; the menu, opened from the keyboard, leads to it signed in. */
async function expectOrder(page: Page, js: boolean, product: string) {
  await expect(page).toHaveURL(/\/order-success\/[0-9a-z]{14}$/);
  await arrive(page, js, 'order success');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const number = await page.getByRole('heading', { level: 2, name: /^Order #[0-9A-Z]{8}$/ }).textContent();
  await expect(page.getByRole('main')).toContainText(product);
  // After a navigation in the page (JavaScript), the focus is on the main content, as after a page load it is at the
  // top (app/hooks/use-focus-after-navigation.ts): Shift+Tab is the way back up to the menu's button.
  await openMenuLink(page, 'Orders', 'order success', js);
  await expect(page).toHaveURL('/orders');
  await arrive(page, js, 'orders');
  if (js) await expect(page.getByRole('main')).toBeFocused();
  await expect(page.getByRole('article', { name: number! })).toContainText(/Payment:\s*(Payment\s*)?Paid/);
  // The new account's page fits too, its long email address included. The menu's link pressed is hidden in the
  // closed menu after the navigation, so the focus is on the main content again.
  await openMenuLink(page, 'Account', 'orders', js);
  await expect(page).toHaveURL('/account');
  await arrive(page, js, 'account');
}

/** The phone's menu, opened from the keyboard (it shows the account's links when signed in), and one of its links. */
async function openMenuLink(page: Page, link: string, where: string, back = false) {
  await tabTo(page, header(page).getByLabel('Menu', { exact: true }), where, { back, max: back ? 5 : 2 });
  await press(page, 'Enter', `${where}: menu`);
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expectNoSidewaysScroll(page, `${where}, menu open`);
  await tabTo(page, menu.getByRole('link', { name: link, exact: true }), `${where}: menu`);
  await press(page, 'Enter', `${where}: ${link} link`);
}

test('with JavaScript: home to a paid order with the keyboard alone, through the pop-up', async ({ page }) => {
  const product = await homeToProduct(page, true);
  const chosen = await chooseAndAdd(page, true);
  await cartToCheckout(page, true, chosen);
  await fillCheckout(page, true, uniqueEmail('keyboard'));
  // The pop-up takes the focus, fits the screen and is worked from the keyboard too.
  const popup = page.frameLocator('iframe[title="Paystack checkout"]');
  const pay = popup.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeVisible();
  // It takes the focus once its page has loaded (the frame's 'load' message), a moment after its Pay button shows.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('title')), { message: 'the pop-up has focus' })
    .toBe('Paystack checkout');
  const frame = page.frame({ url: /\/popup\// })!;
  await expectNoSidewaysScroll(frame, 'simulator pop-up');
  await tabTo(page, popup.getByRole('radio', { checked: true }), 'simulator pop-up', { max: 3 });
  await tabTo(page, pay, 'simulator pop-up');
  await press(page, 'Enter', 'simulator pop-up: pay');
  await expectOrder(page, true, product);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home to a paid order with the keyboard alone, through the simulator page', async ({ page }) => {
    const product = await homeToProduct(page, false);
    const chosen = await chooseAndAdd(page, false);
    await cartToCheckout(page, false, chosen);
    await fillCheckout(page, false, uniqueEmail('keyboard-nojs'));
    await expect(page.getByRole('heading', { name: 'Paystack simulator' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'simulator page');
    await tabTo(page, page.getByRole('radio', { checked: true }), 'simulator page');
    await tabTo(page, page.getByRole('button', { name: 'Pay', exact: true }), 'simulator page');
    await press(page, 'Enter', 'simulator page: pay');
    await expectOrder(page, false, product);
  });
});
